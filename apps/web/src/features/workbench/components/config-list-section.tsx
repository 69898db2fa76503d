import { Button, Card, Space } from 'antd';
import { DataTable } from '../../../components/data-table.tsx';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { actionOn } from '../../../lib/action-on.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useConfirmRemove } from '../lib/use-confirm-remove.ts';
import { AccessibleTheme } from '../../../components/accessible-theme.tsx';

/**
 * A list the home page configuration edits row by row (holidays, service specials): a titled card with a hint,
 * an add button, a table whose last column edits or deletes (after a confirmation), and the row's dialog. The row's
 * buttons are named with `rowName` (编辑 国庆节), so a screen reader tells one row's from another's.
 * `dialog` gets the row being edited ('new' for a new one, null when closed) and closes with `saved`.
 */
export function ConfigListSection<T extends { id: string }>(props: {
  title: string;
  hint: string;
  addLabel: string;
  rows: T[] | undefined;
  loading: boolean;
  columns: ColumnsType<T>;
  /** What a row is called in its buttons' names: 编辑 国庆节, 删除 国庆节. */
  rowName: (row: T) => string;
  removeConfirm: (row: T) => string;
  remove: (row: T) => Promise<unknown>;
  /** Called after a save or a delete: the queries to refresh. */
  refresh: () => Promise<unknown>;
  dialog: (editing: T | 'new' | null, onClose: (saved: boolean) => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const confirm = useConfirmRemove();
  const confirmRemove = (row: T) => confirm(props.removeConfirm(row), () => props.remove(row), props.refresh);

  // AccessibleTheme: hints, counters and validation messages of the dialog keep 4.5:1 on white.
  return (
    <AccessibleTheme>
      <Card
        title={<h2 className="wb-card-title">{props.title}</h2>}
        extra={
          <Button type="primary" onClick={() => setEditing('new')}>
            {props.addLabel}
          </Button>
        }
        size="small"
      >
        <p style={{ color: '#595959', marginTop: 0 }}>{props.hint}</p>
        <DataTable<T>
          label={props.title}
          rowKey="id"
          size="small"
          pagination={false}
          loading={props.loading}
          dataSource={props.rows ?? []}
          columns={[
            ...props.columns,
            {
              title: t('workbench.config.actions'),
              key: 'actions',
              render: (_, row) => (
                <Space size="small">
                  <Button
                    size="small"
                    aria-label={actionOn(t('workbench.config.edit'), props.rowName(row))}
                    onClick={() => setEditing(row)}
                  >
                    {t('workbench.config.edit')}
                  </Button>
                  <Button
                    size="small"
                    danger
                    aria-label={actionOn(t('workbench.config.remove'), props.rowName(row))}
                    onClick={() => confirmRemove(row)}
                  >
                    {t('workbench.config.remove')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
        {props.dialog(editing, (saved) => {
          setEditing(null);
          if (saved) void props.refresh();
        })}
      </Card>
    </AccessibleTheme>
  );
}

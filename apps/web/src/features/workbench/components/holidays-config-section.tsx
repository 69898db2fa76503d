import { App, Button, Card, Space, Table, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { HolidayItem } from '@portal/contracts/workbench';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccessibleTheme } from '../../../components/accessible-theme.tsx';
import { holidayConfigListQueryKey, useHolidayConfigList } from '../api/get-holiday-config-list.ts';
import { holidaysQueryKey } from '../api/get-holidays.ts';
import { removeHolidays } from '../api/remove-holidays.ts';
import { HolidayDialog } from './holiday-dialog.tsx';

const DAY_MS = 86_400_000;

/**
 * Holidays of the home page greeting (indexholidayconfig/*): a table with add, edit and delete (after a
 * confirmation). Saving refreshes the greeting (homePage/getHoliday) at once.
 */
export function HolidaysConfigSection() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const list = useHolidayConfigList();
  const [editing, setEditing] = useState<HolidayItem | 'new' | null>(null);
  const refresh = () => Promise.all([qc.invalidateQueries({ queryKey: holidayConfigListQueryKey }), qc.invalidateQueries({ queryKey: holidaysQueryKey })]);
  // The day as the server counts it (homePage/getHoliday).
  const today = new Date().toISOString().slice(0, 10);
  const status = (h: HolidayItem) => {
    if (h.endDate < today) return <Tag>{t('workbench.config.holidays.past')}</Tag>;
    if (h.date <= today) return <Tag className="wb-tag-ok">{t('workbench.config.holidays.ongoing')}</Tag>;
    return <Tag className="wb-tag-info">{t('workbench.config.holidays.coming', { days: Math.round((Date.parse(h.date) - Date.parse(today)) / DAY_MS) })}</Tag>;
  };
  const remove = (h: HolidayItem) =>
    modal.confirm({
      title: t('workbench.config.holidays.removeConfirm', { name: h.name }),
      okText: t('workbench.config.remove'),
      okButtonProps: { danger: true },
      cancelText: t('workbench.config.cancel'),
      onOk: async () => {
        await removeHolidays([h.id]);
        void message.success(t('workbench.config.removed'));
        await refresh();
      },
    });

  // AccessibleTheme: hints, counters and validation messages of the dialog keep 4.5:1 on white.
  return (
    <AccessibleTheme>
      <Card
        title={<h2 className="wb-card-title">{t('workbench.config.holidays.title')}</h2>}
        extra={<Button type="primary" onClick={() => setEditing('new')}>{t('workbench.config.holidays.add')}</Button>}
        size="small"
      >
        <p style={{ color: '#595959', marginTop: 0 }}>{t('workbench.config.holidays.hint')}</p>
        <Table<HolidayItem>
          rowKey="id"
          size="small"
          pagination={false}
          loading={list.isPending}
          dataSource={list.data ?? []}
          columns={[
            { title: t('workbench.config.holidays.name'), dataIndex: 'name' },
            { title: t('workbench.config.holidays.date'), key: 'date', render: (_, h) => (h.endDate === h.date ? h.date : t('workbench.config.holidays.range', { date: h.date, endDate: h.endDate })) },
            { title: t('workbench.config.holidays.greeting'), dataIndex: 'greeting', ellipsis: true },
            { title: t('workbench.config.holidays.status'), key: 'status', render: (_, h) => status(h) },
            {
              title: t('workbench.config.actions'),
              key: 'actions',
              render: (_, h) => (
                <Space size="small">
                  <Button size="small" onClick={() => setEditing(h)}>{t('workbench.config.edit')}</Button>
                  <Button size="small" danger onClick={() => remove(h)}>{t('workbench.config.remove')}</Button>
                </Space>
              ),
            },
          ]}
        />
        <HolidayDialog
          holiday={editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) void refresh();
          }}
        />
      </Card>
    </AccessibleTheme>
  );
}

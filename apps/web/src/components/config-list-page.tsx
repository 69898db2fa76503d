import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { AccessibleTheme } from './accessible-theme.tsx';

/**
 * The frame of a configuration page that lists records (配置变更记录, 用户部门配置): the accessible theme, a card whose
 * title is the page's h1, and a refresh button. What the card holds (filters, the table) and what sits beside it
 * (dialogs, drawers) are the page's.
 */
export function ConfigListPage({
  title,
  refreshLabel,
  onRefresh,
  children,
  beside,
}: {
  title: string;
  refreshLabel: string;
  onRefresh: () => void;
  children: ReactNode;
  beside?: ReactNode;
}) {
  return (
    <AccessibleTheme>
      <div className="page-inset">
        <Card
          // The page's name wraps beside the refresh button instead of being cut: in English on a phone Ant Design's
          // one-line title left "Configuration chan".
          styles={{ title: { whiteSpace: 'normal', overflow: 'visible' } }}
          title={
            <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
              {title}
            </Typography.Title>
          }
          extra={
            <Button icon={<ReloadOutlined aria-hidden />} onClick={onRefresh}>
              {refreshLabel}
            </Button>
          }
        >
          {children}
        </Card>
        {beside}
      </div>
    </AccessibleTheme>
  );
}

/**
 * A list's filter with its page: `set` changes filters and goes back to the first page; `turn` is the table's
 * pagination change (page and page size).
 */
export function usePagedFilter<F extends { current: number; size: number }>(initial: F) {
  const [filter, setFilter] = useState<F>(initial);
  const set = (patch: Partial<Omit<F, 'current' | 'size'>>) => setFilter((f) => ({ ...f, ...patch, current: 1 }));
  const turn = (current: number, size: number) => setFilter((f) => ({ ...f, current, size }));
  return { filter, set, turn };
}

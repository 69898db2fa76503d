import type { SearchMiss } from '@portal/contracts/services';
import { Alert, Button, Typography } from 'antd';
import { DataTable } from '../../../components/data-table.tsx';
import { useState } from 'react';
import { serverText, useTranslation } from '../../../lib/i18n/i18n.ts';
import { useSearchMisses } from '../api/get-search-misses.ts';
import { AdminPanel, EmptyText, formatTime } from './admin-panel.tsx';
import { pagerNames } from '../../../components/pager-names.tsx';

const PAGE_SIZE = 10;

/** 未命中搜索 (serverCenter/searchMiss/page): what visitors and users searched for and did not find. */
export function SearchMissesPanel() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const misses = useSearchMisses({ current: page, size: PAGE_SIZE });
  return (
    <AdminPanel id="search-misses" title={t('services.admin.missesTitle')}>
      <Typography.Paragraph>
        {t('services.admin.missesIntro')}{' '}
        <Button size="small" onClick={() => void misses.refetch()}>
          {t('services.admin.refresh')}
        </Button>
      </Typography.Paragraph>
      {misses.isError && (
        <Alert type="error" showIcon title={serverText((misses.error as Error).message)} style={{ marginBottom: 12 }} />
      )}
      <DataTable<SearchMiss>
        label={t('services.admin.missesTitle')}
        rowKey="keyword"
        size="small"
        loading={misses.isLoading}
        dataSource={misses.data?.records ?? []}
        locale={{ emptyText: <EmptyText /> }}
        pagination={{
          ...pagerNames(t),
          current: page,
          pageSize: PAGE_SIZE,
          total: misses.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { title: t('services.admin.keyword'), dataIndex: 'keyword' },
          { title: t('services.admin.missCount'), dataIndex: 'count', width: 120 },
          { title: t('services.admin.lastAt'), dataIndex: 'lastAt', width: 180, render: (v: string) => formatTime(v) },
        ]}
      />
    </AdminPanel>
  );
}

import type { CatalogueService } from '@portal/contracts/transfer';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Space, Typography } from 'antd';
import { DataTable } from '../../../components/data-table.tsx';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useSession } from '../../../lib/session/session-store.ts';
import { useCataloguePage } from '../api/get-catalogue-page.ts';
import { transferKeys } from '../api/query-keys.ts';
import { datasetUrls } from '../api/transfer-urls.ts';
import { AccessibleTheme } from '../../../components/accessible-theme.tsx';
import { DictSelect } from './dict-select.tsx';
import { ExportDialog } from './export-dialog.tsx';
import { ImportDialog } from './import-dialog.tsx';
import { SearchInput } from '../../../components/search-input.tsx';
import { clearable } from '../../../components/clearable.tsx';
import { pagerNames } from '../../../components/pager-names.tsx';

const URLS = datasetUrls('service');

/**
 * The service catalogue's bulk export and import (2.6, 2.7) on its configuration page
 * (/home/userFrameConfig/serviceHallConfig): the services with a search by name and department, ticked rows for
 * the 'ticked rows' scope, and the two dialogs. Only an administrator may move the catalogue.
 */
function CatalogueDataPanelBody() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [serviceName, setServiceName] = useState('');
  const [deptId, setDeptId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<'export' | 'import' | null>(null);
  const services = useCataloguePage({ current: page, size: 10, serviceName: serviceName || null, deptId });

  return (
    <Card
      id="catalogue-data"
      size="small"
      style={{ marginTop: 16 }}
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('catalogueData.title')}</h2>}
    >
      <Typography.Paragraph>{t('catalogueData.intro')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }}>
        <SearchInput
          aria-label={t('catalogueData.search')}
          placeholder={t('catalogueData.search')}
          allowClear={clearable(t)}
          onSearch={(v) => (setServiceName(v.trim()), setPage(1))}
        />
        <DictSelect
          url="/transfer/dict/serviceDept"
          aria-label={t('catalogueData.deptName')}
          placeholder={t('catalogueData.allDepts')}
          allowClear={clearable(t)}
          style={{ minWidth: 180 }}
          value={deptId ?? undefined}
          onChange={(v: string | undefined) => (setDeptId(v ?? null), setPage(1))}
        />
        <Button onClick={() => setDialog('export')}>{t('threeLists.bulkExport')}</Button>
        <Button onClick={() => setDialog('import')}>{t('threeLists.bulkImport')}</Button>
        {!!selected.length && <Typography.Text>{t('threeLists.selected', { count: selected.length })}</Typography.Text>}
      </Space>
      <DataTable<CatalogueService>
        label={t('catalogueData.title')}
        rowKey="id"
        size="small"
        loading={services.isLoading}
        dataSource={services.data?.records ?? []}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys as string[]),
          getCheckboxProps: (s) => ({ 'aria-label': t('catalogueData.selectService', { name: s.serviceName }) }),
        }}
        pagination={{
          ...pagerNames(t),
          current: page,
          pageSize: 10,
          total: services.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { title: t('catalogueData.serviceName'), dataIndex: 'serviceName' },
          { title: t('catalogueData.deptName'), dataIndex: 'deptName' },
          { title: t('catalogueData.sceneName'), dataIndex: 'sceneName' },
          { title: t('catalogueData.typeName'), dataIndex: 'typeName' },
          {
            title: t('catalogueData.businessType'),
            dataIndex: 'businessType',
            render: (code: string) => t(`catalogueData.businessTypes.${code}`, { defaultValue: code }),
          },
          {
            title: t('catalogueData.status'),
            dataIndex: 'status',
            render: (status: number) => t(status === 1 ? 'catalogueData.listed' : 'catalogueData.unlisted'),
          },
          { title: t('catalogueData.visitCount'), dataIndex: 'visitCount', align: 'right' },
        ]}
      />
      {dialog === 'export' && (
        <ExportDialog
          urls={URLS}
          defaultFileName={t('catalogueData.title')}
          search={{ serviceName: serviceName || undefined, deptId: deptId ?? undefined }}
          chosenIds={selected}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'import' && (
        <ImportDialog
          urls={URLS}
          onClose={() => setDialog(null)}
          onDone={() => void qc.invalidateQueries({ queryKey: transferKeys.catalogue() })}
        />
      )}
    </Card>
  );
}

export function CatalogueDataPanel() {
  const { t } = useTranslation();
  const roleType = useSession((s) => s.roleType);
  if (roleType !== 'admin') {
    return <Alert style={{ marginTop: 16 }} type="info" showIcon message={t('catalogueData.adminOnly')} />;
  }
  return (
    <AccessibleTheme>
      <CatalogueDataPanelBody />
    </AccessibleTheme>
  );
}

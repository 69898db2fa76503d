import { Input, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServiceList } from '../api/get-service-list.ts';
import '../workbench.css';

/** /home/managementGuideConfig: services and whether their guide is configured. */
export function ManagementGuideConfigPage() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const services = useServiceList(keyword);
  return (
    <div className="wb-config">
      <h1 style={{ fontSize: 20, margin: 0 }}>{t('pages.managementGuideConfig')}</h1>
      <Input.Search aria-label={t('workbench.config.guideServices')} allowClear style={{ maxWidth: 320 }} onSearch={setKeyword} />
      <Table
        rowKey="serviceId"
        size="small"
        loading={services.isPending}
        dataSource={services.data ?? []}
        columns={[
          { title: t('workbench.config.guideServices'), dataIndex: 'serviceName' },
          { title: '', dataIndex: 'serviceDeptName' },
          { title: '', key: 'g', render: (_, s) => (s.hasGuide ? <Tag className="wb-tag-ok">{t('workbench.config.hasGuide')}</Tag> : <Tag>{t('workbench.config.noGuide')}</Tag>) },
        ]}
      />
    </div>
  );
}

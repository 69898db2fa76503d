import { App, Button, Card, Space, Table, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { ServiceSpecialItem } from '@portal/contracts/workbench';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccessibleTheme } from '../../../components/accessible-theme.tsx';
import { serviceSpecialConfigListQueryKey, useServiceSpecialConfigList } from '../api/get-service-special-config-list.ts';
import { serviceSpecialListQueryKey, serviceSpecialQueryKey } from '../api/get-service-special.ts';
import { removeServiceSpecials } from '../api/remove-service-specials.ts';
import { ServiceSpecialDialog } from './service-special-dialog.tsx';

/**
 * Service specials of the home page (indexservicespecialconfig/*): a table with add, edit and delete (after a
 * confirmation). Saving refreshes the home page's special strip (homePage/getServiceSpecial…) at once.
 */
export function ServiceSpecialsConfigSection() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const list = useServiceSpecialConfigList();
  const [editing, setEditing] = useState<ServiceSpecialItem | 'new' | null>(null);
  const refresh = () =>
    Promise.all([serviceSpecialConfigListQueryKey, serviceSpecialQueryKey, serviceSpecialListQueryKey].map((queryKey) => qc.invalidateQueries({ queryKey })));
  const remove = (s: ServiceSpecialItem) =>
    modal.confirm({
      title: t('workbench.config.specials.removeConfirm', { name: s.title }),
      okText: t('workbench.config.remove'),
      okButtonProps: { danger: true },
      cancelText: t('workbench.config.cancel'),
      onOk: async () => {
        await removeServiceSpecials([s.id]);
        void message.success(t('workbench.config.removed'));
        await refresh();
      },
    });

  // AccessibleTheme: hints, counters and validation messages of the dialog keep 4.5:1 on white.
  return (
    <AccessibleTheme>
      <Card
        title={<h2 className="wb-card-title">{t('workbench.config.specials.title')}</h2>}
        extra={<Button type="primary" onClick={() => setEditing('new')}>{t('workbench.config.specials.add')}</Button>}
        size="small"
      >
        <p style={{ color: '#595959', marginTop: 0 }}>{t('workbench.config.specials.hint')}</p>
        <Table<ServiceSpecialItem>
          rowKey="id"
          size="small"
          pagination={false}
          loading={list.isPending}
          dataSource={list.data ?? []}
          columns={[
            { title: t('workbench.config.specials.sort'), dataIndex: 'sort', width: 72 },
            { title: t('workbench.config.specials.name'), dataIndex: 'title' },
            { title: t('workbench.config.specials.services'), key: 'services', render: (_, s) => s.services.map((x) => <Tag key={x.serviceId}>{x.serviceName}</Tag>) },
            {
              title: t('workbench.config.status'),
              key: 'enabled',
              render: (_, s) => (s.enabled ? <Tag className="wb-tag-ok">{t('workbench.config.specials.enabled')}</Tag> : <Tag>{t('workbench.config.specials.disabled')}</Tag>),
            },
            {
              title: t('workbench.config.actions'),
              key: 'actions',
              render: (_, s) => (
                <Space size="small">
                  <Button size="small" onClick={() => setEditing(s)}>{t('workbench.config.edit')}</Button>
                  <Button size="small" danger onClick={() => remove(s)}>{t('workbench.config.remove')}</Button>
                </Space>
              ),
            },
          ]}
        />
        <ServiceSpecialDialog
          special={editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) void refresh();
          }}
        />
      </Card>
    </AccessibleTheme>
  );
}

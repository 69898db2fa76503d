import { Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { ServiceSpecialItem } from '@portal/contracts/workbench';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import {
  serviceSpecialConfigListQueryKey,
  useServiceSpecialConfigList,
} from '../api/get-service-special-config-list.ts';
import { serviceSpecialQueryKey } from '../api/get-service-special.ts';
import { serviceSpecialListQueryKey } from '../api/get-service-special-list.ts';
import { removeServiceSpecials } from '../api/remove-service-specials.ts';
import { ConfigListSection } from './config-list-section.tsx';
import { ServiceSpecialDialog } from './service-special-dialog.tsx';

/**
 * Service specials of the home page (indexservicespecialconfig/*): a table with add, edit and delete (after a
 * confirmation). Saving refreshes the home page's special strip (homePage/getServiceSpecial…) at once.
 */
export function ServiceSpecialsConfigSection() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const list = useServiceSpecialConfigList();
  const refresh = () =>
    Promise.all(
      [serviceSpecialConfigListQueryKey, serviceSpecialQueryKey, serviceSpecialListQueryKey].map((queryKey) =>
        qc.invalidateQueries({ queryKey }),
      ),
    );
  return (
    <ConfigListSection<ServiceSpecialItem>
      title={t('workbench.config.specials.title')}
      hint={t('workbench.config.specials.hint')}
      addLabel={t('workbench.config.specials.add')}
      rows={list.data}
      loading={list.isPending}
      columns={[
        { title: t('workbench.config.specials.sort'), dataIndex: 'sort', width: 72 },
        { title: t('workbench.config.specials.name'), dataIndex: 'title' },
        {
          title: t('workbench.config.specials.services'),
          key: 'services',
          render: (_, s) => s.services.map((x) => <Tag key={x.serviceId}>{x.serviceName}</Tag>),
        },
        {
          title: t('workbench.config.status'),
          key: 'enabled',
          render: (_, s) =>
            s.enabled ? (
              <Tag className="wb-tag-ok">{t('workbench.config.specials.enabled')}</Tag>
            ) : (
              <Tag>{t('workbench.config.specials.disabled')}</Tag>
            ),
        },
      ]}
      rowName={(s) => s.title}
      removeConfirm={(s) => t('workbench.config.specials.removeConfirm', { name: s.title })}
      remove={(s) => removeServiceSpecials([s.id])}
      refresh={refresh}
      dialog={(editing, onClose) => <ServiceSpecialDialog special={editing} onClose={onClose} />}
    />
  );
}

import type { ServiceItem } from '@portal/contracts/services';
import { COMMON_UPLOAD_MAX_BYTES } from '@portal/contracts/workbench';
import { UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Typography, Upload } from 'antd';
import { DataTable } from '../../../components/data-table.tsx';
import { useState } from 'react';
import { serverText, useTranslation } from '../../../lib/i18n/i18n.ts';
import { sharedQueryKeys } from '../../../lib/query-keys.ts';
import { useServiceIconAdmin } from '../api/get-service-page.ts';
import { servicesKeys } from '../api/query-keys.ts';
import { uploadServiceIcon } from '../api/upload-service-icon.ts';
import { AdminPanel } from './admin-panel.tsx';
import { ServiceIcon } from './service-icon.tsx';
import { SearchInput } from '../../../components/search-input.tsx';
import { clearable } from '../../../components/clearable.tsx';
import { pagerNames } from '../../../components/pager-names.tsx';
import { useToast } from '../../../components/toast.tsx';

/** The image types serviceInfo/upload takes (the server checks the bytes too). */
export const SERVICE_ICON_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
const ICON_MAX_MB = COMMON_UPLOAD_MAX_BYTES / 1024 / 1024;
const PAGE_SIZE = 10;

/** Why a chosen file is refused before it is sent, or null when it may go. */
export function iconFileProblem(file: { type: string; size: number }): 'iconType' | 'iconSize' | null {
  if (!(SERVICE_ICON_TYPES as readonly string[]).includes(file.type)) return 'iconType';
  if (file.size > COMMON_UPLOAD_MAX_BYTES) return 'iconSize';
  return null;
}

/**
 * 服务图标 (serviceInfo/upload): find a service, see its icon, and give it a new one. The list is read again after
 * an upload, so it shows the icon the portal now shows.
 */
export function ServiceIconsPanel() {
  const { t } = useTranslation();
  const message = useToast();
  const qc = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [uploading, setUploading] = useState<string | null>(null);
  const list = useServiceIconAdmin(keyword, page, PAGE_SIZE);

  const send = async (service: ServiceItem, file: File) => {
    setUploading(service.serviceId);
    try {
      await uploadServiceIcon(service.serviceId, file);
      message.success(t('services.admin.iconUploaded', { name: service.serviceName }));
      // The favourites (a shared key, not under the feature's) show the icon too.
      await Promise.all([
        qc.invalidateQueries({ queryKey: servicesKeys.all }),
        qc.invalidateQueries({ queryKey: sharedQueryKeys.favourites }),
      ]);
    } catch (e) {
      message.error(serverText((e as Error).message) || t('services.admin.uploadFailed'));
    } finally {
      setUploading(null);
    }
  };

  return (
    <AdminPanel id="service-icons" title={t('services.admin.iconsTitle')}>
      <Typography.Paragraph>{t('services.admin.iconsIntro', { mb: ICON_MAX_MB })}</Typography.Paragraph>
      <SearchInput
        aria-label={t('services.admin.iconsSearch')}
        placeholder={t('services.admin.iconsSearch')}
        allowClear={clearable(t)}
        style={{ maxWidth: 320, marginBottom: 12 }}
        onSearch={(v) => (setKeyword(v.trim()), setPage(1))}
      />
      {list.isError && (
        <Alert type="error" showIcon title={serverText((list.error as Error).message)} style={{ marginBottom: 12 }} />
      )}
      <DataTable<ServiceItem>
        label={t('services.admin.iconsTitle')}
        rowKey="serviceId"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        pagination={{
          ...pagerNames(t),
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          {
            title: t('services.admin.currentIcon'),
            key: 'icon',
            width: 80,
            render: (_, s) => (
              <span data-testid={`icon-${s.serviceId}`} data-src={s.serviceIcon}>
                <ServiceIcon src={s.serviceIcon} size={32} />
              </span>
            ),
          },
          { title: t('services.admin.serviceName'), dataIndex: 'serviceName' },
          { title: t('services.dept'), dataIndex: 'serviceDeptName' },
          {
            title: t('services.admin.action'),
            key: 'action',
            width: 140,
            render: (_, s) => (
              <Upload
                accept={SERVICE_ICON_TYPES.join(',')}
                showUploadList={false}
                maxCount={1}
                disabled={uploading !== null}
                beforeUpload={(file) => {
                  const problem = iconFileProblem(file);
                  if (problem) {
                    message.error(t(`services.admin.${problem}`, { mb: ICON_MAX_MB }));
                    return Upload.LIST_IGNORE;
                  }
                  return true;
                }}
                customRequest={({ file, onSuccess, onError }) =>
                  void send(s, file as File).then(
                    () => onSuccess?.(null),
                    (e: Error) => onError?.(e),
                  )
                }
              >
                <Button
                  icon={<UploadOutlined aria-hidden />}
                  loading={uploading === s.serviceId}
                  aria-label={t('services.admin.uploadFor', { name: s.serviceName })}
                >
                  {t('services.admin.upload')}
                </Button>
              </Upload>
            ),
          },
        ]}
      />
    </AdminPanel>
  );
}

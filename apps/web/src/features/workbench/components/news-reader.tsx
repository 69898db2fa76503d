import type { NewsItem } from '@portal/contracts/workbench';
import { Alert, Modal, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { sanitizeRichText } from '../../../lib/rich-text.ts';
import { formatTenantTime } from '../../../lib/time-zone.ts';
import { useNewsForReader } from '../api/get-news-for-reader.ts';

/**
 * A written item's body (issue 16), cleaned again in the browser before it is shown. A code part of its own with the
 * HTML sanitiser, loaded when a reader first opens an item (news-title.tsx).
 */
export function NewsReader({ item, onClose }: { item: NewsItem; onClose: () => void }) {
  const { t } = useTranslation();
  const read = useNewsForReader(item.id);
  return (
    <Modal
      open
      title={item.title}
      width={720}
      footer={null}
      onCancel={onClose}
      closable={{ 'aria-label': t('workbench.newsAdmin.close') }}
      destroyOnHidden
    >
      <p className="wb-date">
        {item.fieldSet && <Tag>{item.fieldSet}</Tag>}
        {formatTenantTime(item.releaseTime)}
      </p>
      {read.isPending ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : read.data ? (
        <div className="wb-news-body" dangerouslySetInnerHTML={{ __html: sanitizeRichText(read.data.content) }} />
      ) : (
        <Alert type="error" showIcon title={t('workbench.newsAdmin.readFailed')} />
      )}
    </Modal>
  );
}

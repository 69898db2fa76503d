import type { NewsItem } from '@portal/contracts/workbench';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { PlainSkeleton } from '../../../components/plain-skeleton.tsx';
import { sanitizeRichText } from '../../../lib/rich-text.ts';
import { formatTenantTime } from '../../../lib/time-zone.ts';
import { useNewsForReader } from '../api/get-news-for-reader.ts';
import { WbTag } from './card-body.tsx';
import { PlainDialog } from './plain-dialog.tsx';
import { addWorkbenchAdminTexts } from '../admin-i18n.ts';

// A few of its texts are the configuration pages' (outside the Ant Design layout, which registers them).
addWorkbenchAdminTexts();

/**
 * A written item's body (issue 16), cleaned again in the browser before it is shown. A code part of its own with the
 * HTML sanitiser, loaded when a reader first opens an item (news-title.tsx). A plain dialog (issue 10), so the home
 * page's cards open it without Ant Design.
 */
export function NewsReader({ item, onClose }: { item: NewsItem; onClose: () => void }) {
  const { t } = useTranslation();
  const read = useNewsForReader(item.id);
  return (
    <PlainDialog open title={item.title} width={720} onClose={onClose}>
      <p className="wb-date">
        {item.fieldSet && <WbTag>{item.fieldSet}</WbTag>}
        {formatTenantTime(item.releaseTime)}
      </p>
      {read.isPending ? (
        <PlainSkeleton rows={6} />
      ) : read.data ? (
        <div className="wb-news-body" dangerouslySetInnerHTML={{ __html: sanitizeRichText(read.data.content) }} />
      ) : (
        <div className="plain-alert plain-alert-error" role="alert">
          <span className="plain-alert-mark" aria-hidden>
            ✕
          </span>
          <span>{t('workbench.newsAdmin.readFailed')}</span>
        </div>
      )}
    </PlainDialog>
  );
}

import './messages.css';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Result, Spin } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { BackLinks } from '../../../components/back-links.tsx';
import { serverText, useTranslation } from '../../../lib/i18n/i18n.ts';
import { Navigate, useSearchParams } from 'react-router';
import { STATUS_MESSAGE_DELETED } from '@portal/contracts/constants';
import { formatFileSize } from '../../../lib/file-size.ts';
import { sanitizeRichText } from '../../../lib/rich-text.ts';
import { useSession } from '../../../lib/session/session-store.ts';
import { usePublicMessageDetail } from '../api/get-public-message-detail.ts';
import { useDownloadMessageFile } from './use-download-message-file.ts';
import { formatTenantTime, tenantZoneTitle } from '../../../lib/time-zone.ts';

/**
 * /generalDetailsTow?id=&tenantId= (2.1, opened in a new window, no login): a notice; a deleted one goes to
 * /deleteNoPag. Its attachment downloads through the message center (messageCenterHistoryMsg/downloadFile),
 * which needs the session of a recipient.
 */
export function MessageDetailPage() {
  const { t } = useTranslation();
  const loggedIn = useSession((s) => !!s.token);
  const download = useDownloadMessageFile();
  const [downloading, setDownloading] = useState(false);
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const tenantId = params.get('tenantId') ?? undefined;
  const query = usePublicMessageDetail(id, tenantId);
  // The notice that opened gets the focus (its heading): the 查看 that opened it is gone with the page left behind.
  const heading = useRef<HTMLHeadingElement>(null);
  const shownId = query.data?.id;
  useEffect(() => {
    if (shownId) heading.current?.focus({ preventScroll: true });
  }, [shownId]);
  const body = useMemo(() => (query.data?.body ? sanitizeRichText(query.data.body) : ''), [query.data?.body]);

  if ((query.error as { status?: number } | null)?.status === STATUS_MESSAGE_DELETED)
    return <Navigate to="/deleteNoPag" replace />;
  return (
    <main className="plain-page">
      <div style={{ maxWidth: 960, margin: '0 auto' }}>
        <BackLinks />
        {query.isLoading && <Spin />}
        {(query.isError || !id) && (
          <Result
            status="404"
            title={
              <h1 style={{ fontSize: 24, margin: 0 }}>
                {serverText((query.error as { msg?: string } | null)?.msg ?? '') || t('pages.notFound')}
              </h1>
            }
          />
        )}
        {query.data && (
          <Card>
            <article>
              <h1 style={{ fontSize: 24 }} ref={heading} tabIndex={-1} className="notice-detail-title">
                {query.data.title}
              </h1>
              <p className="notice-detail-meta">
                {t('messages.notices.publishedBy', { name: query.data.mpName })} ·{' '}
                <span title={tenantZoneTitle(query.data.timeSend)}>
                  {t('messages.notices.publishedAt', {
                    time: formatTenantTime(query.data.timeSend, 'YYYY-MM-DD HH:mm'),
                  })}
                </span>
              </p>
              {body ? (
                <div className="notice-body" dangerouslySetInnerHTML={{ __html: body }} />
              ) : (
                <p>{query.data.summary}</p>
              )}
              {query.data.fileName && (
                <p>
                  {t('messages.notices.attachment', { name: query.data.fileName })}{' '}
                  <span className="notice-file-size">{formatFileSize(query.data.fileSize)}</span>{' '}
                  {loggedIn ? (
                    <Button
                      size="small"
                      icon={<DownloadOutlined aria-hidden />}
                      loading={downloading}
                      aria-label={`${t('messages.notices.download')} ${query.data.fileName}`}
                      onClick={() => {
                        const { id: messageId, fileName } = query.data!;
                        setDownloading(true);
                        void download(messageId, fileName ?? messageId).finally(() => setDownloading(false));
                      }}
                    >
                      {t('messages.notices.download')}
                    </Button>
                  ) : (
                    <span className="notice-detail-meta">{t('messages.notices.loginToDownload')}</span>
                  )}
                </p>
              )}
              {query.data.url && (
                <p>
                  <a href={query.data.url} target="_blank" rel="noopener noreferrer">
                    {t('messages.notices.openLink')}
                  </a>
                </p>
              )}
            </article>
          </Card>
        )}
      </div>
    </main>
  );
}

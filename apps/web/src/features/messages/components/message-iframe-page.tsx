import { Empty } from 'antd';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useSearchParams } from 'react-router';
import { embeddableUrl, mayEmbed } from '../../../lib/embed.ts';
import { EmbeddedFrame } from '../../../components/embedded-frame.tsx';

/** /home/messageIfrm?url= (2.1): a message's page embedded in the shell, without the footer. */
export function MessageIframePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const target = embeddableUrl(params.get('url'));
  const url = target?.href;
  if (!target || !url) return <Empty description={t('messages.notices.noUrl')} />;
  // Only this site's pages are framed in the shell: nothing in the portal links another site's page here, and a
  // crafted link must not show one under the portal's header (as navIfram and iframPage allow only configured pages).
  // Another site's page is offered in a window of its own.
  if (!mayEmbed(target, []))
    return (
      <Empty description={t('messages.notices.otherSite')}>
        <a className="plain-button plain-button-small" href={url} target="_blank" rel="noopener noreferrer">
          {t('frame.openNew')}
        </a>
      </Empty>
    );
  // Says so, with 重试 and 在新窗口打开, when the page sends no load event in time (section 9's 30 s), as every other
  // embedded page does.
  return (
    <EmbeddedFrame
      src={url}
      title={t('messages.notices.embedded')}
      style={{ width: '100%', height: 'calc(100vh - 120px)', border: 0, background: '#fff' }}
    />
  );
}

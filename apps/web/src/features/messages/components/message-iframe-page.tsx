import { Empty } from 'antd';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useSearchParams } from 'react-router';
import { embeddableUrl } from '../../../lib/embed.ts';
import { EmbeddedFrame } from '../../../components/embedded-frame.tsx';

/** /home/messageIfrm?url= (2.1): a message's page embedded in the shell, without the footer. */
export function MessageIframePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const url = embeddableUrl(params.get('url'))?.href;
  if (!url) return <Empty description={t('messages.notices.noUrl')} />;
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

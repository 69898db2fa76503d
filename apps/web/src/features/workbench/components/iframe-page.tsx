import { Result, Skeleton } from 'antd';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useSearchParams } from 'react-router';
import { EmbeddedFrame } from '../../../components/embedded-frame.tsx';
import { embeddableUrl, mayEmbed } from '../../../lib/embed.ts';
import { useSession } from '../../../lib/session/session-store.ts';
import { useTopMenu } from '../api/get-top-menu.ts';
import '../workbench.css';
import { addWorkbenchAdminTexts } from '../admin-i18n.ts';

// A few of its texts are the configuration pages' (outside the Ant Design layout, which registers them).
addWorkbenchAdminTexts();

/** /home/navIfram and /home/iframPage: a custom navigation item or configured page, embedded. */
export function IframePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const user = useSession((s) => s.user);
  const menu = useTopMenu(!!user);
  const url = embeddableUrl(params.get('url'));
  if (url && url.origin !== window.location.origin && menu.isPending) return <Skeleton active />;
  const configured = (menu.data?.navigation ?? []).filter((n) => n.isBuilt === 2).map((n) => n.configPath);
  if (!url || !mayEmbed(url, configured)) return <Result status="warning" title={t('workbench.config.badUrl')} />;
  return <EmbeddedFrame className="wb-iframe" src={url.href} title={t('workbench.config.embeddedPage')} />;
}

import { Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session/session-store.ts';
import { useTopMenu } from '../api/get-top-menu.ts';
import '../workbench.css';

/** Only http(s) pages are embedded. */
export function embeddableUrl(raw: string | null, origin: string = window.location.origin): URL | null {
  if (!raw) return null;
  try {
    const u = new URL(raw, origin);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u : null;
  } catch {
    return null;
  }
}

/**
 * Whether a page may be embedded: a page of this site, or the url of a configured navigation item (so a
 * crafted link cannot frame an arbitrary site inside the portal).
 */
export function mayEmbed(url: URL, configured: readonly string[], origin: string = window.location.origin): boolean {
  if (url.origin === origin) return true;
  return configured.some((c) => {
    const u = embeddableUrl(c, origin);
    return !!u && u.href === url.href;
  });
}

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
  return (
    <iframe
      className="wb-iframe"
      src={url.href}
      title={t('workbench.config.embeddedPage')}
      sandbox="allow-scripts allow-forms allow-same-origin allow-popups"
    />
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { formatTenantTime } from '../../../lib/tenant-clock.ts';
import { lastUpdatedAt } from '../lib/offline-cache.ts';

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** Whether the browser says it is online (navigator.onLine and its online/offline events). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * The offline mark (issue 18): while the browser is offline, every page of the shell says so and when what it shows
 * was last updated from the server, in the tenant's time zone (the answers come from the user's encrypted offline
 * cache).
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  const client = useQueryClient();
  if (online) return null;
  const at = lastUpdatedAt(client);
  return (
    <div role="status" data-testid="offline-banner" className="offline-banner">
      <span className="offline-banner-icon" aria-hidden="true">
        !
      </span>
      <span className="offline-banner-tag">{t('offline.mark.offline')}</span>
      {at ? t('offline.mark.banner', { time: formatTenantTime(at) }) : t('offline.mark.bannerNoTime')}
    </div>
  );
}

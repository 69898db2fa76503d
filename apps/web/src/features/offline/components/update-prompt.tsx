import { useEffect } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useRegisterSW } from 'virtual:pwa-register/react';

/** How often an open tab asks whether a new build was released (also when the tab is shown again). */
export const UPDATE_CHECK_INTERVAL_MS = 5 * 60_000;

/**
 * The service worker (Workbox, vite-plugin-pwa) and its "new version, reload" prompt (issue 18). A new build's worker
 * installs beside the running one and waits: the open tab keeps its own build's chunks (no mix of old and new) and
 * offers to reload; Reload lets the new worker take over and reloads once.
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      const check = () => {
        if (navigator.onLine && document.visibilityState === 'visible') void registration.update().catch(() => {});
      };
      setInterval(check, UPDATE_CHECK_INTERVAL_MS);
      document.addEventListener('visibilitychange', check);
      window.addEventListener('online', check);
    },
  });

  useEffect(() => {
    if (needRefresh) document.documentElement.dataset.pwaUpdate = 'waiting';
  }, [needRefresh]);

  if (!needRefresh) return null;
  // Plain React and CSS: it may show on any page, including those painted without Ant Design (ADR 0038).
  return (
    <div
      role="alertdialog"
      aria-labelledby="pwa-update-title"
      aria-describedby="pwa-update-body"
      className="plain-update"
    >
      <p className="plain-update-title" id="pwa-update-title">
        {t('offline.update.title')}
      </p>
      <p className="plain-update-body" id="pwa-update-body">
        {t('offline.update.body')}
      </p>
      <div className="plain-update-actions">
        <button
          type="button"
          className="plain-button plain-button-primary"
          onClick={() => void updateServiceWorker(true)}
        >
          {t('offline.update.reload')}
        </button>
        <button type="button" className="plain-button" onClick={() => setNeedRefresh(false)}>
          {t('offline.update.later')}
        </button>
      </div>
    </div>
  );
}

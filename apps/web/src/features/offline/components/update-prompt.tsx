import { Alert, Button, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
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
  return (
    <div
      role="alertdialog"
      aria-labelledby="pwa-update-title"
      style={{ position: 'fixed', right: 16, bottom: 16, zIndex: 2000, maxWidth: 360 }}
    >
      <Alert
        type="info"
        showIcon
        title={<span id="pwa-update-title">{t('offline.update.title')}</span>}
        description={t('offline.update.body')}
        action={
          <Space direction="vertical">
            <Button type="primary" size="small" onClick={() => void updateServiceWorker(true)}>
              {t('offline.update.reload')}
            </Button>
            <Button size="small" onClick={() => setNeedRefresh(false)}>
              {t('offline.update.later')}
            </Button>
          </Space>
        }
      />
    </div>
  );
}

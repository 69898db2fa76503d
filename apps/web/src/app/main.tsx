import './i18n-first-texts.ts';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { setTransportSealing } from '../lib/http/transport.ts';
import { i18n, textsReady } from '../lib/i18n/i18n.ts';
import { sessionHydrated, sessionStore } from '../lib/session/session-store.ts';
import { defaultTenant } from '../lib/default-tenant.ts';
import { UpdatePrompt } from '../features/offline/components/update-prompt.tsx';
import { linkManifest } from '../features/offline/lib/manifest.ts';
import { startOfflineSession } from '../features/offline/lib/offline-cache.ts';
import { adoptFirstScreen, hydratable } from './first-screen-client.ts';
import { PortalApp } from './portal-app.tsx';
import { queryClient } from './providers.tsx';
import { preloadRoute } from './router.tsx';
import { yieldToMain } from '../lib/yield-to-main.ts';
// The portal's own styles. Ant Design's sheet comes with the layout of the pages built with it (antd-root.tsx).
import './styles.css';

// 7.1: logged-in calls of the four groups are sealed and their answers checked (lib/http/transport.ts).
setTransportSealing(true);

// Installable (issue 18): the manifest of the tenant the page is for, linked at once (the browser looks for it when the
// page has loaded, before the encrypted session below is read), then of the session's tenant if that is another one.
const tenantInUrl = new URLSearchParams(window.location.search).get('tenantId');
linkManifest(tenantInUrl || defaultTenant());

// `/` may come with its first screen painted by the server (ADR 0061): kept in the interface's language only.
const container = document.getElementById('root')!;
adoptFirstScreen(container, i18n.language);

// The stored session is encrypted (section 9, ADR 0027): the router starts and the app renders once it has been read,
// and once the texts of the interface's language are in (en-US comes in parts of its own, ADR 0055).
void Promise.all([sessionHydrated(), textsReady()]).then(async () => {
  linkManifest(tenantInUrl || sessionStore.getState().tenantId || defaultTenant());
  // The user's answers kept (encrypted) for offline use, deleted when their session ends.
  startOfflineSession(queryClient, sessionStore);
  // The first route's code parts (the shell's and the page's) start loading together, before React asks for them.
  const parts = preloadRoute(window.location.pathname);
  // React starts in a task of its own, after the route's matching and its parts' preloads (issue 10).
  const turn = yieldToMain();
  if (turn) await turn;
  const app = <PortalApp prompt={<UpdatePrompt />} />;
  // Renders and hydrations as transitions: React does them in slices of a few milliseconds, letting the browser in
  // between, instead of one task of the whole page (a phone's main thread blocked for hundreds of milliseconds, issue
  // 10). A first render waits for the route's parts before it commits, so index.html's boot mark stays until then.
  if (hydratable(container, !sessionStore.getState().token)) {
    // The server's first screen: the app attaches to it once the page's part is here (the tree then renders as the
    // server's did, with no part left to wait for).
    await parts;
    startTransition(() => void hydrateRoot(container, app));
    return;
  }
  const root = createRoot(container);
  startTransition(() => root.render(app));
});

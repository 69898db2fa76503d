import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { releaseFirstScreen } from './first-screen-client.ts';
import { PortalRouter, type RouterHistory } from './portal-router.tsx';
import { Providers } from './providers.tsx';
import { AppRoutes } from './router.tsx';

/**
 * The whole web app: what the browser renders (main.tsx) and what the server renders `/`'s first screen with
 * (first-screen.tsx, ADR 0061), the same tree, so the browser hydrates the server's markup instead of making it again.
 * The server gives its own query client and history, and in the "new version" prompt's place an element that renders
 * nothing, as the prompt does until a new version is waiting.
 */
export function PortalApp({
  client,
  history,
  prompt,
}: {
  client?: QueryClient;
  history?: RouterHistory;
  prompt: ReactNode;
}) {
  return (
    <StrictMode>
      <Providers client={client}>
        <PortalRouter history={history}>
          <AppRoutes />
        </PortalRouter>
        {prompt}
        <FirstScreenRelease />
      </Providers>
    </StrictMode>
  );
}

/** Once the app has rendered (hydrated or replaced `/`'s first screen), its waiting controls are let go. */
function FirstScreenRelease() {
  useEffect(() => releaseFirstScreen(document.getElementById('root')), []);
  return null;
}

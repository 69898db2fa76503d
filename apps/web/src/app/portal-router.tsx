import { useLayoutEffect, useRef, useState, useTransition, type ReactNode } from 'react';
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory, type Location } from 'react-router';
import { useTranslation } from '../lib/i18n/i18n.ts';

/** The browser's history, or another of React Router's (the server's first screen: a memory history). */
export type RouterHistory = ReturnType<typeof createBrowserHistory>;

/**
 * React Router's BrowserRouter, with its navigations' pending state shown (ADR 0059): a navigation is a transition, so
 * the page on screen stays until the next page's code part has arrived; meanwhile a thin bar at the top of the window
 * says the page is on its way (on a phone's slow network that can take seconds). The bar shows only after a moment,
 * so a page that is already loaded does not flash it.
 */
export function PortalRouter({ children, history: given }: { children: ReactNode; history?: RouterHistory }) {
  const { t } = useTranslation();
  const history = useRef<RouterHistory | null>(null);
  // The window's, or the one given: the server's first screen renders at its own address (first-screen.tsx).
  history.current ??= given ?? createBrowserHistory({ window, v5Compat: true });
  const [state, setState] = useState<{ action: RouterHistory['action']; location: Location }>({
    action: history.current.action,
    location: history.current.location,
  });
  const [pending, startTransition] = useTransition();
  useLayoutEffect(
    () => history.current!.listen(({ action, location }) => startTransition(() => setState({ action, location }))),
    [],
  );
  return (
    <Router location={state.location} navigationType={state.action} navigator={history.current}>
      {pending && <div className="route-progress" role="progressbar" aria-label={t('app.loading')} />}
      {children}
    </Router>
  );
}

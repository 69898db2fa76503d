/**
 * The first screen of `/` and `/login` as HTML, painted by the server before any script has run (ADR 0061, issue 10).
 * This module is built for Node (vite.config.ts: dist/.ssr/first-screen-<hash>.js) and imported by the server, which
 * calls `renderFirstScreen` with the data it writes into the page (ADR 0053's landing index; `/login`'s two answers).
 * The page is the web app's own, rendered as a visitor sees it in zh-CN; the browser hydrates it (main.tsx).
 */
import type { LoginPageData } from '@portal/contracts/identity';
import type { LandingIndex } from '@portal/contracts/services';
import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router';
import { seedLogin } from '../features/auth/api/prefetch-login.ts';
import { seedLanding } from '../features/services/api/prefetch-landing.ts';
import { setDefaultTenant } from '../lib/default-tenant.ts';
import { i18n } from '../lib/i18n/i18n.ts';
// The texts the first script registers before anything renders (main.tsx imports it first): without them a tenant
// with the school's sign-in got `identity.login.button` painted, and the browser's hydration failed on it.
import './i18n-first-texts.ts';
import { PortalApp } from './portal-app.tsx';
import { preloadRoute } from './router.tsx';

/** The language the server paints in: the web app's default (a user who chose another one gets the boot mark). */
export const FIRST_SCREEN_LANGUAGE = i18n.language;

/**
 * What a page is painted from: the data its page carries (the server's PageData), as the web app reads it, and the
 * tenant the page names for an address that names none (DEFAULT_TENANT: lib/default-tenant.ts).
 */
export type FirstScreenSeed = (
  { page: 'landing'; tenantId: string; index: LandingIndex } | ({ page: 'login' } & LoginPageData)
) & { defaultTenant?: string };

/** Each page's code parts, loaded once: the page then renders at once, as in a browser that has them (router.tsx). */
const parts = new Map<string, Promise<void>>();

/**
 * The page at `url` (a path and its query) for a visitor, from its data: the markup that goes inside `#root`. The web
 * app's whole tree, as main.tsx renders it (PortalApp), so the browser can hydrate it. Nothing is fetched: a part the
 * data lacks renders as its skeleton, as in the browser.
 */
export async function renderFirstScreen(url: string, seed: FirstScreenSeed): Promise<string> {
  const path = url.split('?')[0]!;
  let loading = parts.get(path);
  if (!loading) parts.set(path, (loading = preloadRoute(path)));
  await loading;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (seed.page === 'landing') seedLanding(client, seed.tenantId, seed.index);
  else seedLogin(client, seed);
  const history = createMemoryHistory({ initialEntries: [url], v5Compat: true });
  // The tenant the browser will read from the page's head: the same page on both sides (no hydration mismatch). Set
  // right before the render, which is synchronous: no other page's render runs in between.
  setDefaultTenant(seed.defaultTenant);
  const html = renderToString(<PortalApp client={client} history={history} prompt={<NoPrompt />} />);
  client.clear();
  return untilScript(html);
}

/** The "new version" prompt's place: it renders nothing until a new version is waiting, which no server has. */
function NoPrompt() {
  return null;
}

/**
 * The markup as the first screen shows it until the web app has taken it over: its buttons and fields disabled (a tap
 * or a typed word would do nothing, or be lost; a test or a user waits for them), and marked, so they look as they will
 * (styles.css) and are let go once the app has rendered (first-screen-client.ts); its links work as links. React's preloads of the page's images go:
 * the icons load with the page, not before its style sheets and scripts. React escapes `<` in text and attribute
 * values, so every `<button` and `<input` of its output starts an element.
 */
export function untilScript(html: string): string {
  return html
    .replace(/^(?:<link rel="preload" as="image"[^>]*>)+/, '')
    .replace(/<(button|input|select|textarea)\b([^>]*)>/g, (tag, name: string, attributes: string) =>
      / disabled=""/.test(attributes) ? tag : `<${name} disabled="" data-until-script=""${attributes}>`,
    );
}

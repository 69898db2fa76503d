import type { LoginPageData } from '@portal/contracts/identity';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginTenant } from '../features/auth/api/prefetch-login.ts';
import { landingTenant } from '../features/services/lib/tenant.ts';
import { anonymousTenant } from '../features/three-lists/api/inventory-call.ts';

/** Every call the web app makes: none is expected, the page carries its answers. */
const calls = vi.hoisted(() => [] as string[]);
vi.mock('../lib/http/clients.ts', () => {
  const client = (base: string) => {
    const call = async (path: string, body?: unknown) => {
      calls.push(`${base}${path} ${JSON.stringify(body ?? null)}`);
      throw new Error('no call expected');
    };
    return { get: vi.fn(call), post: vi.fn(call) };
  };
  return Object.fromEntries(
    ['platformHttp', 'workbenchHttp', 'ospHttp', 'cygjHttp', 'authHttp', 'userHttp', 'chatHttp'].map((n) => [
      n,
      client(n),
    ]),
  );
});

/** A school's tenant, the server's DEFAULT_TENANT (not the demo tenant 000000). */
const SCHOOL = '100001';
/** What the server writes into `/login`'s page for it (apps/server/src/modules/identity/login-page-data.ts). */
const DATA: LoginPageData = {
  tenantId: SCHOOL,
  detail: { tenantId: SCHOOL, tenantName: '某某大学', demo: false, timeZone: 'Asia/Shanghai' },
  mode: {
    tenantId: SCHOOL,
    localLogin: true,
    provider: null,
    eduSystemManageIdentityAuth: { status: 0, isSelfCas: 0 },
  },
};

afterEach(() => {
  calls.length = 0;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('DEFAULT_TENANT: an address without ?tenantId= is for the tenant the server names', () => {
  it('is what the login page, the landing pages and the three lists name, unless the address names one', () => {
    expect([loginTenant(''), landingTenant(), anonymousTenant()]).toEqual(['000000', '000000', '000000']);
    document.head.innerHTML = `<meta name="portal-tenant" content="${SCHOOL}">`;
    expect(loginTenant('')).toBe(SCHOOL);
    expect(loginTenant('?tenantId=%20')).toBe(SCHOOL);
    expect(landingTenant()).toBe(SCHOOL);
    expect(anonymousTenant()).toBe(SCHOOL);
    // A tenant in the address wins.
    expect(loginTenant('?tenantId=200002')).toBe('200002');
    window.history.replaceState(null, '', '/allServices?tenantId=200002');
    expect(landingTenant()).toBe('200002');
    expect(anonymousTenant()).toBe('200002');
  });

  it('is painted by the server for it, and the browser, reading it from the page, hydrates that screen as it is', async () => {
    // The server's module paints `/login` for the tenant its page names (apps/server/src/platform/web.ts).
    const { renderFirstScreen } = await import('./first-screen.tsx');
    const html = await renderFirstScreen('/login', { page: 'login', ...DATA, defaultTenant: SCHOOL });
    expect(html).toContain('某某大学');
    expect(html).toContain(`value="${SCHOOL}"`);

    // The browser: a fresh page (its own modules), as the server sends it.
    vi.resetModules();
    calls.length = 0;
    window.history.replaceState(null, '', '/login');
    document.head.innerHTML =
      `<meta name="portal-tenant" content="${SCHOOL}">` +
      `<script type="application/json" id="portal-login-data">${JSON.stringify(DATA)}</script>`;
    // (Its controls as the app renders them: the marks that keep them waiting are first-screen-client.test.ts's.)
    const painted = html.replace(/ disabled="" data-until-script=""/g, '');
    document.body.innerHTML = `<div id="root" data-first-screen="zh-CN">${painted}</div>`;
    const container = document.getElementById('root')!;
    // As main.tsx does: texts and session read, the route's parts in, then the app hydrates the server's markup.
    await import('./i18n-first-texts.ts');
    const { textsReady } = await import('../lib/i18n/i18n.ts');
    const { sessionHydrated } = await import('../lib/session/session-store.ts');
    const { preloadRoute } = await import('./router.tsx');
    const { PortalApp } = await import('./portal-app.tsx');
    await Promise.all([textsReady(), sessionHydrated()]);
    await preloadRoute('/login');
    const mismatches: unknown[] = [];
    const warned = vi.spyOn(console, 'error');
    await act(async () => {
      hydrateRoot(container, <PortalApp prompt={null} />, { onRecoverableError: (e) => mismatches.push(e) });
    });
    // No hydration mismatch (React's #418), not even of an attribute: the same tenant on both sides, the same screen.
    expect(mismatches).toEqual([]);
    expect(warned.mock.calls.filter((args) => /hydrat|match/i.test(args.map(String).join(' ')))).toEqual([]);
    warned.mockRestore();
    const tenantField = container.querySelector<HTMLInputElement>('form input')!;
    expect(tenantField.value).toBe(SCHOOL);
    expect(container.querySelector('h1')!.textContent).toContain('某某大学');
    // Its answers were the page's: no call, and none for the demo tenant.
    expect(calls).toEqual([]);
  });
});

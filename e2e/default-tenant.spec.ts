import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useJourney } from './support/journey.ts';
import { createTenant } from './support/server.ts';

/** A school's tenant, made as a production install makes it (`npm run tenant -- create`), and the server's default. */
const SCHOOL = { tenantId: '100001', name: '某某大学', admin: 'admin', password: 'Xy7#campus-2026' };

/** The tenant a call names: `?tenantId=`, the body's `tenantId`, or the Tenant-Id header. */
function tenantOf(request: Request): string | null {
  const url = new URL(request.url());
  if (!url.pathname.startsWith('/api/')) return null;
  return (
    url.searchParams.get('tenantId') ??
    /"tenantId":"([\w-]+)"/.exec(request.postData() ?? '')?.[1] ??
    request.headers()['tenant-id'] ??
    null
  );
}

/** Every tenant the page's calls name from now on, and every error it logs (a hydration that did not match would). */
function watch(page: Page): { tenants: Set<string>; errors: string[] } {
  const seen = { tenants: new Set<string>(), errors: [] as string[] };
  page.on('request', (r) => {
    const tenant = tenantOf(r);
    if (tenant) seen.tenants.add(tenant);
  });
  page.on('console', (m) => {
    if (m.type() === 'error') seen.errors.push(m.text());
  });
  page.on('pageerror', (e) => seen.errors.push(e.message));
  return seen;
}

/**
 * DEFAULT_TENANT (Chromium, real server): a school's install names its own tenant, so its users sign in at a plain
 * `/login` — not at `/login?tenantId=…` — and `/` is the school's, while an address that names a tenant still opens on
 * that one (here the demo tenant, which the same server holds).
 */
describe('DEFAULT_TENANT: the tenant of an address without ?tenantId= (real server, Debian Chromium)', () => {
  const journey = useJourney(
    {},
    { env: { DEFAULT_TENANT: SCHOOL.tenantId }, prepare: (database) => createTenant(database, SCHOOL) },
  );

  it("lets the school's user log in at plain /login, painted by the server for the school and hydrated as it is", async () => {
    const { page, server } = journey;
    const seen = watch(page);
    const res = await page.goto(`${server.url}/login`);
    expect(await res!.text()).toContain(`<meta name="portal-tenant" content="${SCHOOL.tenantId}">`);
    await page.getByRole('heading', { level: 1, name: `${SCHOOL.name} 网上办事服务大厅` }).waitFor();
    // The app has taken over the server's screen.
    await page.waitForFunction(() => !document.querySelector('#root[data-first-screen]'));
    expect(await page.getByLabel('租户编号').inputValue()).toBe(SCHOOL.tenantId);
    await page.getByLabel('账号').fill(SCHOOL.admin);
    await page.getByLabel('密码', { exact: true }).fill(SCHOOL.password);
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL(/\/home\/homePage$/);
    await page.getByRole('button', { name: /系统管理员\s+用户菜单/ }).waitFor();
    expect(seen.errors).toEqual([]);
    // The page carried its answers, and every call since named the school (or the session did): never the demo tenant.
    expect([...seen.tenants].filter((t) => t !== SCHOOL.tenantId)).toEqual([]);
  });

  it('opens / and /allServices on the school too, and a tenant the address names still wins', async () => {
    const { page, server } = journey;
    const seen = watch(page);
    const landing = await page.goto(`${server.url}/`);
    const html = await landing!.text();
    expect(html).toContain(`<meta name="portal-tenant" content="${SCHOOL.tenantId}">`);
    expect(html).toContain(`"tenantId":"${SCHOOL.tenantId}"`);
    await page.waitForFunction(() => !!document.querySelector('h1') && !document.querySelector('[data-until-script]'));

    const allServices = page.waitForRequest((r) => tenantOf(r) === SCHOOL.tenantId);
    await page.goto(`${server.url}/allServices`);
    await allServices;
    await page.waitForLoadState('networkidle');
    expect([...seen.tenants]).toEqual([SCHOOL.tenantId]);
    expect(seen.errors).toEqual([]);

    // The demo tenant, named by the address.
    await page.goto(`${server.url}/login?tenantId=000000`);
    await page.getByRole('heading', { level: 1, name: '示例大学 网上办事服务大厅' }).waitFor();
    expect(await page.getByLabel('租户编号').inputValue()).toBe('000000');
  });

  it("is the tenant of the service worker's copy of the page too, which opens /login on a return visit", async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/login`);
    await page.getByLabel('账号').waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload();
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 30_000 });
    const seen = watch(page);
    const again = await page.goto(`${server.url}/login`);
    // The worker's copy of index.html, which carries no answers: the page asks for the school's.
    expect(again!.fromServiceWorker()).toBe(true);
    await page.getByRole('heading', { level: 1, name: `${SCHOOL.name} 网上办事服务大厅` }).waitFor();
    expect(await page.getByLabel('租户编号').inputValue()).toBe(SCHOOL.tenantId);
    expect([...seen.tenants]).toEqual([SCHOOL.tenantId]);
  });
});

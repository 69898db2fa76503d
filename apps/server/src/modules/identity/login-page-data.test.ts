import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOGIN_DATA_ELEMENT_ID } from '@portal/contracts/constants';
import type { LoginPageData } from '@portal/contracts/identity';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { DEMO_TENANT_ID } from '../../db/seed/demo.ts';
import type { DbHandle } from '../../db/create-db.ts';
import { createTestDb, testConfig, testDatabases } from '../../test/test-app.ts';

/**
 * ADR 0061: `/login`'s page carries what its two calls answer — nobody/tenant/detail and auth/auth/modelLogin — as a
 * JSON script, equal to those answers, and the server paints its first screen from it when the address asks for
 * nothing but the tenant and the page to go to afterwards.
 */
const T = DEMO_TENANT_ID;
const INDEX =
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-abc123.js"></script></head>' +
  '<body><div id="root"><!--first-screen--><div class="boot"></div><!--/first-screen--></div></body></html>';
const SCRIPT = new RegExp(`<script type="application/json" id="${LOGIN_DATA_ELEMENT_ID}">([^<]*)</script>`, 'g');
/** A server module that paints what it was given (the real one is the web app's: e2e/mobile.spec.ts). */
const PAINTER = `
export const FIRST_SCREEN_LANGUAGE = 'zh-CN';
export async function renderFirstScreen(url, seed) {
  return '<main data-url="' + encodeURIComponent(url) + '">' + JSON.stringify(seed).replace(/</g, '') + '</main>';
}`;

const dataOf = (html: string): LoginPageData[] => [...html.matchAll(SCRIPT)].map((m) => JSON.parse(m[1]!));
const painted = (html: string) => /<main data-url="([^"]*)">(.*)<\/main>/.exec(html);

describe.each(testDatabases)("`/login`'s page carries its two answers on %s", (engine) => {
  let db: DbHandle;
  let dist: string;
  let app: FastifyInstance;
  const page = (url: string) => app.inject({ method: 'GET', url }).then((r) => r.body);

  beforeAll(async () => {
    db = await createTestDb(engine);
    dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
    mkdirSync(join(dist, 'assets'));
    mkdirSync(join(dist, '.ssr'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), '/* entry */\n');
    writeFileSync(join(dist, '.ssr', 'first-screen-t1.js'), PAINTER);
    app = await buildApp({ config: testConfig({ webDist: dist }), db, logger: false, serveWeb: true });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  it('carries what the calls answer, and paints the page from it', async () => {
    const detail = await app.inject({ method: 'GET', url: `/api/blade-workbench/nobody/tenant/detail?tenantId=${T}` });
    const mode = await app.inject({
      method: 'POST',
      url: '/api/blade-workbench/auth/auth/modelLogin',
      headers: { 'tenant-id': T },
      payload: { tenantId: T },
    });
    expect([detail.json().status, mode.json().status]).toEqual([1000, 1000]);
    const html = await page('/login');
    const data = dataOf(html);
    expect(data).toEqual([{ tenantId: T, detail: detail.json().result, mode: mode.json().result }]);
    expect(html.indexOf(LOGIN_DATA_ELEMENT_ID)).toBeLessThan(html.indexOf('</head>'));
    const screen = painted(html);
    expect(decodeURIComponent(screen![1]!)).toBe('/login');
    // With the tenant an address without one is for (DEFAULT_TENANT, unset here): the web app renders with it.
    expect(JSON.parse(screen![2]!)).toEqual({ page: 'login', ...data[0], defaultTenant: T });
    // The address's tenant (an empty one names none), and the page to go to afterwards, are painted too.
    expect(dataOf(await page(`/login?tenantId=${T}`))).toEqual(data);
    expect(dataOf(await page('/login?tenantId='))).toEqual(data);
    // One screen per tenant: the page to go to afterwards changes nothing on it.
    const back = await page('/login?redirect=%2Fhome%2FserviceHall');
    expect(decodeURIComponent(painted(back)![1]!)).toBe('/login');
    expect(decodeURIComponent(painted(await page(`/login?tenantId=${T}&redirect=%2F`))![1]!)).toBe(
      `/login?tenantId=${T}`,
    );
  });

  it('paints nothing for a logout, a forced re-login or a return from the school, and carries nothing for an unknown tenant', async () => {
    for (const url of ['/login?logout=true', '/login?isLogin=true', '/login?sso=abc', '/login?ssoError=x']) {
      const html = await page(url);
      expect([url, dataOf(html).length, painted(html)]).toEqual([url, 1, null]);
    }
    for (const url of ['/login?tenantId=999999', '/login?tenantId=a%20b', `/login?tenantId=${T}&tenantId=${T}`]) {
      const html = await page(url);
      expect([url, html]).toEqual([url, INDEX]);
    }
  });
});

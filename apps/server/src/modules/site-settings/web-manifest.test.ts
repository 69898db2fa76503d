import { WebManifest } from '@portal/contracts/pwa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from '../../db/seed/demo.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { saveTenantSetting } from './site-settings.service.ts';

describe.each(testDatabases)("the tenant's web app manifest (issue 18) on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });
  const get = (query: string) => t.app.inject({ method: 'GET', url: `/manifest.webmanifest${query}` });

  it('names the school, takes its theme colour and carries installable icons, revalidated on every use', async () => {
    const res = await get(`?tenantId=${DEMO_TENANT_ID}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const m = WebManifest.parse(res.json());
    expect(m.name).toBe('示例大学网上办事服务大厅');
    expect(m.short_name).toBe('示例大学');
    expect(m).toMatchObject({ display: 'standalone', scope: '/', start_url: '/home/homePage?tenantId=000000' });
    expect(m.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(m.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(m.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  });

  it("follows the tenant's configured name, logo and theme colour", async () => {
    await saveTenantSetting(t.app.deps, DEMO_TENANT_ID, 'guiseLogo', {
      logo: '/api/files/logo.png',
      systemName: '城南学院服务门户',
    });
    await saveTenantSetting(t.app.deps, DEMO_TENANT_ID, 'theme', { themeColor: '#aa3300' });
    const m = WebManifest.parse((await get(`?tenantId=${DEMO_TENANT_ID}`)).json());
    expect(m.name).toBe('城南学院服务门户');
    expect(m.theme_color).toBe('#aa3300');
    expect(m.icons[0]).toMatchObject({ src: '/api/files/logo.png' });
    // A logo elsewhere over plain http is not offered as an icon (mixed content).
    await saveTenantSetting(t.app.deps, DEMO_TENANT_ID, 'guiseLogo', {
      logo: 'http://cdn.example/logo.png',
      systemName: '',
    });
    const again = WebManifest.parse((await get(`?tenantId=${DEMO_TENANT_ID}`)).json());
    expect(again.icons.map((i) => i.src)).not.toContain('http://cdn.example/logo.png');
    expect(again.name).toBe('示例大学网上办事服务大厅');
  });

  it('answers a missing, malformed or unknown tenant with the section 8 envelope, not a 500', async () => {
    for (const [query, status] of [
      ['', 400],
      ['?tenantId=%00x', 400],
      ['?tenantId=999999', 404],
    ] as const) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(status);
      expect(res.json()).toMatchObject({ status, msg: expect.any(String) });
    }
  });
});

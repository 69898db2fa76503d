import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import type { DbHandle } from '../db/create-db.ts';
import { DEMO_PASSWORD, DEMO_TENANT_ID } from '../db/seed/demo.ts';
import { createTestDb, testConfig, testDatabases } from '../test/test-app.ts';
import { EMBEDDED_PAGE_PATHS, HSTS_VALUE } from './security-headers.ts';

/** A tiny built web app: index.html and one hashed asset, as vite writes them. */
function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'assets/index-abc123.js'), 'console.log("portal");\n');
  return dir;
}

/** The directives of a CSP header, by name. */
const csp = (value: unknown) =>
  Object.fromEntries(
    String(value ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  ) as Record<string, string[]>;

describe.each(testDatabases)('security headers on every answer (%s)', (engine) => {
  let db: DbHandle;
  let dist: string;
  const apps: FastifyInstance[] = [];
  const appWith = async (overrides: Partial<Config> = {}) => {
    const app = await buildApp({
      config: testConfig({ webDist: dist, ...overrides }),
      db,
      logger: false,
      serveWeb: true,
    });
    await app.ready();
    apps.push(app);
    return app;
  };
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await createTestDb(engine);
    dist = fakeDist();
    app = await appWith();
  });
  afterAll(async () => {
    for (const a of apps) await a.close();
    await db?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const answers: Array<[string, string, number]> = [
    ['the landing page', '/', 200],
    ['a client-side route (/login)', '/login', 200],
    ['a hashed asset', '/assets/index-abc123.js', 200],
    ['an API answer', '/api/health', 200],
    ['an API refusal (401)', '/api/blade-user/user/getUserInfo', 401],
    ['an unknown API path (404)', '/api/nothing/here', 404],
    ['a missing asset (404)', '/assets/missing-000.js', 404],
  ];

  it.each(answers)('%s carries CSP, frame, sniffing and referrer headers', async (_what, url, status) => {
    const res = await app.inject({ method: 'GET', url, headers: { host: 'portal.example.edu' } });
    expect(res.statusCode).toBe(status);
    const policy = csp(res.headers['content-security-policy']);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['script-src-attr']).toEqual(["'none'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'self'"]);
    // Ant Design's CSS-in-JS writes <style> tags; scripts stay strict.
    expect(policy['style-src']).toContain("'unsafe-inline'");
    expect(policy['img-src']).toEqual(expect.arrayContaining(["'self'", 'https:', 'http:', 'data:']));
    expect(policy['connect-src']).toEqual(["'self'", 'ws://portal.example.edu', 'wss://portal.example.edu']);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // Plain http: no HSTS.
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it("keeps every API answer out of caches, the token answer and a signed-in user's data included", async () => {
    const token = await app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      payload: { grant_type: 'password', tenantId: DEMO_TENANT_ID, username: 'student01', password: DEMO_PASSWORD },
    });
    expect(token.json()).toMatchObject({ status: 1000, result: { access_token: expect.any(String) } });
    const auth = { authorization: `Bearer ${token.json().result.access_token as string}` };
    const user = await app.inject({ method: 'GET', url: '/api/blade-user/user/getUserInfo', headers: auth });
    expect(user.statusCode).toBe(200);
    for (const res of [
      token,
      user,
      ...(await Promise.all(['/api/health', '/api/nothing/here'].map((url) => app.inject({ url })))),
    ])
      expect(res.headers['cache-control']).toBe('no-store');
    // Pages and hashed files keep their own rules.
    expect((await app.inject({ url: '/assets/index-abc123.js' })).headers['cache-control']).toContain('immutable');
    expect((await app.inject({ url: '/' })).headers['cache-control']).not.toContain('no-store');
  });

  it('does not echo a Host header that is not a plain host into the policy', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/login',
      headers: { host: "evil.example; script-src 'unsafe-inline'" },
    });
    const policy = csp(res.headers['content-security-policy']);
    expect(policy['connect-src']).toEqual(["'self'", "'self'"]);
    expect(policy['script-src']).toEqual(["'self'"]);
  });

  it('sends HSTS only when the request is HTTPS as a trusted proxy says (TRUST_PROXY)', async () => {
    const forwarded = { 'x-forwarded-proto': 'https' };
    // Not trusted (the default outside production): a client cannot make itself look like HTTPS.
    const untrusted = await app.inject({ method: 'GET', url: '/login', headers: forwarded });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();

    const behindProxy = await appWith({ trustProxy: '127.0.0.1' });
    for (const url of ['/', '/login', '/assets/index-abc123.js', '/api/health']) {
      const res = await behindProxy.inject({ method: 'GET', url, headers: forwarded, remoteAddress: '127.0.0.1' });
      expect(res.headers['strict-transport-security'], url).toBe(HSTS_VALUE);
    }
    const plain = await behindProxy.inject({
      method: 'GET',
      url: '/login',
      headers: { 'x-forwarded-proto': 'http' },
      remoteAddress: '127.0.0.1',
    });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // A proxy that is not the trusted one is not believed.
    const stranger = await behindProxy.inject({
      method: 'GET',
      url: '/login',
      headers: forwarded,
      remoteAddress: '10.9.8.7',
    });
    expect(stranger.headers['strict-transport-security']).toBeUndefined();
    // A hop count trusts the nearest proxy, whatever its address.
    const oneHop = await appWith({ trustProxy: 1 });
    const viaHop = await oneHop.inject({
      method: 'GET',
      url: '/api/health',
      headers: forwarded,
      remoteAddress: '10.9.8.7',
    });
    expect(viaHop.headers['strict-transport-security']).toBe(HSTS_VALUE);
  });

  it('lets FRAME_ANCESTORS frame the embedded-page routes only; X-Frame-Options stays consistent', async () => {
    const framed = await appWith({ frameAncestors: ['https://oa.example.edu', 'https://*.campus.example.edu'] });
    for (const path of EMBEDDED_PAGE_PATHS) {
      const res = await framed.inject({ method: 'GET', url: `${path}?url=x` });
      expect(res.statusCode).toBe(200);
      expect(csp(res.headers['content-security-policy'])['frame-ancestors'], path).toEqual([
        "'self'",
        'https://oa.example.edu',
        'https://*.campus.example.edu',
      ]);
      // X-Frame-Options cannot name origins; sent, it would contradict the allow-list.
      expect(res.headers['x-frame-options'], path).toBeUndefined();
    }
    for (const url of ['/', '/login', '/home/homePage', '/assets/index-abc123.js', '/api/health']) {
      const res = await framed.inject({ method: 'GET', url });
      expect(csp(res.headers['content-security-policy'])['frame-ancestors'], url).toEqual(["'self'"]);
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });
});

describe('security header configuration', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-config-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, ...env });

  it('reads TRUST_PROXY as a flag, a hop count or addresses; production trusts only loopback by default', () => {
    expect(load({}).trustProxy).toBe(false);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        TOKEN_SECRET: 'a'.repeat(40),
        CLIENT_SECRET: 'b'.repeat(20),
      }).trustProxy,
    ).toBe('loopback');
    expect(load({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(load({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(load({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
    expect(() => load({ TRUST_PROXY: 'everyone' })).toThrow(ConfigError);
  });

  it('reads FRAME_ANCESTORS as a list of origins and refuses anything that could change the policy', () => {
    expect(load({}).frameAncestors).toEqual([]);
    expect(
      load({ FRAME_ANCESTORS: 'https://oa.example.edu, https://*.campus.example.edu:8443' }).frameAncestors,
    ).toEqual(['https://oa.example.edu', 'https://*.campus.example.edu:8443']);
    for (const bad of [
      "https://a.example.edu; script-src 'unsafe-inline'",
      '*',
      "'unsafe-inline'",
      'javascript:alert(1)',
      'https://a.example.edu/path',
    ]) {
      expect(() => load({ FRAME_ANCESTORS: bad }), bad).toThrow(ConfigError);
    }
  });
});

describe('the web app satisfies the policy', () => {
  it('has no inline script or inline event handler in apps/web/index.html (script-src is only self)', () => {
    const html = readFileSync(new URL('../../../web/index.html', import.meta.url), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/\bsrc=/);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    // base-uri 'none': the page sets no base URL.
    expect(html).not.toMatch(/<base\b/i);
  });
});

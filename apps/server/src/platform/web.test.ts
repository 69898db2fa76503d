import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { LANDING_DATA_ELEMENT_ID, LOGIN_DATA_ELEMENT_ID } from '@portal/contracts/constants';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import type { DbHandle } from '../db/create-db.ts';
import { createTenant } from '../modules/tenants/tenants.service.ts';
import { createTestDb, testConfig, testDatabases } from '../test/test-app.ts';

const INDEX =
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-abc123.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

/** A built web app as vite writes it, with the build's list of each start page's code parts. */
function fakeDist(withList: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  for (const f of ['index-abc123.js', 'landing-page-l1.js', 'shell-s1.js', 'home-page-h1.js', 'services-c1.css'])
    writeFileSync(join(dir, 'assets', f), '/* part */\n');
  if (withList)
    writeFileSync(
      join(dir, 'route-preloads.json'),
      JSON.stringify({
        '/': { scripts: ['assets/landing-page-l1.js'], styles: ['assets/services-c1.css'] },
        '/login': { scripts: [], styles: [] },
        // Anything but the build's own file names is left out of the page.
        '/home/homePage': {
          scripts: ['assets/shell-s1.js', 'assets/home-page-h1.js', '"><script>alert(1)</script>', '../secret.js'],
          styles: [],
        },
      }),
    );
  return dir;
}

/** A page without the first-screen data `/` carries (ADR 0053: modules/services/landing-page-data.test.ts). */
const withoutData = (html: string) => html.replace(/<script type="application\/json"[^<]*<\/script>/, '');
const preloads = (html: string) => [...html.matchAll(/<link rel="(modulepreload|preload)"[^>]*href="([^"]+)"/g)];

describe('index.html names the start pages’ code parts (issue 10)', () => {
  let db: DbHandle;
  const dists: string[] = [];
  const apps: FastifyInstance[] = [];
  const appFor = async (withList: boolean) => {
    const dist = fakeDist(withList);
    dists.push(dist);
    const app = await buildApp({ config: testConfig({ webDist: dist }), db, logger: false, serveWeb: true });
    await app.ready();
    apps.push(app);
    return app;
  };
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await createTestDb('sqlite');
    app = await appFor(true);
  });
  afterAll(async () => {
    for (const a of apps) await a.close();
    await db?.close();
    for (const d of dists) rmSync(d, { recursive: true, force: true });
  });

  it("links each start page's parts in the head, revalidated like index.html, with the security headers", async () => {
    const landing = await app.inject({ method: 'GET', url: '/' });
    expect(landing.statusCode).toBe(200);
    expect(landing.headers['content-type']).toMatch(/^text\/html/);
    expect(landing.headers['cache-control']).toBe('no-cache');
    expect(landing.headers['content-security-policy']).toContain("script-src 'self'");
    expect(preloads(landing.body).map((m) => [m[1], m[2]])).toEqual([
      ['modulepreload', '/assets/landing-page-l1.js'],
      ['preload', '/assets/services-c1.css'],
    ]);
    expect(landing.body).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
    expect(landing.body.indexOf('landing-page-l1')).toBeLessThan(landing.body.indexOf('</head>'));

    // A logged-in page's scripts, its parts included, are asked for by home-boot.js once the watermark has painted
    // from the stored session (ADR 0076).
    const home = await app.inject({ method: 'GET', url: '/home/homePage?tenantId=000000' });
    expect(preloads(home.body)).toEqual([]);
    expect(home.body).toContain(
      '<script defer src="/home-boot.js" data-scripts="/assets/index-abc123.js /assets/shell-s1.js /assets/home-page-h1.js"></script>',
    );
    expect(home.body).not.toContain('<script type="module"');
    expect(home.body).not.toContain('alert(1)');
    expect(home.body).not.toContain('secret');
    // Every other page under /home: the entry alone.
    const hall = await app.inject({ method: 'GET', url: '/home/serviceHall' });
    expect(hall.body).toBe(
      INDEX.replace(
        /<script type="module" crossorigin src="([^"]+)"><\/script><\/head>/,
        '  <script defer src="/home-boot.js" data-scripts="$1"></script>\n  </head>',
      ),
    );

    // Other routes and a path without parts get index.html as it is.
    for (const url of ['/login', '/no/such/page', '/homepage', '/index.html']) {
      const other = await app.inject({ method: 'GET', url });
      expect([url, other.statusCode, preloads(other.body)]).toEqual([url, 200, []]);
      // (`/login` carries its data: identity/login-page-data.test.ts.)
      expect(withoutData(other.body)).toBe(INDEX);
    }
  });

  it('answers a revalidation of an unchanged page with 304', async () => {
    const first = await app.inject({ method: 'GET', url: '/' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const home = await app.inject({ method: 'GET', url: '/home/homePage', headers: { 'if-none-match': etag } });
    expect(home.statusCode).toBe(200);
    expect(home.headers.etag).not.toBe(etag);
  });

  it('follows a new build put in place while it runs, and links only files that are there', async () => {
    const dist = dists[0]!;
    const before = await app.inject({ method: 'GET', url: '/' });
    const next = INDEX.replace('index-abc123.js', 'index-def456.js');
    writeFileSync(join(dist, 'assets/index-def456.js'), '/* next */\n');
    writeFileSync(join(dist, 'assets/landing-page-l2.js'), '/* next */\n');
    writeFileSync(join(dist, 'index.html'), next);
    writeFileSync(
      join(dist, 'route-preloads.json'),
      JSON.stringify({
        '/': { scripts: ['assets/landing-page-l2.js', 'assets/gone-x9.js'], styles: [] },
        '/login': null,
        '/home/homePage': { scripts: 'assets/shell-s1.js' },
      }),
    );
    const after = await app.inject({
      method: 'GET',
      url: '/',
      headers: { 'if-none-match': before.headers.etag as string },
    });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('/assets/index-def456.js');
    expect(preloads(after.body).map((m) => m[2])).toEqual(['/assets/landing-page-l2.js']);
    // Entries that do not read are pages without links.
    expect(withoutData((await app.inject({ method: 'GET', url: '/login' })).body)).toBe(next);
    expect((await app.inject({ method: 'GET', url: '/home/homePage' })).body).toContain(
      'data-scripts="/assets/index-def456.js"',
    );
    // A list that does not read at all: index.html as built.
    writeFileSync(join(dist, 'route-preloads.json'), '{ not json');
    expect(withoutData((await app.inject({ method: 'GET', url: '/' })).body)).toBe(next);
  });

  it('serves index.html as it is when the build wrote no list', async () => {
    const plain = await appFor(false);
    for (const url of ['/', '/login']) {
      const res = await plain.inject({ method: 'GET', url });
      expect([url, res.statusCode, withoutData(res.body)]).toEqual([url, 200, INDEX]);
    }
    const home = await plain.inject({ method: 'GET', url: '/home/homePage' });
    expect(home.body).toContain('<script defer src="/home-boot.js" data-scripts="/assets/index-abc123.js"></script>');
  });
});

const PAINTED_INDEX =
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-abc123.js"></script>\n' +
  '<link rel="modulepreload" crossorigin href="/assets/shared-x1.js">\n' +
  '<link rel="stylesheet" crossorigin href="/assets/index-abc123.css"></head><body>' +
  '<div id="root">\n  <!--first-screen-->\n  <div class="boot"></div>\n  <!--/first-screen-->\n</div></body></html>';

/**
 * A build with its server module (dist/.ssr, ADR 0061): it paints the landing's title and what it was asked for, with
 * `$'` and `$&` (which a string replacement would read as patterns); a title "throw" makes it fail.
 */
function paintingDist(module: string | null): string {
  const dir = fakeDist(true);
  writeFileSync(join(dir, 'index.html'), PAINTED_INDEX);
  writeFileSync(join(dir, 'assets', 'shared-x1.js'), '/* part */\n');
  if (module !== null) {
    mkdirSync(join(dir, '.ssr'));
    writeFileSync(join(dir, '.ssr', `first-screen-${Math.random().toString(36).slice(2)}.js`), module);
  }
  return dir;
}
const PAINTER = `
export const FIRST_SCREEN_LANGUAGE = 'zh-CN';
export async function renderFirstScreen(url, seed) {
  globalThis.__firstScreenPaints = (globalThis.__firstScreenPaints ?? 0) + 1;
  return '<main><h1>' + seed.index.config.title + "</h1><p>$' $& " + url + ' ' + seed.tenantId + '</p></main>';
}`;

describe("`/` carries its first screen painted by the build's server module (ADR 0061)", () => {
  let db: DbHandle;
  const dists: string[] = [];
  const apps: FastifyInstance[] = [];
  const appWith = async (module: string | null) => {
    const dist = paintingDist(module);
    dists.push(dist);
    const app = await buildApp({ config: testConfig({ webDist: dist }), db, logger: false, serveWeb: true });
    await app.ready();
    apps.push(app);
    return app;
  };
  beforeAll(async () => {
    db = await createTestDb('sqlite');
  });
  afterAll(async () => {
    for (const a of apps) await a.close();
    await db?.close();
    for (const d of dists) rmSync(d, { recursive: true, force: true });
  });
  const root = (html: string) => /<div id="root"[^>]*>.*?<\/div><\/body>/s.exec(html)?.[0];
  const BOOT =
    '<div id="root">\n  <!--first-screen-->\n  <div class="boot"></div>\n  <!--/first-screen-->\n</div></body>';

  it('paints it inside #root, loads its style sheets before it, and asks for the scripts once it has painted', async () => {
    const app = await appWith(PAINTER);
    const paintsBefore = (globalThis as { __firstScreenPaints?: number }).__firstScreenPaints ?? 0;
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(root(res.body)).toBe(
      '<div id="root" data-first-screen="zh-CN"><!--first-screen--><main><h1>示例大学网上办事服务大厅</h1>' +
        "<p>$' $& / 000000</p></main><!--/first-screen--></div></body>",
    );
    // The page's own style sheet is loaded before the first paint, not preloaded; no script is named in the head but
    // on the loader, the entry first.
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/services-c1.css">');
    expect(res.body).not.toContain('rel="preload"');
    expect(res.body).not.toMatch(/<script type="module"|rel="modulepreload"/);
    expect(res.body).toContain(
      '<script defer src="/first-screen-boot.js" data-scripts="/assets/index-abc123.js /assets/shared-x1.js /assets/landing-page-l1.js"></script>',
    );
    // It still carries the data the app reads, and it is made once per answer.
    expect(res.body).toContain('<script type="application/json" id="portal-landing-index">');
    await app.inject({ method: 'GET', url: '/' });
    expect((globalThis as { __firstScreenPaints?: number }).__firstScreenPaints).toBe(paintsBefore + 1);
    // Each address its own screen (the tenant's is in the web app's links), written one way: the same address
    // written another way is not made again.
    const again = await app.inject({ method: 'GET', url: '/?tenantId=000000' });
    expect(root(again.body)).toContain("<p>$' $& /?tenantId=000000 000000</p>");
    for (const url of ['/?tenantId=000000&', '/?tenantId=%30%30%30%30%30%30', '/?&tenantId=000000'])
      expect(root((await app.inject({ method: 'GET', url })).body)).toBe(root(again.body));
    expect((globalThis as { __firstScreenPaints?: number }).__firstScreenPaints).toBe(paintsBefore + 2);
  });

  it('is left out for a search, another language, a tenant that does not exist, and the server module is not served', async () => {
    const app = await appWith(PAINTER);
    const get = (url: string, cookie?: string) =>
      app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} }).then((r) => r.body);
    expect(root(await get('/?keyword=cj'))).toBe(BOOT);
    expect(root(await get('/', 'a=1; portal-lang=en-US'))).toBe(BOOT);
    expect(await get('/', 'portal-lang=en-US')).toContain(
      '<script type="module" crossorigin src="/assets/index-abc123.js">',
    );
    expect(root(await get('/', 'portal-lang=zh-CN; b=2'))).toMatch(/^<div id="root" data-first-screen="zh-CN">/);
    expect(root(await get('/?tenantId=999999'))).toBe(BOOT);
    for (const url of ['/.ssr/', '/.ssr/first-screen-x.js', '/assets/../.ssr/a.js', '/.env'])
      expect([url, (await app.inject({ method: 'GET', url })).statusCode]).toEqual([url, 404]);
  });

  it('sends the page with the boot mark when the module fails, hangs, or the build has none', async () => {
    for (const module of [
      `export const FIRST_SCREEN_LANGUAGE = 'zh-CN'; export async function renderFirstScreen() { throw new Error('boom'); }`,
      // One that never finishes: not waited for beyond PAINT_WAIT_MS.
      `export const FIRST_SCREEN_LANGUAGE = 'zh-CN'; export function renderFirstScreen() { return new Promise(() => {}); }`,
      'this is not a module (',
      `export const somethingElse = 1;`,
      null,
    ]) {
      const app = await appWith(module);
      const res = await app.inject({ method: 'GET', url: '/' });
      expect([module, res.statusCode, root(res.body)]).toEqual([module, 200, BOOT]);
      expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
    }
  });
});

/**
 * DEFAULT_TENANT: a school's tenant, not the demo's, is the one an address without `?tenantId=` opens on. Every page
 * names it in its head (the web app reads it: apps/web/src/lib/default-tenant.ts), `/`'s and `/login`'s data and
 * first screens are its, and no cache keeps a page that named another: not the browser's (the ETag), not the build's
 * precompressed index.html (never sent then), not the service worker's copy (its revision).
 */
describe.each(testDatabases)('DEFAULT_TENANT names the tenant of addresses without one (%s)', (engine) => {
  const SCHOOL = '100001';
  const META = `<meta name="portal-tenant" content="${SCHOOL}">`;
  /** Workbox's precache list as the build writes it (minified), and what the worker asks the server for. */
  const WORKER =
    'define(["./workbox-1"],function(s){s.precacheAndRoute([{url:"index.html",revision:"94312ecf"},' +
    '{url:"first-screen-boot.js",revision:"77aa"}],{});s.registerRoute(new s.NavigationRoute(' +
    's.createHandlerBoundToURL("/index.html")))});\n';
  /** A painter that writes what it was given: the address, and the seed with the tenant it is painted for. */
  const SEEDS = `
export const FIRST_SCREEN_LANGUAGE = 'zh-CN';
export async function renderFirstScreen(url, seed) {
  return '<main data-url="' + encodeURIComponent(url) + '" data-default="' + seed.defaultTenant + '" data-tenant="' +
    seed.tenantId + '"></main>';
}`;
  let db: DbHandle;
  let dist: string;
  let school: FastifyInstance;
  let demo: FastifyInstance;
  const dataOf = (html: string, id: string) =>
    JSON.parse(new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html)![1]!) as {
      tenantId: string;
    };
  const screenOf = (html: string) => /<main data-url="([^"]*)" data-default="(\w*)" data-tenant="(\w*)">/.exec(html);
  const head = (html: string) => html.slice(0, html.indexOf('</head>'));

  beforeAll(async () => {
    db = await createTestDb(engine);
    await createTenant(db.db, {
      tenantId: SCHOOL,
      tenantName: '某某大学',
      adminAccount: 'admin',
      adminName: '系统管理员',
      password: 'Xy7#campus-2026',
    });
    dist = paintingDist(SEEDS);
    writeFileSync(join(dist, 'sw.js'), WORKER);
    // The build's precompressed copy of index.html: what a page that names no tenant may be sent as.
    writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(PAINTED_INDEX));
    const appWith = async (config: Partial<Config>) => {
      const app = await buildApp({
        config: testConfig({ webDist: dist, ...config }),
        db,
        logger: false,
        serveWeb: true,
      });
      await app.ready();
      return app;
    };
    // The school's install, and one without the setting (the demo tenant), on the same build and database.
    [school, demo] = await Promise.all([appWith({ defaultTenant: SCHOOL }), appWith({})]);
  });
  afterAll(async () => {
    await school?.close();
    await demo?.close();
    await db?.close();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  it("names it in every page's head, with `/`'s and `/login`'s data and first screens its own", async () => {
    for (const url of ['/', '/login', '/index.html', '/allServices', '/home/homePage', '/login?tenantId=000000']) {
      const res = await school.inject({ method: 'GET', url });
      expect([url, res.statusCode, res.headers['cache-control']]).toEqual([url, 200, 'no-cache']);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(head(res.body).split(META).length - 1).toBe(1);
    }
    const landing = (await school.inject({ method: 'GET', url: '/' })).body;
    expect(dataOf(landing, LANDING_DATA_ELEMENT_ID).tenantId).toBe(SCHOOL);
    expect(screenOf(landing)?.slice(1)).toEqual(['%2F', SCHOOL, SCHOOL]);
    const login = (await school.inject({ method: 'GET', url: '/login' })).body;
    expect(dataOf(login, LOGIN_DATA_ELEMENT_ID).tenantId).toBe(SCHOOL);
    expect(screenOf(login)?.slice(1)).toEqual(['%2Flogin', SCHOOL, SCHOOL]);
    // A tenant the address names still wins; the page still names the default one.
    const named = (await school.inject({ method: 'GET', url: '/login?tenantId=000000' })).body;
    expect(dataOf(named, LOGIN_DATA_ELEMENT_ID).tenantId).toBe('000000');
    expect(screenOf(named)?.slice(1)).toEqual([encodeURIComponent('/login?tenantId=000000'), SCHOOL, '000000']);
    expect(
      dataOf((await school.inject({ method: 'GET', url: '/?tenantId=000000' })).body, LANDING_DATA_ELEMENT_ID),
    ).toMatchObject({ tenantId: '000000' });

    // Without the setting: the demo tenant, and pages as before (no meta).
    const demoLanding = (await demo.inject({ method: 'GET', url: '/' })).body;
    expect(dataOf(demoLanding, LANDING_DATA_ELEMENT_ID).tenantId).toBe('000000');
    expect(screenOf(demoLanding)?.slice(1)).toEqual(['%2F', '000000', '000000']);
    for (const url of ['/', '/login', '/index.html', '/allServices'])
      expect((await demo.inject({ method: 'GET', url })).body).not.toContain('portal-tenant');
  });

  it('gives a page an ETag of its own per tenant, and never sends the build’s copies, which name none', async () => {
    for (const url of ['/', '/login', '/index.html', '/allServices', '/home/homePage']) {
      const mine = await school.inject({ method: 'GET', url });
      const theirs = await demo.inject({ method: 'GET', url });
      const etag = mine.headers.etag as string;
      expect([url, etag]).toEqual([url, expect.stringMatching(/^"[\w-]+"$/)]);
      expect(etag).not.toBe(theirs.headers.etag);
      // Revalidated: unchanged for the same server, a new page from a server with the other setting.
      const again = await school.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect([url, again.statusCode]).toEqual([url, 304]);
      const other = await demo.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect([url, other.statusCode]).toEqual([url, 200]);
    }
    // The precompressed index.html is what a page without the setting may still be sent as; with it, the page is made
    // here (compressed once when over 1 KB), naming the tenant.
    const headers = { 'accept-encoding': 'br' };
    for (const url of ['/allServices', '/index.html']) {
      const built = await demo.inject({ method: 'GET', url, headers });
      expect([url, built.headers['content-encoding']]).toEqual([url, 'br']);
      expect(brotliDecompressSync(built.rawPayload).toString()).toBe(PAINTED_INDEX);
      const made = await school.inject({ method: 'GET', url, headers });
      const html =
        made.headers['content-encoding'] === 'br' ? brotliDecompressSync(made.rawPayload).toString() : made.body;
      expect([url, head(html).includes(META)]).toEqual([url, true]);
    }
  });

  it("revises the service worker's copy of index.html with the page, so a worker takes the tenant's page", async () => {
    const built = await demo.inject({ method: 'GET', url: '/sw.js' });
    expect(built.statusCode).toBe(200);
    expect(built.body).toBe(WORKER);
    const res = await school.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    const page = await school.inject({ method: 'GET', url: '/index.html' });
    const tag = (page.headers.etag as string).replace(/"/g, '');
    expect(res.body).toBe(WORKER.replace('revision:"94312ecf"', `revision:"94312ecf-${tag}"`));
    // Nothing else in it changes; the same page, the same worker.
    expect(res.body).toContain('{url:"first-screen-boot.js",revision:"77aa"}');
    expect((await school.inject({ method: 'GET', url: '/sw.js' })).body).toBe(res.body);
    const again = await school.inject({ method: 'GET', url: '/sw.js', headers: { 'if-none-match': res.headers.etag } });
    expect(again.statusCode).toBe(304);
  });
});

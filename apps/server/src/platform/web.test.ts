import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { DbHandle } from '../db/create-db.ts';
import { createTestDb, testConfig } from '../test/test-app.ts';

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

    const home = await app.inject({ method: 'GET', url: '/home/homePage?tenantId=000000' });
    expect(preloads(home.body).map((m) => m[2])).toEqual(['/assets/shell-s1.js', '/assets/home-page-h1.js']);
    expect(home.body).not.toContain('alert(1)');
    expect(home.body).not.toContain('secret');

    // Other routes and a path without parts get index.html as it is.
    for (const url of ['/home/serviceHall', '/login', '/no/such/page']) {
      const other = await app.inject({ method: 'GET', url });
      expect([url, other.statusCode, preloads(other.body)]).toEqual([url, 200, []]);
      expect(other.body).toBe(INDEX);
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
    for (const url of ['/login', '/home/homePage']) expect((await app.inject({ method: 'GET', url })).body).toBe(next);
    // A list that does not read at all: index.html as built.
    writeFileSync(join(dist, 'route-preloads.json'), '{ not json');
    expect(withoutData((await app.inject({ method: 'GET', url: '/' })).body)).toBe(next);
  });

  it('serves index.html as it is when the build wrote no list', async () => {
    const plain = await appFor(false);
    for (const url of ['/', '/home/homePage']) {
      const res = await plain.inject({ method: 'GET', url });
      expect([url, res.statusCode, withoutData(res.body)]).toEqual([url, 200, INDEX]);
    }
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LANDING_DATA_ELEMENT_ID } from '@portal/contracts/constants';
import type { LandingIndex, LandingPageData } from '@portal/contracts/services';
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { DEMO_TENANT_ID } from '../../db/seed/demo.ts';
import type { DbHandle } from '../../db/create-db.ts';
import { createTestDb, testConfig, testDatabases } from '../../test/test-app.ts';
import { catalogueBulk } from './catalogue-bulk.ts';

/**
 * ADR 0053: `/`'s page carries its first screen's data — what nobody/index/index answers a visitor of the web app's
 * default tenant — as a JSON script. Two nodes on one database: a catalogue change made on node B is in the next `/`
 * node A sends, equal to node A's own index call; the text is safe inside the page whatever a service is called.
 */
const T = DEMO_TENANT_ID;
const INDEX =
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-abc123.js"></script></head>' +
  '<body><div id="root"></div></body></html>';
const SCRIPT = new RegExp(`<script type="application/json" id="${LANDING_DATA_ELEMENT_ID}">([^<]*)</script>`, 'g');

/** The data scripts of a page, each read as JSON. */
const dataOf = (html: string): LandingPageData[] => [...html.matchAll(SCRIPT)].map((m) => JSON.parse(m[1]!));

describe.each(testDatabases)("`/`'s page carries the landing index on %s", (engine) => {
  let db: DbHandle;
  let dist: string;
  let a: FastifyInstance;
  let b: FastifyInstance;

  const indexCall = async (app: FastifyInstance): Promise<LandingIndex> => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/blade-platform/nobody/index/index',
      payload: { tenantId: T, size: 8, perGroup: 8 },
    });
    expect(res.json().status, res.body).toBe(1000);
    return res.json().result;
  };
  const landing = async (app: FastifyInstance, url = '/', headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });
  /** A launch and a rename on node B by the transfer module's writers: services written, version moved. */
  const onB = async (change: (bulk: ReturnType<typeof catalogueBulk>, now: string) => Promise<string[]>) =>
    b.deps.db.transaction().execute(async (trx) => {
      const bulk = catalogueBulk(trx);
      const ids = await change(bulk, new Date(Date.now() + 60_000).toISOString());
      await bulk.changed(T, ids);
    });

  beforeAll(async () => {
    db = await createTestDb(engine);
    dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), '/* entry */\n');
    const config = testConfig({ webDist: dist });
    a = await buildApp({ config, db, logger: false, serveWeb: true });
    // Node B: the same database through a Kysely of its own, so its prepared data is its own.
    const own: KyselyPlugin = { transformQuery: (args) => args.node, transformResult: async (args) => args.result };
    b = await buildApp({ config, db: { ...db, db: db.db.withPlugin(own) }, logger: false, serveWeb: true });
    await Promise.all([a.ready(), b.ready()]);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await db?.close();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  it('carries what the index call answers a visitor, once, in the head, under the same CSP', async () => {
    const res = await landing(a);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    // The CSP is unchanged: scripts only from the portal, no inline script allowed (the JSON one is not run).
    expect(String(res.headers['content-security-policy']).split(';')).toContain("script-src 'self'");
    const data = dataOf(res.body);
    expect(data).toHaveLength(1);
    expect(data[0]).toEqual({ tenantId: T, size: 8, perGroup: 8, index: await indexCall(a) });
    expect(data[0]!.index.newlyLaunched).toHaveLength(8);
    expect(res.body.indexOf(LANDING_DATA_ELEMENT_ID)).toBeLessThan(res.body.indexOf('</head>'));
    // The rest of the page is index.html as built.
    expect(res.body.replace(SCRIPT, '')).toBe(INDEX);
    // The address's tenant is the web app's too; an empty one names none.
    for (const url of [`/?tenantId=${T}`, '/?tenantId=']) expect(dataOf((await landing(a, url)).body)).toEqual(data);
  });

  it('carries nothing on other paths, or for a tenant that does not exist', async () => {
    // (`/login` carries its own data: identity/login-page-data.test.ts.)
    expect(dataOf((await landing(a, '/login')).body)).toEqual([]);
    // A logged-in page carries none either: its scripts are listed on its loader (ADR 0076).
    const home = (await landing(a, '/home/homePage')).body;
    expect(dataOf(home)).toEqual([]);
    expect(home).toContain('<script defer src="/home-boot.js"');
    for (const url of ['/allServices', '/?tenantId=999999', '/?tenantId=a%20b', '/?tenantId=000000&tenantId=000000']) {
      const res = await landing(a, url);
      expect([url, res.statusCode, res.body]).toEqual([url, 200, INDEX]);
    }
  });

  it('is revalidated: 304 while the data is the same, a new page with a new ETag after a change on the other node', async () => {
    const first = await landing(a);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const same = await landing(a, '/', { 'if-none-match': etag });
    expect(same.statusCode).toBe(304);

    // A service launched on node B, named to try the page's escaping: it must stay text in the JSON.
    const name = '迎新</script><script>alert(1)</script><!-- & \u2028\u2029 报到';
    const model = await db.db
      .selectFrom('svc_services')
      .where('tenant_id', '=', T)
      .where('id', '=', dataOf(first.body)[0]!.index.newlyLaunched[0]!.serviceId)
      .selectAll()
      .executeTakeFirstOrThrow();
    const { tenant_id: _t, visit_count: _v, launched_at: _l, updated_at: _u, ...row } = model;
    await onB(async (bulk, now) => {
      await bulk.insertServices(
        T,
        [{ row: { ...row, id: 'page-data-new', service_name: name }, roleIds: [], guide: null }],
        now,
      );
      return ['page-data-new'];
    });
    const after = await landing(a, '/', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    const [data] = dataOf(after.body);
    expect(data!.index).toEqual(await indexCall(a));
    expect(data!.index.newlyLaunched[0]).toMatchObject({ serviceId: 'page-data-new', serviceName: name });
    // Nothing of the name is markup: one data script, and no raw <, >, & or line separators in its text.
    expect(after.body).not.toContain('<script>alert');
    expect(after.body).not.toContain('<!--');
    expect(after.body.match(/<script/g)).toHaveLength(2);
    const text = [...after.body.matchAll(SCRIPT)][0]![1]!;
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toContain('\\u003c/script\\u003e');

    // Renamed on node B: node A's next page says so.
    await onB(async (bulk, now) => {
      await bulk.updateService(T, 'page-data-new', { service_name: '迎新报到' }, null, null, now);
      return ['page-data-new'];
    });
    const renamed = dataOf((await landing(a)).body)[0]!;
    expect(renamed.index.newlyLaunched[0]).toMatchObject({ serviceId: 'page-data-new', serviceName: '迎新报到' });
    expect(renamed.index).toEqual(await indexCall(a));
    // And node B's own page agrees.
    expect(dataOf((await landing(b)).body)[0]!.index).toEqual(renamed.index);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabases, type TestApp } from './test/test-app.ts';

/**
 * Section 8 across the whole API: every route the OpenAPI document lists, called with malformed input — as the
 * administrator (who passes every permission check, so the input reaches the handlers) and anonymously — answers
 * with the envelope and a 4xx, or succeeds; never a 500 and never a stack trace.
 */
const BAD_BODIES: Array<[string, unknown]> = [
  ['an array', [1, 2, 3]],
  ['wrong types', { current: 'x', size: -1, id: { $ne: 1 }, serviceId: [1], tenantId: 7, keyword: 12, startDate: 'yesterday', ids: 'a,b' }],
  ['an oversized string', { id: 'x'.repeat(20_000), keyword: '成'.repeat(20_000), content: 'y'.repeat(200_000) }],
  ['control characters', { id: 'a\u0000b', keyword: '\u0000', name: '\u0007', tenantId: '000000\u0000' }],
];

/** Routes whose success is a stream or needs a real upstream; they are still called, only their 2xx bodies differ. */
const SKIP = new Set(['/api/openapi.json']);

describe.each(testDatabases)('every route with malformed input on %s', (engine) => {
  let t: TestApp;
  let token: string;
  let routes: Array<{ method: 'GET' | 'POST'; url: string }>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    token = (await t.login('admin')).access_token;
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => m === 'get' || m === 'post')
        .filter(() => !SKIP.has(path))
        .map((m) => ({ method: m.toUpperCase() as 'GET' | 'POST', url: path.replace(/\{[^}]+\}/g, 'no-such-id%00') })),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists a good number of routes', () => {
    expect(routes.length).toBeGreaterThan(200);
  });

  it('never answers 500, as administrator or anonymously', async () => {
    const failures: string[] = [];
    for (const r of routes) {
      const calls: Array<{ query: Record<string, string>; payload?: object }> =
        r.method === 'GET'
          ? [{ query: { current: 'x', size: '-5', id: '\u0000', tenantId: '000000' } }, { query: { tenantId: 'zz\u0000' } }]
          : BAD_BODIES.map(([, body]) => ({ payload: body as object, query: { tenantId: '000000' } }));
      for (const c of calls) {
        for (const auth of [true, false]) {
          const res = await t.app.inject({
            method: r.method,
            url: r.url,
            query: c.query,
            ...(c.payload === undefined ? {} : { payload: c.payload }),
            headers: auth ? { authorization: `Bearer ${token}`, 'tenant-id': '000000' } : { 'tenant-id': '000000' },
          });
          if (res.statusCode >= 500 || /at .+\.ts:\d+/.test(res.body)) failures.push(`${r.method} ${r.url} ${auth ? 'admin' : 'anonymous'} → ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);
});

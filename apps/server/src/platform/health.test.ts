import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createDb } from '../db/create-db.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { startRedis } from '../test/redis-server.ts';
import { createTestApp, testConfig, testDatabases, type TestApp } from '../test/test-app.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The operator's token (METRICS_TOKEN): what the node is and why it is not ready are told only to it. */
const OPERATOR_TOKEN = 'o'.repeat(40);
const operator = { authorization: `Bearer ${OPERATOR_TOKEN}` };

describe.each(testDatabases)('liveness and readiness on %s', (engine) => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it('is live and ready with the database migrated and Redis answering', async () => {
    const t = await createTestApp(engine, { redisUrl: REDIS_URL, nodeId: 'node-x', metricsToken: OPERATOR_TOKEN });
    apps.push(t);
    const live = await t.app.inject({ method: 'GET', url: '/api/health', headers: operator });
    expect(live.statusCode).toBe(200);
    expect(live.json().result).toEqual({ engine, node: 'node-x', cluster: false });
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready', headers: operator });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().result).toMatchObject({ node: 'node-x', database: 'ok', redis: 'ok', migrations: 'current' });
  });

  it('tells an anonymous caller, or one with another token, the status only: no node id, engine or cluster', async () => {
    const t = await createTestApp(engine, { redisUrl: REDIS_URL, nodeId: 'node-secret', metricsToken: OPERATOR_TOKEN });
    apps.push(t);
    const unconfigured = await createTestApp(engine, { nodeId: 'node-secret' });
    apps.push(unconfigured);
    for (const [app, headers] of [
      [t.app, {}],
      [t.app, { authorization: `Bearer ${'x'.repeat(40)}` }],
      [t.app, { authorization: OPERATOR_TOKEN }],
      // Without METRICS_TOKEN nobody is the operator, whatever they send.
      [unconfigured.app, operator],
      [unconfigured.app, {}],
    ] as const) {
      for (const url of ['/api/health', '/api/ready']) {
        const res = await app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(200);
        expect(res.json(), url).toEqual({ status: 1000, msg: '操作成功', msgDetail: '', result: null });
        expect(res.body, url).not.toMatch(/node-secret|sqlite|postgres|cluster/);
      }
    }
  });

  it('is live but not ready while Redis is down, and ready again when it is back', async () => {
    // A Redis of this test's own, so stopping it disturbs no other test.
    const redis = await startRedis();
    try {
      const t = await createTestApp(engine, { redisUrl: redis.url, metricsToken: OPERATOR_TOKEN });
      apps.push(t);
      expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      await redis.stop();
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready', headers: operator });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 503, msg: '服务暂不可用，请稍后再试', result: null });
      expect(ready.json().msgDetail).toMatch(/^redis: /);
      // The failing check's error names the host and port: the operator's, not a visitor's.
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(anonymous.statusCode).toBe(503);
      expect(anonymous.json()).toEqual({ status: 503, msg: '服务暂不可用，请稍后再试', msgDetail: '', result: null });
      await redis.start();
      await expect
        .poll(async () => (await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode, {
          timeout: 15_000,
          interval: 200,
        })
        .toBe(200);
    } finally {
      await redis.stop();
    }
  });
});

describe('readiness of a database behind the code', () => {
  it('is not ready while migrations are missing, and names them', async () => {
    const db = createDb({ engine: 'sqlite', filename: ':memory:' });
    await migrateToLatest(db.db);
    // As if the newest migration had not run yet (a node of newer code started on an older database).
    const newest = (await db.db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .orderBy('name' as never, 'desc')
      .limit(1)
      .execute()) as Array<{ name: string }>;
    await db.db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', newest[0]!.name as never)
      .execute();
    const app = await buildApp({
      config: testConfig({ metricsToken: OPERATOR_TOKEN }),
      db,
      logger: false,
      serveWeb: false,
    });
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/ready', headers: operator });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().msgDetail).toBe(`migrations not run: ${newest[0]!.name}`);
    } finally {
      await app.close();
      await db.close();
    }
  });
});

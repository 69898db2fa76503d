/**
 * A portal server with a large generated service catalogue, for bench/search and bench/service-list.
 * SQLite (WAL file in a temp dir), the demo seed, then N generated services spread over the demo
 * departments, scenes and types; a session token for student01; and a trivial route as the baseline.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';

export const BENCH_TOKEN = 'bench-token-student01';

const PREFIXES = [
  '',
  '本科生',
  '研究生',
  '留学生',
  '继续教育学院',
  '东校区',
  '西校区',
  '南校区',
  '北校区',
  '医学部',
  '附属中学',
  '附属医院',
  '国际学院',
  '新闻学院',
  '法学院',
  '理学院',
  '工学院',
  '文学院',
  '经济学院',
  '管理学院',
  '艺术学院',
  '体育部',
  '马克思主义学院',
  '外国语学院',
  '信息学院',
  '化学学院',
  '物理学院',
  '生命科学学院',
  '环境学院',
  '建筑学院',
  '数学学院',
  '心理学系',
  '历史学系',
  '哲学系',
  '社会学系',
  '教育学院',
  '软件学院',
  '微电子学院',
  '航天学院',
  '材料学院',
  '能源学院',
  '城市学院',
  '农学院',
  '海洋学院',
  '药学院',
  '护理学院',
  '口腔医学院',
  '公共卫生学院',
  '临床医学院',
  '基础医学院',
  '图书分馆',
  '档案馆',
  '博物馆',
  '出版社',
  '校友会',
  '基金会',
  '工会',
  '离退休处',
  '后勤集团',
  '资产公司',
  '实验中心',
  '分析测试中心',
  '计算中心',
  '网络中心',
  '教师发展中心',
  '创新创业学院',
  '就业指导中心',
  '心理健康中心',
  '体育馆',
  '游泳馆',
  '学生公寓',
  '留学服务中心',
  '校车队',
  '幼儿园',
  '附属小学',
  '培训中心',
  '继续教育中心',
  '国际合作中心',
  '人才服务中心',
  '科技园',
  '产业集团',
  '校医院分院',
  '法律事务室',
  '审计处',
];

export type BenchServer = {
  port: number;
  token: string;
  services: number;
  close: () => Promise<void>;
  app: import('fastify').FastifyInstance;
  dbFile: string | null;
};

/**
 * `engine: 'postgres'` uses BENCH_DATABASE_URL (default: the test database on 127.0.0.1) in a schema of its own,
 * dropped by close(); `logged` logs as in production (level info) into a sink instead of not at all.
 */
export async function startCatalogueServer(
  total: number,
  {
    listen = true,
    engine = 'sqlite',
    logged = false,
  }: { listen?: boolean; engine?: 'sqlite' | 'postgres'; logged?: boolean } = {},
): Promise<BenchServer> {
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { createDb } = await import('../apps/server/src/db/create-db.ts');
  const { migrateToLatest } = await import('../apps/server/src/db/migrate.ts');
  const { seed } = await import('../apps/server/src/db/seed/index.ts');
  const { DEMO_TENANT_ID, DEMO_USERS } = await import('../apps/server/src/db/seed/demo.ts');
  const { tokenHasher } = await import('../apps/server/src/platform/crypto.ts');
  const dir = mkdtempSync(join(tmpdir(), 'portal-catalogue-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dir,
    TOKEN_SECRET: 'bench-token-secret-0123456789abcdefghijkl',
    CLIENT_SECRET: 'bench-client-secret-0123',
    LOG_LEVEL: logged ? 'info' : 'silent',
    WEB_DIST: join(dir, 'no-web'),
  });
  const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const schema = `bench_${process.pid}_${Date.now()}`;
  if (engine === 'postgres') {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`CREATE SCHEMA ${schema}`);
    await c.end();
  }
  const db =
    engine === 'postgres'
      ? createDb({ engine: 'postgres', url: pgUrl, schema, max: 10 })
      : createDb({ engine: 'sqlite', filename: join(dir, 'bench.db') });
  await migrateToLatest(db.db);
  await seed(db.db);

  const base = await db.db.selectFrom('svc_services').where('tenant_id', '=', DEMO_TENANT_ID).selectAll().execute();
  const roles = await db.db
    .selectFrom('svc_service_roles')
    .where('tenant_id', '=', DEMO_TENANT_ID)
    .selectAll()
    .execute();
  const guides = await db.db.selectFrom('svc_guides').where('tenant_id', '=', DEMO_TENANT_ID).selectAll().execute();
  const rolesOf = new Map<string, string[]>();
  for (const r of roles) rolesOf.set(r.service_id, [...(rolesOf.get(r.service_id) ?? []), r.role_id]);
  const guideOf = new Map(guides.map((g) => [g.service_id, g]));
  let n = base.length;
  for (let p = 1; n < total; p++) {
    const prefix = PREFIXES[p % PREFIXES.length]! + (p >= PREFIXES.length ? `${Math.floor(p / PREFIXES.length)}` : '');
    const batch = base.slice(0, Math.min(base.length, total - n)).map((s, i) => ({
      ...s,
      id: `bench-${p}-${i}`,
      service_name: `${prefix}${s.service_name}`,
      visit_count: (s.visit_count * (p + 7)) % 100_000,
      sort: n + i,
    }));
    for (let i = 0; i < batch.length; i += 100)
      await db.db
        .insertInto('svc_services')
        .values(batch.slice(i, i + 100))
        .execute();
    const roleRows = batch.flatMap((s, i) =>
      (rolesOf.get(base[i]!.id) ?? []).map((role_id) => ({ tenant_id: DEMO_TENANT_ID, service_id: s.id, role_id })),
    );
    for (let i = 0; i < roleRows.length; i += 200)
      await db.db
        .insertInto('svc_service_roles')
        .values(roleRows.slice(i, i + 200))
        .execute();
    const guideRows = batch.flatMap((s, i) => {
      const g = guideOf.get(base[i]!.id);
      return g ? [{ ...g, service_id: s.id }] : [];
    });
    for (let i = 0; i < guideRows.length; i += 100)
      await db.db
        .insertInto('svc_guides')
        .values(guideRows.slice(i, i + 100))
        .execute();
    n += batch.length;
  }

  const student = DEMO_USERS.find((u) => u.account === 'student01')!;
  const later = new Date(Date.now() + 3600_000).toISOString();
  await db.db
    .insertInto('sessions')
    .values({
      id: 'bench-session',
      tenant_id: DEMO_TENANT_ID,
      user_id: student.id,
      access_token_hash: tokenHasher(config.tokenSecret)(BENCH_TOKEN),
      access_expires_at: later,
      cas_ticket: 'ST-bench',
      tgt: 'TGT-bench',
      expires_at: later,
      client_ip: '127.0.0.1',
      user_agent: 'catalogue-bench',
      created_at: new Date().toISOString(),
      revoked_at: null,
    })
    .execute();

  if (engine === 'postgres') await sql`analyze`.execute(db.db);
  const app = await buildApp({
    config,
    db,
    logger: logged,
    serveWeb: false,
    ...(logged ? { logStream: { write: () => {} } } : {}),
  });
  // The baseline: a route through the same Fastify stack and auth hook that does no work.
  app.post('/api/bench/noop', { config: { access: 'public' } }, async () => ({
    status: 1000,
    msg: 'ok',
    msgDetail: '',
    result: null,
  }));
  if (listen) await app.listen({ host: '127.0.0.1', port: 0 });
  else await app.ready();
  const address = app.server.address();
  return {
    app,
    port: typeof address === 'object' && address ? address.port : 0,
    token: BENCH_TOKEN,
    services: n,
    dbFile: engine === 'sqlite' ? join(dir, 'bench.db') : null,
    close: async () => {
      await app.close();
      await db.close();
      rmSync(dir, { recursive: true, force: true });
      if (engine === 'postgres') {
        const { default: pg } = await import('pg');
        const c = new pg.Client({ connectionString: pgUrl });
        await c.connect();
        await c.query(`DROP SCHEMA ${schema} CASCADE`);
        await c.end();
      }
    },
  };
}

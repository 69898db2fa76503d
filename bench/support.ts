/**
 * What the in-process benches share: a migrated, seeded app on a SQLite WAL file in `dir` (app.inject, no
 * sockets) with the bearer headers of a demo account, and the median of a series.
 */
import { join } from 'node:path';

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
export const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

export async function seededApp(dir: string, account = 'admin') {
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { createDb } = await import('../apps/server/src/db/create-db.ts');
  const { migrateToLatest } = await import('../apps/server/src/db/migrate.ts');
  const { seed } = await import('../apps/server/src/db/seed/index.ts');
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dir,
    TOKEN_SECRET: 'bench-token-secret-0123456789abcdefghijkl',
    CLIENT_SECRET: 'bench-client-secret-0123',
    LOG_LEVEL: 'silent',
    WEB_DIST: join(dir, 'no-web'),
  });
  const db = createDb({ engine: 'sqlite', filename: join(dir, 'bench.db') });
  await migrateToLatest(db.db);
  await seed(db.db);
  const app = await buildApp({ config, db, logger: false, serveWeb: false });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    payload: { grant_type: 'password', tenantId: '000000', username: account, password: 'Demo@12345' },
  });
  const headers = { authorization: `Bearer ${login.json().result.access_token}` };
  return { app, db, headers };
}

/**
 * Bench users `bench-u-{i}` (demo students of the tenant) with a live session each whose access token is
 * `${tokenPrefix}{i}`, written straight into the database in batches of 500 (the chat and cluster benches connect
 * hundreds of users without logging each in).
 */
export async function seedBenchSessions(
  db: import('../apps/server/src/db/create-db.ts').Db,
  o: { count: number; tokenSecret: string; tokenPrefix: string; userAgent: string; tenantId?: string },
): Promise<void> {
  const { tokenHasher } = await import('../apps/server/src/platform/crypto.ts');
  const hash = tokenHasher(o.tokenSecret);
  const tenant = o.tenantId ?? '000000';
  const now = new Date().toISOString();
  const later = new Date(Date.now() + 3600_000).toISOString();
  for (let start = 0; start < o.count; start += 500) {
    const ids = Array.from({ length: Math.min(500, o.count - start) }, (_, k) => start + k);
    await db
      .insertInto('users')
      .values(
        ids.map((i) => ({
          id: `bench-u-${i}`,
          tenant_id: tenant,
          account: `bench${i}`,
          user_name: `压测用户${i}`,
          nick_name: `压测${i}`,
          password_hash: '-',
          role_id: `${tenant}-student`,
          is_demo: 1,
          status: 1,
          created_at: now,
        })),
      )
      .execute();
    await db
      .insertInto('sessions')
      .values(
        ids.map((i) => ({
          id: `bench-s-${i}`,
          tenant_id: tenant,
          user_id: `bench-u-${i}`,
          access_token_hash: hash(`${o.tokenPrefix}${i}`),
          access_expires_at: later,
          cas_ticket: `ST-bench-${i}`,
          tgt: `TGT-bench-${i}`,
          expires_at: later,
          client_ip: '127.0.0.1',
          user_agent: o.userAgent,
          created_at: now,
          revoked_at: null,
        })),
      )
      .execute();
  }
}

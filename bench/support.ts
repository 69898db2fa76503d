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

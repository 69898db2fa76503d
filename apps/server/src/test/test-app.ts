import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { createDb, type DbHandle, type Engine } from '../db/create-db.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seed } from '../db/seed/index.ts';
import { DEMO_PASSWORD, DEMO_TENANT_ID } from '../db/seed/demo.ts';
import { CONFIGURATION_MENUS } from '@portal/contracts/routes';
import { hashPassword } from '../platform/crypto.ts';

/** Every store test runs on both engines (the Backstage way): `describe.each(testDatabases)`. */
export const testDatabases: Engine[] = ['sqlite', 'postgres'];

export const TEST_PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    env: 'test',
    host: '127.0.0.1',
    port: 0,
    dataDir: '/tmp/portal-test-unused',
    databaseUrl: undefined,
    redisUrl: undefined,
    tokenSecret: 'test-token-secret-0123456789abcdefghijklmnop',
    clientId: 'portal',
    clientSecret: 'test-client-secret-0123',
    demo: true,
    seed: true,
    logLevel: 'silent',
    webDist: '/nonexistent',
    // TEST_FILE_STORE=database runs every test's files through the database back end (ADR 0020).
    ...(process.env.TEST_FILE_STORE === 'database' ? { fileStore: 'database' as const } : {}),
    ...overrides,
  };
}

/**
 * A fresh database for one test file: an in-memory SQLite database, or a PostgreSQL schema of its own
 * (dropped by close()). Migrated and seeded with the demo tenant unless told otherwise (`migrated: false`: empty,
 * for a test that migrates it step by step with migrateUpTo).
 */
export async function createTestDb(engine: Engine, { withSeed = true, migrated = true } = {}): Promise<DbHandle> {
  if (engine === 'sqlite') {
    const handle = createDb({ engine: 'sqlite', filename: ':memory:' });
    if (!migrated) return handle;
    await migrateToLatest(handle.db);
    if (withSeed) await seed(handle.db);
    return handle;
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const handle = createDb({ engine: 'postgres', url: TEST_PG_URL, schema, max: 4 });
  if (migrated) {
    await migrateToLatest(handle.db);
    if (withSeed) await seed(handle.db);
  }
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const c = new pg.Client({ connectionString: TEST_PG_URL });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    },
  };
}

export type TestApp = {
  app: FastifyInstance;
  db: DbHandle;
  config: Config;
  /** Logs a demo account in and returns its tokens. */
  login: (
    account: string,
    tenantId?: string,
  ) => Promise<{ access_token: string; refresh_token: string; user_id: string }>;
  close: () => Promise<void>;
};

/**
 * An app on a fresh test database. `overrides.fileStore` picks where files live: 'local' (DATA_DIR/files, the
 * default; give a dataDir of the test's own) or 'database' (chunks in this database).
 */
export async function createTestApp(engine: Engine, overrides: Partial<Config> = {}): Promise<TestApp> {
  const db = await createTestDb(engine);
  return testAppOn(db, overrides, true);
}

/**
 * A second node: another app instance on the database of `first` (as two nodes behind a load balancer share one
 * PostgreSQL). Its close() closes this app only; close it before `first`.
 */
export async function createPeerTestApp(first: TestApp, overrides: Partial<Config> = {}): Promise<TestApp> {
  return testAppOn(first.db, { ...first.config, ...overrides }, false);
}

async function testAppOn(db: DbHandle, overrides: Partial<Config>, ownsDb: boolean): Promise<TestApp> {
  const config = testConfig(overrides);
  const app = await buildApp({ config, db, logger: false, serveWeb: false });
  await app.ready();
  return {
    app,
    db,
    config,
    login: async (account, tenantId = DEMO_TENANT_ID) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/blade-auth/oauth/token',
        payload: { grant_type: 'password', tenantId, username: account, password: DEMO_PASSWORD },
      });
      const body = res.json();
      if (body.status !== 1000) throw new Error(`login ${account} failed: ${res.body}`);
      return body.result;
    },
    close: async () => {
      await app.close();
      if (ownsDb) await db.close();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * A second tenant whose administrator (account `admin`, the demo password) holds every configuration menu: what
 * tests of tenant scoping log in as.
 */
export async function addTenantWithAdmin(
  db: DbHandle['db'],
  tenantId: string,
  tenantName = '另一所大学',
): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('tenants')
    .values({ tenant_id: tenantId, tenant_name: tenantName, status: 1, created_at: now })
    .execute();
  await db
    .insertInto('roles')
    .values({
      id: `${tenantId}-admin`,
      tenant_id: tenantId,
      role_name: '管理员',
      role_alias: 'administrator',
      role_type: 'admin',
      sort: 1,
    })
    .execute();
  await db
    .insertInto('role_menus')
    .values(CONFIGURATION_MENUS.map((m) => ({ tenant_id: tenantId, role_id: `${tenantId}-admin`, menu_name: m.name })))
    .execute();
  await db
    .insertInto('users')
    .values({
      id: `${tenantId}-admin-u`,
      tenant_id: tenantId,
      account: 'admin',
      user_name: '他校管理员',
      nick_name: '他校',
      password_hash: await hashPassword(DEMO_PASSWORD),
      role_id: `${tenantId}-admin`,
      is_demo: 1,
      status: 1,
      created_at: now,
    })
    .execute();
}

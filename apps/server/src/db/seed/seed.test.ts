import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, DbHandle } from '../create-db.ts';
import { createTestDb, testDatabases } from '../../test/test-app.ts';
import { DEMO_ROLES, DEMO_TENANT_ID, DEMO_USERS } from './demo.ts';
import { dayStart, demoEfficiency } from './efficiency.ts';
import { seed } from './index.ts';

/** Row counts of every table of the schema (read from the database itself, not from a list kept here). */
async function rowCounts(handle: DbHandle): Promise<Record<string, number>> {
  const db = handle.db as unknown as Db;
  let tables = await db.introspection.getTables();
  if (handle.engine === 'postgres') {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    tables = tables.filter((t) => t.schema === rows[0]!.schema);
  }
  const counts: Record<string, number> = {};
  for (const t of tables) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(t.name)}`.execute(db);
    counts[t.name] = Number(rows[0]!.n);
  }
  return counts;
}

describe.each(testDatabases)('the seed on %s', (engine) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb(engine); // migrated and seeded once
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('creates the demo tenant, its roles and the three demo accounts', async () => {
    const users = await handle.db
      .selectFrom('users')
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .select(['account', 'is_demo'])
      .orderBy('account')
      .execute();
    expect(users).toEqual(
      DEMO_USERS.map((u) => ({ account: u.account, is_demo: 1 })).sort((a, b) => a.account.localeCompare(b.account)),
    );
    const roles = await handle.db.selectFrom('roles').where('tenant_id', '=', DEMO_TENANT_ID).select('id').execute();
    expect(roles.map((r) => r.id).sort()).toEqual(DEMO_ROLES.map((r) => r.id).sort());
  });

  it('is idempotent: running it again leaves every table with the same row count', async () => {
    const before = await rowCounts(handle);
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining(['tenants', 'roles', 'role_menus', 'users', 'login_configs', 'password_configs']),
    );
    expect(before.users).toBeGreaterThanOrEqual(DEMO_USERS.length);
    await seed(handle.db);
    await seed(handle.db);
    expect(await rowCounts(handle)).toEqual(before);
  });

  it('keeps what an administrator changed', async () => {
    await handle.db
      .updateTable('tenants')
      .set({ tenant_name: '改过名的大学' })
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .execute();
    await handle.db
      .updateTable('users')
      .set({ password_hash: 'changed' })
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .where('account', '=', 'admin')
      .execute();
    await handle.db
      .updateTable('login_configs')
      .set({ out_log_tip: '新的退出提示' })
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .execute();
    await seed(handle.db);
    const tenant = await handle.db
      .selectFrom('tenants')
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .select('tenant_name')
      .executeTakeFirstOrThrow();
    expect(tenant.tenant_name).toBe('改过名的大学');
    const admin = await handle.db
      .selectFrom('users')
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .where('account', '=', 'admin')
      .select('password_hash')
      .executeTakeFirstOrThrow();
    expect(admin.password_hash).toBe('changed');
    const config = await handle.db
      .selectFrom('login_configs')
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .select('out_log_tip')
      .executeTakeFirstOrThrow();
    expect(config.out_log_tip).toBe('新的退出提示');
  });
});

describe('demo data that a school would believe (issue 16)', () => {
  it('has no process that finished, or a node handled, after the seed day began', () => {
    const anchor = dayStart(Date.now());
    const { processes, nodes } = demoEfficiency(DEMO_TENANT_ID, anchor);
    for (const p of processes) {
      expect(Date.parse(p.started_at)).toBeLessThan(anchor);
      if (p.finished_at) expect(Date.parse(p.finished_at), p.id).toBeLessThanOrEqual(anchor);
    }
    for (const n of nodes) if (n.handled_at) expect(Date.parse(n.handled_at), n.id).toBeLessThanOrEqual(anchor);
  });
});

describe.each(testDatabases)('demo to-dos by role on %s (issue 16)', (engine) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb(engine);
  });
  afterAll(async () => handle?.close());

  it('gives the approvals to the approvers, not to the student', async () => {
    const count = async (account: string, flow: string) => {
      const user = DEMO_USERS.find((u) => u.account === account)!;
      const row = await handle.db
        .selectFrom('wb_todos')
        .where('user_id', '=', user.id)
        .where('kind', '=', 'todo')
        .where('flow_type', '=', flow)
        .select((e) => e.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    expect(await count('teacher01', '请假审批')).toBeGreaterThan(99);
    expect(await count('student01', '请假审批')).toBe(0);
    expect(await count('student01', '报销审批')).toBe(0);
    expect(await count('admin', '报销审批')).toBeGreaterThan(0);
  });
});

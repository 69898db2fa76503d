import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_PG_URL, testDatabases } from '../test/test-app.ts';
import { createDb, type DbHandle, type Engine } from './create-db.ts';
import { migrateToLatest, migrateUpTo } from './migrate.ts';

/** A database of its own, not migrated: in-memory SQLite, or a PostgreSQL schema dropped by close(). */
async function emptyDb(engine: Engine): Promise<DbHandle> {
  if (engine === 'sqlite') return createDb({ engine: 'sqlite', filename: ':memory:' });
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const handle = createDb({ engine: 'postgres', url: TEST_PG_URL, schema, max: 2 });
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

const NOW = '2026-11-24T00:00:00.000Z';
/** Rows in code-point order of a key (the engines' collations differ). */
const byKey = <T>(rows: T[], key: (r: T) => string) =>
  [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));

describe.each(testDatabases)('migration 2026-11-24T14-00_one-department-list on %s (issue 16)', (engine) => {
  let h: DbHandle | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('merges the three lists’ departments into the catalogue’s by name, re-pointing everything, losing nothing', async () => {
    h = await emptyDb(engine);
    await migrateUpTo(h.db, '2026-11-24T13-00_audit-log');
    // The old shape: two lists that disagree.
    const db = h.db as unknown as Kysely<any>;
    for (const t of ['t1', 't2'])
      await db.insertInto('tenants').values({ tenant_id: t, tenant_name: t, status: 1, created_at: NOW }).execute();
    const svc = (id: string, tenant: string, name: string, sort: number) => ({
      id,
      tenant_id: tenant,
      name,
      icon: '',
      sort,
    });
    await db
      .insertInto('svc_depts')
      .values([svc('s-jwc', 't1', '教务处', 1), svc('s-cw', 't1', '财务处', 2), svc('s2-jwc', 't2', '教务处', 1)])
      .execute();
    const osp = (id: string, tenant: string, name: string, parent = '', sort = 0) => ({
      id,
      tenant_id: tenant,
      parent_id: parent,
      dept_name: name,
      responsibility: `${name}的职责`,
      phone: `010-${id}`,
      address: '',
      sort,
      updated_at: NOW,
    });
    await db
      .insertInto('osp_depts')
      .values([
        osp('o-jwc', 't1', '教务处', '', 0),
        osp('o-ks', 't1', '考试中心', 'o-jwc', 1),
        osp('o-xx', 't1', '信息化中心', '', 2),
        // Its old id is taken in the catalogue (教务处 of another tenant): it gets a new one.
        osp('s2-jwc', 't1', '校办', '', 3),
        // Its old id is the catalogue's id of 财务处, which the three lists' 财务处 moves to.
        osp('s-cw', 't1', '图书馆', '', 4),
        osp('o-cw', 't1', '财务处', '', 5),
        osp('o2-jwc', 't2', '教务处', '', 0),
      ])
      .execute();
    const duty = (id: string, tenant: string, dept: string) => ({
      id,
      tenant_id: tenant,
      dept_id: dept,
      duty_name: `职责${id}`,
      duty_type: '职责',
      duty_content: '',
      sort: 0,
      created_at: NOW,
      updated_at: NOW,
    });
    await db
      .insertInto('osp_duties')
      .values([
        duty('d1', 't1', 'o-jwc'),
        duty('d2', 't1', 'o-ks'),
        duty('d3', 't1', 'o-xx'),
        duty('d4', 't1', 's2-jwc'),
        duty('d5', 't2', 'o2-jwc'),
        duty('d6', 't1', 's-cw'),
        duty('d7', 't1', 'o-cw'),
      ])
      .execute();
    await db
      .insertInto('osp_duty_services')
      .values({ tenant_id: 't1', duty_id: 'd1', service_id: 'svc-1', service_name: '成绩单打印' })
      .execute();
    await db
      .insertInto('osp_dept_managers')
      .values([
        { tenant_id: 't1', dept_id: 'o-jwc', user_id: 'u1' },
        { tenant_id: 't2', dept_id: 'o2-jwc', user_id: 'u2' },
      ])
      .execute();
    await db
      .insertInto('user_depts')
      .values([
        { tenant_id: 't1', dept_id: 'o-ks', user_id: 'u1' },
        { tenant_id: 't1', dept_id: 'o-jwc', user_id: 'u3' },
      ])
      .execute();
    await db
      .insertInto('osp_list_services')
      .values({ id: 'ls1', tenant_id: 't1', service_name: '只在三清单', dept_id: 'o-xx' })
      .execute();
    await db
      .insertInto('scheduled_notices')
      .values({
        id: 'sn1',
        tenant_id: 't1',
        mp_id: 'mp',
        title: '通知',
        payload: JSON.stringify({ title: '通知', deptIds: ['o-jwc', 'o-ks'] }),
        publish_at: NOW,
        created_by: 'u1',
        created_at: NOW,
      })
      .execute();

    await migrateToLatest(h.db);

    const depts = await h.db
      .selectFrom('svc_depts')
      .select(['id', 'tenant_id', 'name', 'parent_id', 'sort'])
      .orderBy('tenant_id')
      .orderBy('sort')
      .execute();
    const t1 = depts.filter((d) => d.tenant_id === 't1');
    // The catalogue's ids stay; names the catalogue lacked join it, under the three lists' id where it is free.
    expect(t1.map((d) => [d.name, d.id])).toEqual([
      ['教务处', 's-jwc'],
      ['财务处', 's-cw'],
      ['考试中心', 'o-ks'],
      ['信息化中心', 'o-xx'],
      ['校办', expect.not.stringMatching(/^s2-jwc$/)],
      ['图书馆', expect.not.stringMatching(/^s-cw$/)],
    ]);
    expect(t1.find((d) => d.name === '考试中心')!.parent_id).toBe('s-jwc');
    expect(depts.filter((d) => d.tenant_id === 't2').map((d) => [d.name, d.id])).toEqual([['教务处', 's2-jwc']]);
    const xb = t1.find((d) => d.name === '校办')!.id;
    const lib = t1.find((d) => d.name === '图书馆')!.id;

    // Every duty, manager, user department and service follows its department; details keep the same id.
    const duties = await h.db.selectFrom('osp_duties').select(['id', 'dept_id']).execute();
    expect(byKey(duties, (d) => d.id)).toEqual([
      { id: 'd1', dept_id: 's-jwc' },
      { id: 'd2', dept_id: 'o-ks' },
      { id: 'd3', dept_id: 'o-xx' },
      { id: 'd4', dept_id: xb },
      { id: 'd5', dept_id: 's2-jwc' },
      { id: 'd6', dept_id: lib },
      { id: 'd7', dept_id: 's-cw' },
    ]);
    expect(await h.db.selectFrom('osp_duty_services').select(['duty_id', 'service_id']).execute()).toEqual([
      { duty_id: 'd1', service_id: 'svc-1' },
    ]);
    expect(
      byKey(
        await h.db.selectFrom('osp_dept_managers').select(['tenant_id', 'dept_id', 'user_id']).execute(),
        (m) => m.user_id,
      ),
    ).toEqual([
      { tenant_id: 't1', dept_id: 's-jwc', user_id: 'u1' },
      { tenant_id: 't2', dept_id: 's2-jwc', user_id: 'u2' },
    ]);
    expect(
      byKey(await h.db.selectFrom('user_depts').select(['dept_id', 'user_id']).execute(), (u) => u.user_id),
    ).toEqual([
      { dept_id: 'o-ks', user_id: 'u1' },
      { dept_id: 's-jwc', user_id: 'u3' },
    ]);
    expect(await h.db.selectFrom('osp_list_services').select('dept_id').execute()).toEqual([{ dept_id: 'o-xx' }]);
    const details = await h.db.selectFrom('osp_depts').select(['id', 'tenant_id', 'responsibility', 'phone']).execute();
    expect(byKey(details, (d) => `${d.tenant_id} ${d.id}`)).toEqual(
      byKey(
        [
          { id: 'o-ks', tenant_id: 't1', responsibility: '考试中心的职责', phone: '010-o-ks' },
          { id: 'o-xx', tenant_id: 't1', responsibility: '信息化中心的职责', phone: '010-o-xx' },
          { id: 's-jwc', tenant_id: 't1', responsibility: '教务处的职责', phone: '010-o-jwc' },
          { id: xb, tenant_id: 't1', responsibility: '校办的职责', phone: '010-s2-jwc' },
          { id: 's2-jwc', tenant_id: 't2', responsibility: '教务处的职责', phone: '010-o2-jwc' },
          { id: 's-cw', tenant_id: 't1', responsibility: '财务处的职责', phone: '010-o-cw' },
          { id: lib, tenant_id: 't1', responsibility: '图书馆的职责', phone: '010-s-cw' },
        ],
        (d) => `${d.tenant_id} ${d.id}`,
      ),
    );
    const scheduled = await h.db.selectFrom('scheduled_notices').select('payload').executeTakeFirstOrThrow();
    expect(JSON.parse(scheduled.payload)).toEqual({ title: '通知', deptIds: ['s-jwc', 'o-ks'] });
  });
});

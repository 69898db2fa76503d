import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from './seed/demo.ts';
import type { DbHandle } from './create-db.ts';
import { analyzeTables } from './sql-helpers.ts';
import { createTestDb, testDatabases } from '../test/test-app.ts';

/** Issue 13: after a bulk catalogue import PostgreSQL plans with the new row counts (the import calls analyzeTables). */
describe.each(testDatabases)('planner statistics after a bulk change on %s', (engine) => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb(engine);
  });
  afterAll(async () => h?.close());

  it('knows the new number of services once analyzed', async () => {
    const base = await h.db
      .selectFrom('svc_services')
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .selectAll()
      .executeTakeFirstOrThrow();
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      ...base,
      id: `bulk-${i}`,
      service_name: `批量导入服务${i}`,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await h.db
        .insertInto('svc_services')
        .values(rows.slice(i, i + 200))
        .execute();
    const total = Number(
      (
        await h.db
          .selectFrom('svc_services')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    await analyzeTables(engine, h.db, ['svc_services', 'svc_service_roles', 'svc_guides']);
    if (engine === 'postgres') {
      const { rows: stats } = await sql<{
        reltuples: number;
      }>`select reltuples from pg_class where oid = to_regclass('svc_services')`.execute(h.db);
      expect(Number(stats[0]!.reltuples)).toBe(total);
    } else {
      // Nothing to refresh on SQLite: the call is a no-op that leaves the data as it is.
      expect(total).toBeGreaterThan(3000);
    }
  });
});

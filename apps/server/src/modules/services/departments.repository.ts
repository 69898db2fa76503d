import type { Db } from '../../db/create-db.ts';

/** SQL of the tenant's one department list (`svc_depts`, ADR 0032). Every method takes the tenant first. */
export function departmentsRepository(db: Db) {
  return {
    list(tenantId: string) {
      return db
        .selectFrom('svc_depts')
        .where('tenant_id', '=', tenantId)
        .select(['id', 'name', 'parent_id', 'sort'])
        .orderBy('sort')
        .orderBy('name')
        .execute();
    },
    async maxSort(tenantId: string): Promise<number> {
      const r = await db
        .selectFrom('svc_depts')
        .where('tenant_id', '=', tenantId)
        .select((eb) => eb.fn.max<number>('sort').as('n'))
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },
    async insert(tenantId: string, row: { id: string; name: string; parent_id: string; sort: number }) {
      await db
        .insertInto('svc_depts')
        .values({ ...row, tenant_id: tenantId, icon: '' })
        .execute();
    },
    async setParent(tenantId: string, id: string, parentId: string) {
      await db
        .updateTable('svc_depts')
        .set({ parent_id: parentId })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },
  };
}

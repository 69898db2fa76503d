import type { Db } from '../../db/create-db.ts';
import { engineOf, transact } from '../../db/sql-helpers.ts';

/** SQL of the home layout: the index types (home tabs). Every method takes the tenant first (house style 2). */
export function homeConfigRepository(db: Db) {
  return {
    indexTypes: (tenantId: string) =>
      db
        .selectFrom('wb_index_types')
        .where('tenant_id', '=', tenantId)
        .selectAll()
        .orderBy('sort')
        .orderBy('id')
        .execute(),
    indexType: (tenantId: string, id: string) =>
      db
        .selectFrom('wb_index_types')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .selectAll()
        .executeTakeFirst(),
    /**
     * A tab, locked until the caller's transaction ends (PostgreSQL's FOR UPDATE; SQLite runs one write transaction at
     * a time): cards placed on it one after the other each see the others' (ADR 0071).
     */
    lockIndexType: (tenantId: string, id: string) => {
      const q = db.selectFrom('wb_index_types').where('tenant_id', '=', tenantId).where('id', '=', id).selectAll();
      return (engineOf(db) === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
    },
    insertIndexType: (row: {
      id: string;
      tenant_id: string;
      type_name: string;
      type_name_en?: string;
      layout: string;
      status: number;
      sort: number;
    }) => db.insertInto('wb_index_types').values(row).execute(),
    updateIndexType: (
      tenantId: string,
      id: string,
      set: { type_name?: string; type_name_en?: string; layout?: string; status?: number; sort?: number },
    ) => db.updateTable('wb_index_types').set(set).where('tenant_id', '=', tenantId).where('id', '=', id).execute(),
    /** Sort 1, 2, … in the order of `ids`, in one transaction. */
    async setSort(tenantId: string, ids: string[]) {
      await transact(db, async (trx) => {
        for (const [i, id] of ids.entries())
          await trx
            .updateTable('wb_index_types')
            .set({ sort: i + 1 })
            .where('tenant_id', '=', tenantId)
            .where('id', '=', id)
            .execute();
      });
    },
    removeIndexTypes: (tenantId: string, ids: string[]) =>
      db.deleteFrom('wb_index_types').where('tenant_id', '=', tenantId).where('id', 'in', ids).execute(),
  };
}
export type HomeConfigRepository = ReturnType<typeof homeConfigRepository>;

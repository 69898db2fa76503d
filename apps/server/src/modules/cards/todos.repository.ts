import type { Insertable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { WbTodoTable } from '../../db/tables/workbench.ts';

/** SQL of to-dos a workflow engine sends (wb_todos; issue 16). Tenant first (house style 2). */
export function todosRepository(db: Db) {
  return {
    /**
     * Replaces the to-dos of these ids in one transaction: `rows` are written, the other ids only deleted.
     * Returns which of the ids were there before.
     */
    async replace(tenantId: string, ids: string[], rows: Insertable<WbTodoTable>[]): Promise<Set<string>> {
      return db.transaction().execute(async (trx) => {
        const existing = new Set<string>();
        for (let i = 0; i < ids.length; i += 500) {
          const part = ids.slice(i, i + 500);
          for (const r of await trx
            .selectFrom('wb_todos')
            .where('tenant_id', '=', tenantId)
            .where('id', 'in', part)
            .select('id')
            .execute())
            existing.add(r.id);
          await trx.deleteFrom('wb_todos').where('tenant_id', '=', tenantId).where('id', 'in', part).execute();
        }
        for (let i = 0; i < rows.length; i += 100)
          await trx
            .insertInto('wb_todos')
            .values(rows.slice(i, i + 100))
            .execute();
        return existing;
      });
    },
  };
}

import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { WbNavigationTable } from '../../db/tables/workbench.ts';

/** SQL of the navigation items. Every method takes the tenant first (house style 2). */
export function navigationRepository(db: Db) {
  return {
    navigation: (tenantId: string) =>
      db
        .selectFrom('wb_navigation')
        .where('tenant_id', '=', tenantId)
        .selectAll()
        .orderBy('sort')
        .orderBy('id')
        .execute(),
    navigationItem: (tenantId: string, id: string) =>
      db
        .selectFrom('wb_navigation')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .selectAll()
        .executeTakeFirst(),
    insertNavigation: (row: Insertable<WbNavigationTable>) => db.insertInto('wb_navigation').values(row).execute(),
    updateNavigation: (tenantId: string, id: string, set: Updateable<WbNavigationTable>) =>
      db.updateTable('wb_navigation').set(set).where('tenant_id', '=', tenantId).where('id', '=', id).execute(),
    removeNavigation: (tenantId: string, ids: string[]) =>
      db
        .deleteFrom('wb_navigation')
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', ids)
        .where('is_built', '=', 2)
        .executeTakeFirst(),
    /** One item, built-in or not (the audit log's revert puts its earlier state back). */
    removeNavigationRow: (tenantId: string, id: string) =>
      db.deleteFrom('wb_navigation').where('tenant_id', '=', tenantId).where('id', '=', id).execute(),
    customNavigationCount: async (tenantId: string) =>
      Number(
        (
          await db
            .selectFrom('wb_navigation')
            .where('tenant_id', '=', tenantId)
            .where('is_built', '=', 2)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirst()
        )?.n ?? 0,
      ),
  };
}
export type NavigationRepository = ReturnType<typeof navigationRepository>;

import type { Insertable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { CygjNavigationBarTable, CygjToolTable } from '../../db/tables/catalogue.ts';

/**
 * SQL of the catalogue's part of the workbench configuration file (ADR 0031): the landing page's navigation bar and
 * tools (comb-cygj). No method opens a transaction of its own: the import runs them in its one transaction.
 */
export function catalogueConfigFileRepository(db: Db) {
  return {
    navigationBars: (tenantId: string) =>
      db
        .selectFrom('cygj_navigation_bars')
        .where('tenant_id', '=', tenantId)
        .select(['name', 'url', 'name_en'])
        .orderBy('sort')
        .orderBy('id')
        .execute(),
    tools: (tenantId: string) =>
      db
        .selectFrom('cygj_tools')
        .where('tenant_id', '=', tenantId)
        .select(['tools_name', 'tools_icon', 'tools_url', 'tools_type'])
        .orderBy('sort')
        .orderBy('id')
        .execute(),
    /** Replaces the navigation bar alone (the pre-login configuration's header links); the tools stay. */
    async replaceNavigationBars(tenantId: string, bars: Insertable<CygjNavigationBarTable>[]): Promise<void> {
      await db.deleteFrom('cygj_navigation_bars').where('tenant_id', '=', tenantId).execute();
      if (bars.length) await db.insertInto('cygj_navigation_bars').values(bars).execute();
    },
    async replace(
      tenantId: string,
      bars: Insertable<CygjNavigationBarTable>[],
      tools: Insertable<CygjToolTable>[],
    ): Promise<void> {
      await db.deleteFrom('cygj_navigation_bars').where('tenant_id', '=', tenantId).execute();
      await db.deleteFrom('cygj_tools').where('tenant_id', '=', tenantId).execute();
      if (bars.length) await db.insertInto('cygj_navigation_bars').values(bars).execute();
      if (tools.length) await db.insertInto('cygj_tools').values(tools).execute();
    },
  };
}

import type { Db } from '../../db/create-db.ts';

/**
 * SQL the configuration import (ADR 0031) needs beyond cards.repository.ts: replacing all of a tenant's cards at once.
 * No method opens a transaction of its own: the import runs them in its one transaction.
 */
export function cardsConfigFileRepository(db: Db) {
  return {
    /** Deletes the tenant's cards, their columns, grants and placements, and its common tools. */
    async removeConfigOfTenant(tenantId: string) {
      for (const t of ['wb_card_columns', 'wb_card_roles', 'wb_index_cards', 'wb_cards', 'wb_tools'] as const)
        await db.deleteFrom(t).where('tenant_id', '=', tenantId).execute();
    },
    async insertCardRoles(rows: { tenant_id: string; card_id: string; role_id: string }[]) {
      if (rows.length) await db.insertInto('wb_card_roles').values(rows).execute();
    },
    async insertIndexCards(rows: { tenant_id: string; type_id: string; card_id: string; sort: number }[]) {
      if (rows.length) await db.insertInto('wb_index_cards').values(rows).execute();
    },
  };
}

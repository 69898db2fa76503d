import type { Db } from '../../db/create-db.ts';
import { nowIso } from '../../db/sql-helpers.ts';

/**
 * SQL of the settings store (wb_settings): one JSON value per tenant, owner ('' for the tenant, else a user) and
 * key. Every method takes the tenant first (house style 2).
 */
export function siteSettingsRepository(db: Db) {
  return {
    async setting<T>(tenantId: string, key: string, ownerId = ''): Promise<T | null> {
      const r = await db
        .selectFrom('wb_settings')
        .where('tenant_id', '=', tenantId)
        .where('owner_id', '=', ownerId)
        .where('key', '=', key)
        .select('value')
        .executeTakeFirst();
      return r ? (JSON.parse(r.value) as T) : null;
    },
    async putSetting(tenantId: string, key: string, value: unknown, ownerId = '') {
      const row = { tenant_id: tenantId, owner_id: ownerId, key, value: JSON.stringify(value), updated_at: nowIso() };
      await db
        .insertInto('wb_settings')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['tenant_id', 'owner_id', 'key']).doUpdateSet({ value: row.value, updated_at: row.updated_at }),
        )
        .execute();
    },

    removeSetting: (tenantId: string, key: string, ownerId: string) =>
      db
        .deleteFrom('wb_settings')
        .where('tenant_id', '=', tenantId)
        .where('owner_id', '=', ownerId)
        .where('key', '=', key)
        .execute(),
  };
}
export type SiteSettingsRepository = ReturnType<typeof siteSettingsRepository>;

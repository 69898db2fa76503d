import type { Db } from '../../db/create-db.ts';
import { nowIso } from '../../db/sql-helpers.ts';
import { bumpCatalogue } from './catalogue-version.ts';

/** Guides as administrators write them (svc_guides); each change raises the catalogue version (search, hasGuide). */
export function guidesRepository(db: Db) {
  return {
    service(tenantId: string, serviceId: string) {
      return db
        .selectFrom('svc_services')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', serviceId)
        .select(['id', 'service_name'])
        .executeTakeFirst();
    },

    guide(tenantId: string, serviceId: string) {
      return db
        .selectFrom('svc_guides')
        .where('tenant_id', '=', tenantId)
        .where('service_id', '=', serviceId)
        .select(['content', 'updated_at'])
        .executeTakeFirst();
    },

    async save(tenantId: string, serviceId: string, content: string, text: string): Promise<string> {
      const updated = nowIso();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('svc_guides')
          .values({ tenant_id: tenantId, service_id: serviceId, content, text, updated_at: updated })
          .onConflict((oc) => oc.column('service_id').doUpdateSet({ content, text, updated_at: updated }))
          .execute();
        await bumpCatalogue(trx, tenantId, [serviceId]);
      });
      return updated;
    },

    async remove(tenantId: string, serviceId: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const res = await trx
          .deleteFrom('svc_guides')
          .where('tenant_id', '=', tenantId)
          .where('service_id', '=', serviceId)
          .executeTakeFirst();
        const removed = Number(res.numDeletedRows) > 0;
        if (removed) await bumpCatalogue(trx, tenantId, [serviceId]);
        return removed;
      });
    },
  };
}

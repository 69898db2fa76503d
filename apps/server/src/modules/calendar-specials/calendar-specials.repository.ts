import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import { transact } from '../../db/sql-helpers.ts';
import type { WbHolidayTable, WbServiceSpecialTable } from '../../db/tables/workbench.ts';

/** A special's services, in the order given (sort 1, 2, …). */
async function insertItems(db: Db, tenantId: string, specialId: string, serviceIds: string[]): Promise<void> {
  if (!serviceIds.length) return;
  await db
    .insertInto('wb_service_special_items')
    .values(
      serviceIds.map((service_id, i) => ({ tenant_id: tenantId, special_id: specialId, service_id, sort: i + 1 })),
    )
    .execute();
}

/** SQL of the home page's holidays and service specials. Every method takes the tenant first (house style 2). */
export function calendarSpecialsRepository(db: Db) {
  return {
    holidays: (tenantId: string) =>
      db
        .selectFrom('wb_holidays')
        .where('tenant_id', '=', tenantId)
        .selectAll()
        .orderBy('date')
        .orderBy('created_at')
        .execute(),
    /** Holidays whose last day is on or after `day` (YYYY-MM-DD). */
    holidaysFrom: (tenantId: string, day: string) =>
      db
        .selectFrom('wb_holidays')
        .where('tenant_id', '=', tenantId)
        .where('end_date', '>=', day)
        .selectAll()
        .orderBy('date')
        .orderBy('created_at')
        .execute(),
    holiday: (tenantId: string, id: string) =>
      db
        .selectFrom('wb_holidays')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .selectAll()
        .executeTakeFirst(),
    insertHoliday: (row: Insertable<WbHolidayTable>) => db.insertInto('wb_holidays').values(row).execute(),
    removeHoliday: (tenantId: string, id: string) =>
      db.deleteFrom('wb_holidays').where('tenant_id', '=', tenantId).where('id', '=', id).execute(),
    updateHoliday: (tenantId: string, id: string, set: Updateable<WbHolidayTable>) =>
      db.updateTable('wb_holidays').set(set).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst(),
    removeHolidays: (tenantId: string, ids: string[]) =>
      db.deleteFrom('wb_holidays').where('tenant_id', '=', tenantId).where('id', 'in', ids).executeTakeFirst(),

    /** Service specials by sort; only the enabled ones when `enabledOnly`; at most `limit`. */
    specials: (tenantId: string, opts: { enabledOnly?: boolean; limit?: number } = {}) =>
      db
        .selectFrom('wb_service_specials')
        .where('tenant_id', '=', tenantId)
        .$if(!!opts.enabledOnly, (q) => q.where('enabled', '=', 1))
        .selectAll()
        .orderBy('sort')
        .orderBy('created_at')
        .orderBy('id')
        .$if(!!opts.limit, (q) => q.limit(opts.limit!))
        .execute(),
    special: (tenantId: string, id: string) =>
      db
        .selectFrom('wb_service_specials')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .selectAll()
        .executeTakeFirst(),
    specialItems: (tenantId: string, specialIds: string[]) =>
      specialIds.length
        ? db
            .selectFrom('wb_service_special_items')
            .where('tenant_id', '=', tenantId)
            .where('special_id', 'in', specialIds)
            .select(['special_id', 'service_id'])
            .orderBy('special_id')
            .orderBy('sort')
            .execute()
        : Promise.resolve([]),
    /** A special's services, in order, whether or not they are still in the catalogue (the audit log's state). */
    specialServiceIds: async (tenantId: string, specialId: string) =>
      (
        await db
          .selectFrom('wb_service_special_items')
          .where('tenant_id', '=', tenantId)
          .where('special_id', '=', specialId)
          .select('service_id')
          .orderBy('sort')
          .execute()
      ).map((x) => x.service_id),
    /** Inserts a special as recorded (the audit log's revert, once the current one is removed), services in order. */
    async insertSpecial(
      row: Insertable<WbServiceSpecialTable> & { tenant_id: string; id: string },
      serviceIds: string[],
    ): Promise<void> {
      await db.insertInto('wb_service_specials').values(row).execute();
      await insertItems(db, row.tenant_id, row.id, serviceIds);
    },
    maxSpecialSort: async (tenantId: string) =>
      Number(
        (
          await db
            .selectFrom('wb_service_specials')
            .where('tenant_id', '=', tenantId)
            .select((eb) => eb.fn.max<number>('sort').as('m'))
            .executeTakeFirst()
        )?.m ?? 0,
      ),
    /**
     * Inserts or updates a special and replaces its services (in the given order) in one transaction (the
     * caller's, when there is one: the audit log's, ADR 0030): a failure anywhere leaves the special as it was.
     * Answers false when `update` names no special of the tenant.
     */
    async saveSpecial(
      row: Insertable<WbServiceSpecialTable> & { tenant_id: string; id: string },
      serviceIds: string[],
      update: boolean,
    ): Promise<boolean> {
      return transact(db, async (trx) => {
        if (update) {
          const { tenant_id, id, created_at: _created, ...set } = row;
          const r = await trx
            .updateTable('wb_service_specials')
            .set(set)
            .where('tenant_id', '=', tenant_id)
            .where('id', '=', id)
            .executeTakeFirst();
          if (!Number(r.numUpdatedRows)) return false;
          await trx
            .deleteFrom('wb_service_special_items')
            .where('tenant_id', '=', tenant_id)
            .where('special_id', '=', id)
            .execute();
        } else {
          await trx.insertInto('wb_service_specials').values(row).execute();
        }
        await insertItems(trx, row.tenant_id, row.id, serviceIds);
        return true;
      });
    },
    async removeSpecials(tenantId: string, ids: string[]): Promise<number> {
      return transact(db, async (trx) => {
        await trx
          .deleteFrom('wb_service_special_items')
          .where('tenant_id', '=', tenantId)
          .where('special_id', 'in', ids)
          .execute();
        return Number(
          (
            await trx
              .deleteFrom('wb_service_specials')
              .where('tenant_id', '=', tenantId)
              .where('id', 'in', ids)
              .executeTakeFirst()
          ).numDeletedRows,
        );
      });
    },
  };
}
export type CalendarSpecialsRepository = ReturnType<typeof calendarSpecialsRepository>;

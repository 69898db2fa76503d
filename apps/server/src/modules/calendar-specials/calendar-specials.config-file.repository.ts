import type { Insertable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { WbHolidayTable, WbServiceSpecialTable } from '../../db/tables/workbench.ts';

/**
 * SQL of the holidays and service specials in the workbench configuration file (ADR 0031), beyond
 * calendar-specials.repository.ts. No method opens a transaction of its own: the import runs them in its one.
 */
export function calendarSpecialsConfigFileRepository(db: Db) {
  return {
    /** In a fixed order, so that an export of an imported tenant lists them as the file did. */
    holidays: (tenantId: string) =>
      db
        .selectFrom('wb_holidays')
        .where('tenant_id', '=', tenantId)
        .select(['name', 'date', 'end_date', 'greeting', 'name_en', 'greeting_en'])
        .orderBy('date')
        .orderBy('end_date')
        .orderBy('name')
        .execute(),
    async replace(
      tenantId: string,
      holidays: Insertable<WbHolidayTable>[],
      specials: Insertable<WbServiceSpecialTable>[],
      items: { tenant_id: string; special_id: string; service_id: string; sort: number }[],
    ): Promise<void> {
      for (const t of ['wb_service_special_items', 'wb_service_specials', 'wb_holidays'] as const)
        await db.deleteFrom(t).where('tenant_id', '=', tenantId).execute();
      if (holidays.length) await db.insertInto('wb_holidays').values(holidays).execute();
      if (specials.length) await db.insertInto('wb_service_specials').values(specials).execute();
      if (items.length) await db.insertInto('wb_service_special_items').values(items).execute();
    },
  };
}

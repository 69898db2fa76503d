import type { Db } from '../../db/create-db.ts';
import type { PcCalendarEventTable, PcSemesterTable } from '../../db/tables/personal.ts';

/** SQL of the personal center; every method takes the tenant first (house style 2). */
export function personalRepository(db: Db) {
  return {
    /** Enabled links the role may see: those granted to it, and those granted to no role. */
    async accessLinks(tenantId: string, roleId: string) {
      return db
        .selectFrom('pc_access_links as l')
        .where('l.tenant_id', '=', tenantId)
        .where('l.enabled', '=', 1)
        .where((eb) =>
          eb.or([
            eb.not(
              eb.exists(
                eb
                  .selectFrom('pc_access_link_roles as r')
                  .whereRef('r.link_id', '=', 'l.id')
                  .where('r.tenant_id', '=', tenantId)
                  .select('r.link_id'),
              ),
            ),
            eb.exists(
              eb
                .selectFrom('pc_access_link_roles as r')
                .whereRef('r.link_id', '=', 'l.id')
                .where('r.tenant_id', '=', tenantId)
                .where('r.role_id', '=', roleId)
                .select('r.link_id'),
            ),
          ]),
        )
        .select(['l.id', 'l.system_name', 'l.system_url', 'l.icon', 'l.description', 'l.sort'])
        .orderBy('l.sort')
        .orderBy('l.id')
        .execute();
    },

    /** The semester containing the date, if any. */
    async semesterOn(tenantId: string, date: string) {
      return db
        .selectFrom('pc_semesters')
        .where('tenant_id', '=', tenantId)
        .where('start_date', '<=', date)
        .where('end_date', '>=', date)
        .selectAll()
        .orderBy('start_date')
        .executeTakeFirst();
    },

    async semesters(tenantId: string, schoolYear: string) {
      return db
        .selectFrom('pc_semesters')
        .where('tenant_id', '=', tenantId)
        .where('school_year', '=', schoolYear)
        .selectAll()
        .orderBy('term')
        .execute();
    },

    async events(tenantId: string, schoolYear: string) {
      return db
        .selectFrom('pc_calendar_events')
        .where('tenant_id', '=', tenantId)
        .where('school_year', '=', schoolYear)
        .select(['id', 'name', 'kind', 'start_date', 'end_date'])
        .orderBy('start_date')
        .orderBy('id')
        .execute();
    },

    /** Every semester of the tenant, newest first. */
    allSemesters(tenantId: string) {
      return db
        .selectFrom('pc_semesters')
        .where('tenant_id', '=', tenantId)
        .select(['school_year', 'term', 'name'])
        .orderBy('start_date', 'desc')
        .execute();
    },

    async schoolYears(tenantId: string) {
      const rows = await db
        .selectFrom('pc_semesters')
        .where('tenant_id', '=', tenantId)
        .select('school_year')
        .distinct()
        .orderBy('school_year', 'desc')
        .execute();
      return rows.map((r) => r.school_year);
    },

    semester(tenantId: string, id: string) {
      return db
        .selectFrom('pc_semesters')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .selectAll()
        .executeTakeFirst();
    },

    /** Semesters of the tenant whose dates meet [start, end], other than `exceptId`. */
    overlapping(tenantId: string, start: string, end: string, exceptId: string | null) {
      let q = db
        .selectFrom('pc_semesters')
        .where('tenant_id', '=', tenantId)
        .where('start_date', '<=', end)
        .where('end_date', '>=', start);
      if (exceptId) q = q.where('id', '!=', exceptId);
      return q.select(['id', 'name']).execute();
    },

    async insertSemester(row: PcSemesterTable) {
      await db.insertInto('pc_semesters').values(row).execute();
    },

    async updateSemester(row: PcSemesterTable) {
      const { id, tenant_id, ...values } = row;
      const r = await db
        .updateTable('pc_semesters')
        .set(values)
        .where('tenant_id', '=', tenant_id)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    async removeSemester(tenantId: string, id: string) {
      const r = await db
        .deleteFrom('pc_semesters')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    async insertEvent(row: PcCalendarEventTable) {
      await db.insertInto('pc_calendar_events').values(row).execute();
    },

    async updateEvent(row: PcCalendarEventTable) {
      const { id, tenant_id, ...values } = row;
      const r = await db
        .updateTable('pc_calendar_events')
        .set(values)
        .where('tenant_id', '=', tenant_id)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    async removeEvent(tenantId: string, id: string) {
      const r = await db
        .deleteFrom('pc_calendar_events')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}

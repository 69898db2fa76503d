import type { Insertable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { AuditLogTable } from '../../db/tables/audit.ts';

export type AuditFilter = {
  entityKind?: string;
  action?: string;
  userId?: string;
  /** ISO instants: from (inclusive) and to (exclusive). */
  from?: string;
  to?: string;
};

/** SQL of the configuration audit log (audit_log). Every method takes the tenant first (house style 2). */
export function auditRepository(db: Db) {
  const filtered = (tenantId: string, f: AuditFilter) => {
    let q = db.selectFrom('audit_log').where('tenant_id', '=', tenantId);
    if (f.entityKind) q = q.where('entity_kind', '=', f.entityKind);
    if (f.action) q = q.where('action', '=', f.action);
    if (f.userId) q = q.where('user_id', '=', f.userId);
    if (f.from) q = q.where('at', '>=', f.from);
    if (f.to) q = q.where('at', '<', f.to);
    return q;
  };
  return {
    insert: (row: Insertable<AuditLogTable>) => db.insertInto('audit_log').values(row).execute(),
    entry: (tenantId: string, id: string) =>
      db.selectFrom('audit_log').where('tenant_id', '=', tenantId).where('id', '=', id).selectAll().executeTakeFirst(),
    page: (tenantId: string, f: AuditFilter, offset: number, limit: number) =>
      filtered(tenantId, f)
        .selectAll()
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
    count: async (tenantId: string, f: AuditFilter) =>
      Number(
        (
          await filtered(tenantId, f)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirst()
        )?.n ?? 0,
      ),
    /** Marks an entry reverted unless it already is: false when another revert came first. */
    claimRevert: async (tenantId: string, id: string, revertId: string) =>
      Number(
        (
          await db
            .updateTable('audit_log')
            .set({ reverted_by: revertId })
            .where('tenant_id', '=', tenantId)
            .where('id', '=', id)
            .where('reverted_by', 'is', null)
            .executeTakeFirst()
        ).numUpdatedRows,
      ) === 1,
    /** Everyone who appears in the tenant's log (the filter by user). */
    users: (tenantId: string) =>
      db
        .selectFrom('audit_log')
        .where('tenant_id', '=', tenantId)
        .select(['user_id', 'user_name'])
        .distinct()
        .orderBy('user_name')
        .orderBy('user_id')
        .execute(),
  };
}
export type AuditRepository = ReturnType<typeof auditRepository>;

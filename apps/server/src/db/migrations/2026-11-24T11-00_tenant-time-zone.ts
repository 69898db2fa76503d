import type { Kysely } from 'kysely';

/**
 * The tenant's time zone moves to the tenants table (issue 15/16): every module and the web follow it (dates on the
 * home page, notices, reports), not only the efficiency reports that kept it in their configuration (ADR 0024).
 * A zone already chosen there is carried over.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('tenants')
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull().defaultTo('Asia/Shanghai'))
    .execute();
  const configs = (await db.selectFrom('eff_report_configs').select(['tenant_id', 'config']).execute()) as Array<{
    tenant_id: string;
    config: string;
  }>;
  for (const c of configs) {
    let zone: unknown;
    try {
      zone = (JSON.parse(c.config) as { timeZone?: unknown }).timeZone;
    } catch {
      zone = undefined;
    }
    if (typeof zone === 'string' && zone && zone.length <= 64)
      await db.updateTable('tenants').set({ time_zone: zone }).where('tenant_id', '=', c.tenant_id).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tenants').dropColumn('time_zone').execute();
}

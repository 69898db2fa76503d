import type { Kysely } from 'kysely';

/**
 * One-time combStr tickets of accessWay '5' services (4.4): issued to a logged-in user opening the service,
 * redeemed once by that service through nobody/weixin/combLoginToMicroService (7.3). Only the ticket's HMAC is
 * stored.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('svc_comb_tickets')
    .addColumn('id', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull().references('tenants.tenant_id'))
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('service_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('svc_comb_tickets_expiry').on('svc_comb_tickets').columns(['expires_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('svc_comb_tickets').execute();
}

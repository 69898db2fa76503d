import type { Kysely } from 'kysely';

/**
 * Issue 11, leaks and integrity:
 * - notices.audience: who a notice was addressed to, '*' for everyone in the tenant or the comma-joined role ids;
 *   the public detail page shows a notice to anonymous visitors only when it is '*'. Notices sent before this
 *   migration have none (null) and are shown to their recipients only.
 * - svc_visits: one row per visitor, service and hour (a visitor is a user id, or for anonymous visitors a keyed
 *   hash of address and user agent); clickService raises a service's visit count only when it inserts the row,
 *   so the limit holds across nodes sharing the database.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notices').addColumn('audience', 'varchar(4000)').execute();
  await db.schema
    .createTable('svc_visits')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('service_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('visitor', 'varchar(128)', (c) => c.notNull())
    .addColumn('hour', 'varchar(13)', (c) => c.notNull())
    .addPrimaryKeyConstraint('svc_visits_pk', ['tenant_id', 'service_id', 'visitor', 'hour'])
    .execute();
  await db.schema.createIndex('svc_visits_hour').on('svc_visits').columns(['hour']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('svc_visits').execute();
  await db.schema.alterTable('notices').dropColumn('audience').execute();
}

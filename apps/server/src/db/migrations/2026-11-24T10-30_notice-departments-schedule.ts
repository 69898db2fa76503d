import type { Kysely } from 'kysely';

/**
 * Notices by department and at a time (issue 14):
 * - `user_depts`: the departments (osp_depts) a user belongs to, so that a notice can go to a department and the
 *   departments under it;
 * - `scheduled_notices`: a notice written to be published later; the server publishes it when its time comes
 *   (claimed by one process, then stored and delivered as any notice, under the same id).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_depts')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('dept_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_depts_pk', ['tenant_id', 'dept_id', 'user_id'])
    .execute();
  await db.schema.createIndex('user_depts_user').on('user_depts').columns(['tenant_id', 'user_id']).execute();
  await db.schema
    .createTable('scheduled_notices')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('mp_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    /** The notice as it will be published (SendNoticeRequest with the body cleaned), JSON. */
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('publish_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    /** Set by the process that publishes it (a claim older than a minute may be taken again). */
    .addColumn('claimed_at', 'varchar(32)')
    .addColumn('published_at', 'varchar(32)')
    .addColumn('cancelled_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('scheduled_notices_due')
    .on('scheduled_notices')
    .columns(['published_at', 'cancelled_at', 'publish_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scheduled_notices').execute();
  await db.schema.dropTable('user_depts').execute();
}

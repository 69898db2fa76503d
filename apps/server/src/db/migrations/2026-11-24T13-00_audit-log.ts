import type { Kysely } from 'kysely';

/**
 * The configuration audit log (issue 16, ADR 0030): one row per change an administrator made to the configuration,
 * with who, when, what, and the entity before and after it as JSON (secrets redacted). A revert is a row of its own
 * (`revert_of`), and the entry it undid points at it (`reverted_by`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .addColumn('entity_kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('entity_id', 'varchar(200)', (c) => c.notNull())
    /** create | update | delete | revert */
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('summary', 'varchar(300)', (c) => c.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    /** 0 when a secret was redacted out of before or after: putting it back would write the placeholder. */
    .addColumn('revertible', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('revert_of', 'varchar(64)')
    .addColumn('reverted_by', 'varchar(64)')
    .execute();
  await db.schema.createIndex('audit_log_tenant_at').on('audit_log').columns(['tenant_id', 'at']).execute();
  await db.schema
    .createIndex('audit_log_entity')
    .on('audit_log')
    .columns(['tenant_id', 'entity_kind', 'entity_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}

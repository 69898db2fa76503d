import type { Kysely } from 'kysely';

/**
 * Login throttling as atomic counters (modules/auth/login-throttle.ts, ADR 0015), replacing the rows-per-failure
 * table whose count-then-check let parallel attempts through. One row per key:
 * - 'account:{tenant}:{account}': attempts claimed in the window that started at window_started_ms;
 * - 'address:{ip}': failures in the window, and next_at_ms, the end of the address's last reserved time slot.
 * Times are epoch milliseconds (bigint), compared and added in SQL the same way on both engines.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('window_started_ms', 'bigint', (c) => c.notNull())
    .addColumn('next_at_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('login_throttle_window').on('login_throttle').column('window_started_ms').execute();
  await db.schema.dropTable('login_failures').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('key', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_failures_key').on('login_failures').columns(['key', 'created_at']).execute();
  await db.schema.dropTable('login_throttle').execute();
}

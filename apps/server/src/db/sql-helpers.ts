import { PostgresAdapter, sql as sqlTag } from 'kysely';

/** Any database: the migrations' frozen Kysely<any> as well as the app's Kysely<Database>. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyKysely = import('kysely').Kysely<any>;

/** Dialect-specific bits, kept in one place (house style 8). */

/** True when the error is a unique-constraint violation on either engine. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string; errcode?: string } | null;
  if (!e) return false;
  if (e.code === '23505') return true; // PostgreSQL
  return typeof e.message === 'string' && e.message.includes('UNIQUE constraint failed'); // SQLite
}

/**
 * The start of a statement's SQL text that asks PostgreSQL to keep it prepared per connection (create-db.ts); for
 * statements every request runs, written as one fixed text.
 */
export const PREPARED_MARK = '/* prepared */';

export const nowIso = (ms: number = Date.now()) => new Date(ms).toISOString();

/** The PostgreSQL schema a connection works in (its search_path), or undefined on SQLite. */
export async function currentPgSchema(db: AnyKysely): Promise<string | undefined> {
  try {
    const { sql } = await import('kysely');
    const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
    return rows[0]?.schema ?? undefined;
  } catch {
    return undefined; // SQLite has no current_schema()
  }
}

/**
 * Hours from one ISO-8601 text column (or expression) to another, as a number, on either engine: for
 * durations summed and averaged in SQL (efficiency reports).
 */
export function hoursBetween(
  engine: 'sqlite' | 'postgres',
  from: import('kysely').Expression<unknown>,
  to: import('kysely').Expression<unknown>,
): import('kysely').RawBuilder<number> {
  return engine === 'postgres'
    ? sqlTag<number>`(extract(epoch from (cast(${to} as timestamptz) - cast(${from} as timestamptz))) / 3600.0)`
    : sqlTag<number>`((julianday(${to}) - julianday(${from})) * 24.0)`;
}

/**
 * Refreshes the planner's statistics of `tables` after a bulk change (a catalogue import), so PostgreSQL plans
 * the next queries with the new row counts instead of the empty-table estimates (issue 13). SQLite keeps no
 * statistics unless asked and its planner does well on the catalogue's indexes without them: nothing to do.
 */
export async function analyzeTables(engine: 'sqlite' | 'postgres', db: AnyKysely, tables: string[]): Promise<void> {
  if (engine !== 'postgres' || !tables.length) return;
  await sqlTag`analyze ${sqlTag.join(tables.map((t) => sqlTag.table(t)))}`.execute(db);
}

/** The engine a Kysely instance talks to, from its dialect's adapter (for migrations, which get only the Kysely). */
export function engineOf(db: AnyKysely): 'sqlite' | 'postgres' {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** The column type of raw bytes: bytea on PostgreSQL, blob on SQLite. */
export function binaryColumnType(engine: 'sqlite' | 'postgres'): 'bytea' | 'blob' {
  return engine === 'postgres' ? 'bytea' : 'blob';
}

/**
 * Keeps a bytes column out of line and uncompressed on PostgreSQL (STORAGE EXTERNAL): for file chunks that are
 * mostly compressed already (images, xlsx, zip), where TOAST's pglz would spend CPU for nothing. SQLite: nothing.
 */
export async function storeUncompressed(
  engine: 'sqlite' | 'postgres',
  db: AnyKysely,
  table: string,
  column: string,
): Promise<void> {
  if (engine !== 'postgres') return;
  await sqlTag`alter table ${sqlTag.table(table)} alter column ${sqlTag.ref(column)} set storage external`.execute(db);
}

/**
 * Runs `fn` in a transaction, or inside the caller's when `db` is one already (Kysely cannot nest them): so that a
 * repository method that needs several statements together also works inside a change the audit log records in
 * the same transaction (ADR 0030).
 */
export function transact<DB, T>(
  db: import('kysely').Kysely<DB>,
  fn: (trx: import('kysely').Kysely<DB>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}

import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** How many prepared statements a connection keeps (least recently used ones are dropped first). */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * Adapts Node's built-in `node:sqlite` (Node 24) to the statement interface Kysely's SqliteDialect expects
 * (the better-sqlite3 shape), so the embedded default needs no native addon.
 *
 * Kysely asks for a statement on every query; preparing is a good part of a small query's cost, so prepared
 * statements are kept per SQL text in a bounded LRU. Reusing one is safe: Kysely runs one query at a time
 * per connection, and each call binds its own parameters (all/run reset the statement first).
 */
export function openNodeSqlite(
  filename: string,
  cacheSize = STATEMENT_CACHE_SIZE,
  { syncOnCommit = true }: { syncOnCommit?: boolean } = {},
): SqliteDatabase & { raw: DatabaseSync; cachedStatements: () => number; writes: () => number } {
  const db = new DatabaseSync(filename);
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');
  if (filename !== ':memory:') db.exec('PRAGMA journal_mode = WAL');
  // Every acknowledged commit survives a power loss, not only a process crash (ADR 0018). With synchronous=FULL
  // SQLite fsyncs the WAL inside every COMMIT, on this thread. NORMAL leaves that fsync out; it is then the
  // caller's to do before anything is acknowledged: `durable-sqlite.ts` does it on libuv's thread pool (ADR 0058).
  db.exec(`PRAGMA synchronous = ${syncOnCommit ? 'FULL' : 'NORMAL'}`);
  // 16 MiB of page cache instead of the default 2 MiB: an import's 5,000-row group dirties more pages of the
  // duties' table and four indexes than 2 MiB holds, and every page spilled mid-transaction is written to the WAL
  // again at the next change (a raw 200,000-row insert loop here: 3.4-3.5 s -> 2.3-3.1 s). Pages are cached only
  // as they are used, so a small database keeps a small cache.
  db.exec('PRAGMA cache_size = -16384');
  const cache = new Map<string, { stmt: StatementSync; reader: boolean; writer: boolean }>();
  let writes = 0;
  const prepared = (sql: string) => {
    const hit = cache.get(sql);
    if (hit) {
      // Map keeps insertion order: re-inserting marks it most recently used.
      cache.delete(sql);
      cache.set(sql, hit);
      return hit;
    }
    const stmt = db.prepare(sql);
    const entry = { stmt, reader: stmt.columns().length > 0, writer: writesData(sql) };
    cache.set(sql, entry);
    if (cache.size > cacheSize) cache.delete(cache.keys().next().value!);
    return entry;
  };
  return {
    raw: db,
    cachedStatements: () => cache.size,
    writes: () => writes,
    close: () => {
      cache.clear();
      db.close();
    },
    prepare(sql: string): SqliteStatement {
      const { stmt, reader, writer } = prepared(sql);
      if (writer) writes++;
      return {
        reader,
        all: (params) => stmt.all(...bind(params)),
        run: (params) => stmt.run(...bind(params)),
        iterate: (params) => stmt.iterate(...bind(params)),
      };
    },
  };
}

/**
 * Whether a statement may change the database's contents: anything but a read (`select`, `values`, `explain`), a
 * `pragma` that sets nothing, or transaction control. `commit` itself changes nothing: the writes before it did. A `with` may hold
 * an insert, so it counts as a write. Counted when the statement is prepared for a call (Kysely prepares before
 * every call), so a failed write counts too: that costs a needless wait for an fsync, never a missed one.
 */
export function writesData(sql: string): boolean {
  const first = /^(?:\s|\/\*[\s\S]*?\*\/|--[^\n]*\n)*([a-z]+)/i.exec(sql)?.[1]?.toLowerCase();
  return !(
    first === 'select' ||
    first === 'values' ||
    first === 'explain' ||
    (first === 'pragma' && !sql.includes('=')) ||
    first === 'begin' ||
    first === 'commit' ||
    first === 'end' ||
    first === 'rollback' ||
    first === 'savepoint' ||
    first === 'release'
  );
}

function bind(params: ReadonlyArray<unknown>): SQLInputValue[] {
  return params.map((p) => {
    if (typeof p === 'boolean') return p ? 1 : 0;
    if (p instanceof Date) return p.toISOString();
    if (p === undefined) return null;
    return p as SQLInputValue;
  });
}

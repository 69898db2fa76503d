import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Adapts Node's built-in `node:sqlite` (Node 24) to the statement interface Kysely's SqliteDialect expects
 * (the better-sqlite3 shape), so the embedded default needs no native addon.
 */
export function openNodeSqlite(filename: string): SqliteDatabase & { raw: DatabaseSync } {
  const db = new DatabaseSync(filename);
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');
  if (filename !== ':memory:') db.exec('PRAGMA journal_mode = WAL');
  return {
    raw: db,
    close: () => db.close(),
    prepare(sql: string): SqliteStatement {
      const stmt = db.prepare(sql);
      return {
        reader: stmt.columns().length > 0,
        all: (params) => stmt.all(...bind(params)),
        run: (params) => stmt.run(...bind(params)),
        iterate: (params) => stmt.iterate(...bind(params)),
      };
    },
  };
}

function bind(params: ReadonlyArray<unknown>): SQLInputValue[] {
  return params.map((p) => {
    if (typeof p === 'boolean') return p ? 1 : 0;
    if (p instanceof Date) return p.toISOString();
    if (p === undefined) return null;
    return p as SQLInputValue;
  });
}

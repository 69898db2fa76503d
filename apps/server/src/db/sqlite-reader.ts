import { DatabaseSync, type SQLInputValue } from 'node:sqlite';

/**
 * A read-only connection of its own to a SQLite file, in one read transaction (ADR 0046): a long read such as an
 * export streams a statement with `iterate()` from one snapshot, without holding the connection every request shares
 * (Kysely's SQLite driver has one, and a stream through it would keep every other query waiting, the export's own
 * progress writes included) and without seeing another request's uncommitted writes. WAL lets it read while the
 * main connection writes. Close it when done (it ends the read transaction).
 */
export function openSqliteReader(filename: string): { db: DatabaseSync; close: () => void } {
  const db = new DatabaseSync(filename, { readOnly: true });
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    db.exec('BEGIN');
  } catch (err) {
    db.close();
    throw err;
  }
  return {
    db,
    close: () => {
      if (db.isOpen) db.close();
    },
  };
}

/** Parameters of a compiled Kysely query as node:sqlite binds them. */
export const sqliteParams = (params: readonly unknown[]): SQLInputValue[] =>
  params.map((p) => {
    if (typeof p === 'boolean') return p ? 1 : 0;
    if (p instanceof Date) return p.toISOString();
    if (p === undefined) return null;
    return p as SQLInputValue;
  });

/**
 * SQLite's BINARY order of two texts (that of UTF-8 bytes, which is code point order) in JavaScript, whose `<`
 * compares UTF-16 code units: the two differ only where a surrogate pair meets a code unit from U+E000 up.
 */
export function binaryCompare(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}

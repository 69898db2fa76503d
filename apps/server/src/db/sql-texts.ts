import type { Engine } from './create-db.ts';

/** `(?, ?, …), (?, …)`: `rows` rows of `width` markers. */
export const markRows = (rows: number, width: number): string => {
  const one = `(${markList(width)})`;
  return Array.from({ length: rows }, () => one).join(', ');
};

/** `?, ?, …`: `count` markers. */
export const markList = (count: number): string => Array.from({ length: count }, () => '?').join(', ');

const texts = { sqlite: new Map<string, string>(), postgres: new Map<string, string>() };

/**
 * A hot path's SQL text (issue 13), made once per engine and `key` (a statement and its shape: the number of rows or
 * ids) and run as a compiled query, so no Kysely query is built per call. `make` writes `?` markers as SQLite takes
 * them; for PostgreSQL they become `$1…` in order. Used by the chat's messages and the spreadsheet import.
 */
export function sqlText(engine: Engine, key: string, make: () => string): string {
  const cache = texts[engine];
  let text = cache.get(key);
  if (text === undefined) {
    let n = 0;
    text = engine === 'postgres' ? make().replace(/\?/g, () => `$${++n}`) : make();
    cache.set(key, text);
  }
  return text;
}

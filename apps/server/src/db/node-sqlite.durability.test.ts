import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openNodeSqlite } from './node-sqlite.ts';

/** ADR 0018: the SQLite file runs in WAL with synchronous=FULL, so an acknowledged commit survives a power loss. */
describe('SQLite durability settings', () => {
  it('opens a file database in WAL mode with synchronous FULL', () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-durability-'));
    const db = openNodeSqlite(join(dir, 'x.db'));
    try {
      expect(db.raw.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
      expect(db.raw.prepare('PRAGMA synchronous').get()).toEqual({ synchronous: 2 });
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

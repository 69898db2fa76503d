import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimSqliteFile, SqliteOwnedError } from './sqlite-owner.ts';

describe('one process per SQLite file', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'portal-owner-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses a second process while the first is alive, and says what to do instead', async () => {
    const file = join(dir, 'portal.db');
    // The "first node": a live process of this host that owns the file.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      await writeFile(
        `${file}.owner`,
        JSON.stringify({ pid: other.pid, host: hostname(), since: '2026-11-23T00:00:00Z' }),
      );
      expect(() => claimSqliteFile(file)).toThrow(SqliteOwnedError);
      expect(() => claimSqliteFile(file)).toThrow(
        /already used by another portal process \(pid \d+.*SQLite is single-node.*DATABASE_URL=postgres/,
      );
    } finally {
      other.kill('SIGKILL');
      await new Promise((r) => other.once('exit', r));
    }
    // Once that process is gone its claim is stale, and this process takes the file over.
    const release = claimSqliteFile(file);
    expect(JSON.parse(await readFile(`${file}.owner`, 'utf8'))).toMatchObject({ pid: process.pid });
    release();
    await expect(readFile(`${file}.owner`, 'utf8')).rejects.toThrow();
  });

  it('lets the same process claim again after releasing, and ignores in-memory databases', () => {
    const file = join(dir, 'portal.db');
    claimSqliteFile(file)();
    claimSqliteFile(file)();
    expect(claimSqliteFile(':memory:')).toBeTypeOf('function');
  });
});

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, walFlusherOf } from './create-db.ts';
import { DurableSqliteDialect, WalFlusher, withoutWaitingForDisk } from './durable-sqlite.ts';
import { openNodeSqlite, writesData } from './node-sqlite.ts';

type T = { t: { id: number; v: string } };

/**
 * A flusher whose fsyncs the test finishes by hand (`pending` holds one resolver per fsync begun), or at once
 * while `mode.auto` is set.
 */
function manualFlusher() {
  const pending: { finish: () => void; fail: (err: Error) => void }[] = [];
  const mode = { auto: false };
  const flusher = new WalFlusher(() =>
    mode.auto
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => pending.push({ finish: resolve, fail: reject })),
  );
  return { flusher, pending, mode };
}

/** Whether a promise has settled, after the microtasks and I/O callbacks queued so far have run. */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  p.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

const dirs: string[] = [];
const fileDb = () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-durable-'));
  dirs.push(dir);
  return join(dir, 'x.db');
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A file database with table t, its fsyncs finished by hand from here on. */
async function manualDb() {
  const { flusher, pending, mode } = manualFlusher();
  const database = openNodeSqlite(fileDb(), undefined, { syncOnCommit: false });
  const db = new Kysely<T>({ dialect: new DurableSqliteDialect(database, flusher) });
  mode.auto = true;
  await sql`create table t (id integer primary key, v text)`.execute(db);
  mode.auto = false;
  return { db, database, flusher, pending };
}

/** Finishes every fsync begun, and those begun because of them, until none is left. */
async function drain(pending: { finish: () => void }[]): Promise<void> {
  for (let i = 0; i < 5; i++) {
    while (pending.length) pending.shift()!.finish();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('WalFlusher (ADR 0058)', () => {
  it('makes every commit made while an fsync runs durable with the next one, and no earlier', async () => {
    const { flusher, pending } = manualFlusher();
    const first = flusher.durable(flusher.commit());
    expect(pending).toHaveLength(1);
    // Two more commits while the first fsync runs: they wait for an fsync that begins after them.
    const second = flusher.durable(flusher.commit());
    const third = flusher.durable(flusher.commit());
    expect(pending).toHaveLength(1);
    pending[0]!.finish();
    expect(await settled(first)).toBe(true);
    expect(await settled(second)).toBe(false);
    expect(pending).toHaveLength(2);
    pending[1]!.finish();
    expect(await settled(second)).toBe(true);
    expect(await settled(third)).toBe(true);
    expect(flusher.flushes).toBe(2);
    // Nothing committed since: no fsync.
    await flusher.durable();
    expect(flusher.flushes).toBe(2);
  });

  it('rejects the commits a failed fsync was to cover, and every wait after it', async () => {
    const { flusher, pending } = manualFlusher();
    const lost = flusher.durable(flusher.commit());
    const later = flusher.durable(flusher.commit());
    pending[0]!.fail(new Error('EIO'));
    await expect(lost).rejects.toThrow('EIO');
    // The pages a failed fsync could not write may be gone: a later fsync would prove nothing.
    await expect(later).rejects.toThrow('EIO');
    await expect(flusher.durable(flusher.commit())).rejects.toThrow('EIO');
    expect(pending).toHaveLength(1);
  });
});

describe('SQLite file database, durable through the group fsync (ADR 0058)', () => {
  it('answers a write only after an fsync that began after its commit, with the connection free meanwhile', async () => {
    const { db, database, pending } = await manualDb();
    const write = db.insertInto('t').values({ id: 1, v: 'a' }).execute();
    await new Promise((resolve) => setImmediate(resolve));
    // Committed (SQLite holds the row) but not acknowledged: its fsync has not finished.
    expect(database.raw.prepare('select count(*) as n from t').get()).toEqual({ n: 1 });
    expect(pending).toHaveLength(1);
    expect(await settled(write)).toBe(false);

    // Meanwhile the connection serves others: a second write runs now, and a read that could see the first row
    // waits for the disk as well.
    const second = db.insertInto('t').values({ id: 2, v: 'b' }).execute();
    const read = db.selectFrom('t').selectAll().execute();
    await new Promise((resolve) => setImmediate(resolve));
    expect(database.raw.prepare('select count(*) as n from t').get()).toEqual({ n: 2 });
    expect(await settled(second)).toBe(false);
    expect(await settled(read)).toBe(false);

    pending.shift()!.finish();
    expect(await settled(write)).toBe(true);
    // The second write was committed after the first fsync began: it needs the next one, and so does the read
    // that saw it.
    expect(await settled(second)).toBe(false);
    expect(await settled(read)).toBe(false);
    expect(pending).toHaveLength(1);
    pending.shift()!.finish();
    expect(await settled(second)).toBe(true);
    expect(await read).toHaveLength(2);
    await db.destroy();
  });

  it('answers a read at once when nothing committed is waiting for the disk', async () => {
    const { db, pending } = await manualDb();
    expect(await settled(db.selectFrom('t').selectAll().execute())).toBe(true);
    expect(pending).toHaveLength(0);
    await db.destroy();
  });

  it('waits for the disk after a transaction and a controlled transaction commit, not after a rollback', async () => {
    const { db, flusher, pending } = await manualDb();
    const before = flusher.flushes;

    const trx = db.transaction().execute(async (t) => {
      await t.insertInto('t').values({ id: 10, v: 'x' }).execute();
      return 'done';
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(await settled(trx)).toBe(false);
    await drain(pending);
    expect(await trx).toBe('done');

    const controlled = await db.startTransaction().execute();
    await controlled.insertInto('t').values({ id: 11, v: 'y' }).execute();
    const commit = controlled.commit().execute();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await settled(commit)).toBe(false);
    await drain(pending);
    await commit;

    const fsyncsBefore = flusher.flushes;
    await expect(
      db.transaction().execute(async (t) => {
        await t.insertInto('t').values({ id: 12, v: 'z' }).execute();
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(flusher.flushes).toBe(fsyncsBefore);
    expect(flusher.flushes).toBeGreaterThan(before);
    await db.destroy();
  });
});

describe('SQLite file database, a transaction inside connection()', () => {
  it('waits for the disk at the commit and goes on using the connection after it (as migrations do)', async () => {
    const { db, pending } = await manualDb();
    const scope = db.connection().execute(async (c) => {
      await c.transaction().execute(async (t) => {
        await t.insertInto('t').values({ id: 30, v: 'in scope' }).execute();
      });
      return c.selectFrom('t').select('id').execute();
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(pending).toHaveLength(1);
    expect(await settled(scope)).toBe(false);
    await drain(pending);
    expect(await scope).toEqual([{ id: 30 }]);
    await db.destroy();
  });
});

describe('SQLite file database, work whose commits answer nobody (an import)', () => {
  it('goes on past its commits while their fsync runs; a reader of its rows and the wait at its end still wait', async () => {
    const { db, flusher, pending } = await manualDb();
    const work = withoutWaitingForDisk(async () => {
      for (let i = 0; i < 3; i++) {
        const trx = await db.startTransaction().execute();
        await trx
          .insertInto('t')
          .values({ id: 40 + i, v: 'group' })
          .execute();
        await trx.commit().execute();
      }
      return 'applied';
    });
    // All three groups commit although no fsync has finished.
    expect(await work).toBe('applied');
    expect(pending.length).toBeGreaterThanOrEqual(1);
    // Another request reading the rows waits until they are on disk, and so does the end of the work.
    const read = db.selectFrom('t').select('id').execute();
    const end = flusher.durable();
    expect(await settled(read)).toBe(false);
    expect(await settled(end)).toBe(false);
    await drain(pending);
    expect(await read).toHaveLength(3);
    await end;
    await db.destroy();
  });
});

describe('SQLite file database, when an fsync fails', () => {
  it("rejects the commit it was to cover, and leaves another request's open transaction alone", async () => {
    const { db, database, pending } = await manualDb();
    const failing = db.transaction().execute(async (t) => {
      await t.insertInto('t').values({ id: 20, v: 'lost?' }).execute();
    });
    const outcome = failing.then(
      () => 'committed',
      (err: unknown) => err,
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(pending).toHaveLength(1);
    // Another request's transaction takes the connection while the fsync runs.
    const other = await db.startTransaction().execute();
    await other.insertInto('t').values({ id: 21, v: 'other' }).execute();
    pending.shift()!.fail(new Error('EIO'));
    await new Promise((resolve) => setImmediate(resolve));
    // The failed transaction waits for the connection to come back; the other one is still open and commits.
    expect(database.raw.isTransaction).toBe(true);
    // Its commit fails as well: after a failed fsync no wait for the disk succeeds.
    await expect(other.commit().execute()).rejects.toThrow('EIO');
    expect(await outcome).toEqual(new Error('EIO'));
    // Kysely's rollback after the failed commit undid nothing: not the committed row, not the other transaction.
    expect(database.raw.prepare('select id from t order by id').all()).toEqual([{ id: 20 }, { id: 21 }]);
    expect(database.raw.isTransaction).toBe(false);
    await db.destroy();
  });
});

describe('SQLite file database made by createDb', () => {
  it('runs WAL with synchronous NORMAL, and fsyncs the WAL file itself before a write is answered', async () => {
    const file = fileDb();
    const h = createDb({ engine: 'sqlite', filename: file });
    const flusher = walFlusherOf(h.db)!;
    expect(flusher).not.toBeNull();
    const rows = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(h.db);
    expect(rows.rows[0]!.journal_mode).toBe('wal');
    expect((await sql<{ synchronous: number }>`pragma synchronous`.execute(h.db)).rows[0]!.synchronous).toBe(1);
    await sql`create table k (id integer primary key)`.execute(h.db);
    const before = flusher.flushes;
    await Promise.all(Array.from({ length: 20 }, (_, i) => sql`insert into k (id) values (${i})`.execute(h.db)));
    expect(existsSync(`${file}-wal`)).toBe(true);
    // Twenty writes at once share fsyncs: at least one, far fewer than twenty.
    expect(flusher.flushes - before).toBeGreaterThanOrEqual(1);
    expect(flusher.flushes - before).toBeLessThan(20);
    await h.close();
  });

  it('keeps synchronous FULL where no flusher is in front (openNodeSqlite alone), and none for :memory:', async () => {
    const raw = openNodeSqlite(fileDb());
    expect(raw.raw.prepare('PRAGMA synchronous').get()).toEqual({ synchronous: 2 });
    raw.close();
    const h = createDb({ engine: 'sqlite', filename: ':memory:' });
    expect(walFlusherOf(h.db)).toBeNull();
    await h.close();
  });
});

describe('writesData', () => {
  it('tells statements that may change data from reads and transaction control', () => {
    for (const s of [
      'insert into t values (1)',
      '  UPDATE t set v = 1',
      'delete from t',
      '/* prepared */ insert into t values (1)',
      'with x as (select 1) insert into t select * from x',
      'create table z (id int)',
      'pragma user_version = 3',
      'analyze',
    ])
      expect(writesData(s), s).toBe(true);
    for (const s of [
      'select 1',
      '/* prepared */ select s.id from sessions s',
      '-- note\nselect 1',
      'begin',
      'commit',
      'rollback',
      'savepoint a',
      'release a',
      'pragma journal_mode',
      'explain query plan select 1',
      'values (1)',
    ])
      expect(writesData(s), s).toBe(false);
  });
});

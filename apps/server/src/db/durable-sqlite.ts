import { AsyncLocalStorage } from 'node:async_hooks';
import { open } from 'node:fs/promises';
import { dirname } from 'node:path';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type QueryResult,
  type Driver,
  type QueryCompiler,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
} from 'kysely';
import type { openNodeSqlite } from './node-sqlite.ts';

type NodeSqlite = ReturnType<typeof openNodeSqlite>;

type Waiter = { seq: number; resolve: () => void; reject: (err: unknown) => void };

const unanswered = new AsyncLocalStorage<true>();

/**
 * Runs `work` whose commits answer nobody by themselves (an import's intermediate groups, ADR 0058): its uses of the
 * connection neither wait for the disk nor let the connection go to wait. Whoever reads what it wrote still waits
 * until that is on disk, as for any write; before the work is reported done, wait for the disk (`durable()`, or any
 * write's own wait, which covers every commit before it).
 */
export const withoutWaitingForDisk = <T>(work: () => Promise<T>): Promise<T> => unanswered.run(true, work);

/**
 * Group fsync for the SQLite file (ADR 0058). The connection runs with `synchronous=NORMAL`, so a COMMIT writes the
 * WAL without waiting for the disk; before anything that a commit wrote is acknowledged, an fsync of the WAL file
 * that began after the commit has to finish. That fsync runs on libuv's thread pool, so sockets and requests go on
 * meanwhile, and every commit made while one fsync runs is made durable by the next one: one fsync per round, not
 * per commit.
 *
 * Sequence numbers: `commit()` numbers a commit; `durable(n)` resolves once an fsync that began after commit n has
 * finished. An fsync that fails rejects every wait, then and from then on (the callers answer with an error; the
 * writes may be lost in a power cut): the process has to be restarted, as PostgreSQL stops after a failed fsync.
 */
export class WalFlusher {
  #committed = 0;
  #flushed = 0;
  #running = false;
  #waiters: Waiter[] = [];
  #failure: unknown = null;
  /** fsyncs run so far (tests and benches read it). */
  flushes = 0;

  readonly #sync: () => Promise<void>;

  constructor(sync: () => Promise<void>) {
    this.#sync = sync;
  }

  /** Numbers a commit that has just been made. */
  commit(): number {
    return ++this.#committed;
  }

  /** The number of the last commit made (what a read may have seen). */
  get committed(): number {
    return this.#committed;
  }

  /** Resolves when commit `seq` (by default every commit made so far) is on disk. */
  durable(seq = this.#committed): Promise<void> {
    if (this.#failure !== null) return Promise.reject(this.#failure);
    if (seq <= this.#flushed) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.#waiters.push({ seq, resolve, reject });
      this.#start();
    });
  }

  /** Starts an fsync that covers commit `seq` without waiting for it (work whose commits answer nobody). */
  flushSoon(seq = this.#committed): void {
    if (this.#failure !== null || seq <= this.#flushed) return;
    this.#waiters.push({ seq, resolve: () => undefined, reject: () => undefined });
    this.#start();
  }

  #start(): void {
    if (this.#running || this.#waiters.length === 0) return;
    this.#running = true;
    const target = this.#committed;
    this.flushes++;
    this.#sync().then(
      () => this.#settle(target, null),
      (err: unknown) => this.#settle(target, err ?? new Error('fsync failed')),
    );
  }

  #settle(target: number, err: unknown): void {
    if (err !== null) {
      // After a failed fsync the kernel may have dropped the pages it could not write and marked them clean, so a
      // later fsync that succeeds proves nothing: every wait fails from now on, as PostgreSQL stops on one.
      this.#failure ??= err;
      for (const w of this.#waiters) w.reject(err);
      this.#waiters = [];
      this.#running = false;
      return;
    }
    this.#flushed = Math.max(this.#flushed, target);
    const waiting: Waiter[] = [];
    for (const w of this.#waiters) {
      if (w.seq > target) waiting.push(w);
      else w.resolve();
    }
    this.#waiters = waiting;
    this.#running = false;
    this.#start();
  }
}

/**
 * An fsync of `<file>-wal` (and, the first time it exists, of its directory, so the file's own entry is on disk).
 * A file that does not exist yet holds no commit. fsync on Linux writes the file's pages whichever descriptor wrote
 * them, so a descriptor of our own covers SQLite's writes.
 */
export function walSync(filename: string): () => Promise<void> {
  let dirSynced = false;
  const fsyncPath = async (path: string) => {
    const handle = await open(path, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  };
  return async () => {
    try {
      await fsyncPath(`${filename}-wal`);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    if (!dirSynced) {
      await fsyncPath(dirname(filename));
      dirSynced = true;
    }
  };
}

/** One use of the one connection at a time (Kysely's own mutex for SQLite, which we replace, does the same). */
class Lock {
  #tail: Promise<void> = Promise.resolve();
  acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const ready = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => next);
    return ready;
  }
}

/**
 * One use of the connection, from its acquisition to its release: Kysely hands it back to the driver's
 * commit, rollback and release, so each use keeps its own state (a use that has let the connection go can no
 * longer touch it, nor roll back whatever another use is doing on it).
 */
class ConnectionUse implements DatabaseConnection {
  /** Let go for good: the use has ended. */
  released = false;
  /** A transaction of this use committed and waited for the disk; a rollback now has nothing to undo. */
  committed = false;
  readonly inner: DatabaseConnection;
  release: () => void;
  writesAtAcquire: number;

  constructor(inner: DatabaseConnection, release: () => void, writesAtAcquire: number) {
    this.inner = inner;
    this.release = release;
    this.writesAtAcquire = writesAtAcquire;
  }

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.released) return Promise.reject(new Error('SQLite connection used after it was let go'));
    return this.inner.executeQuery<R>(query);
  }

  streamQuery<R>(query: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<R>> {
    if (this.released) throw new Error('SQLite connection used after it was let go');
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

/**
 * Kysely's SQLite driver, with the lock taken here so that it is let go before the wait for an fsync: a commit
 * releases the connection, then waits until it is durable (its own and everything committed before it); any other
 * use of the connection releases it and waits until whatever had been committed when it finished is durable, so
 * no answer shows another request's write before that write is on disk. Only the waits overlap; the statements
 * still run one at a time.
 */
class DurableSqliteDriver implements Driver {
  readonly #inner: SqliteDriver;
  readonly #lock = new Lock();
  readonly #database: NodeSqlite;
  readonly #flusher: WalFlusher;

  constructor(database: NodeSqlite, flusher: WalFlusher) {
    this.#database = database;
    this.#flusher = flusher;
    this.#inner = new SqliteDriver({ database });
  }

  init(): Promise<void> {
    return this.#inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#lock.acquire();
    return new ConnectionUse(await this.#inner.acquireConnection(), release, this.#database.writes());
  }

  beginTransaction(use: DatabaseConnection): Promise<void> {
    return this.#inner.beginTransaction(use);
  }

  async commitTransaction(use: DatabaseConnection): Promise<void> {
    const u = use as ConnectionUse;
    await this.#inner.commitTransaction(u);
    // Kysely's controlled transactions (`startTransaction`) resolve their commit before the connection is
    // released, and a transaction inside `connection()` goes on using it, so the wait is here: the connection is
    // let go while the disk is waited for, and taken back (after the uses queued meanwhile) for what follows.
    const wrote = this.#database.writes() !== u.writesAtAcquire;
    const seq = wrote ? this.#flusher.commit() : this.#flusher.committed;
    u.writesAtAcquire = this.#database.writes();
    if (unanswered.getStore()) return this.#flusher.flushSoon(seq);
    u.committed = true;
    u.release();
    try {
      await this.#flusher.durable(seq);
    } finally {
      u.release = await this.#lock.acquire();
    }
    u.committed = false;
  }

  async rollbackTransaction(use: DatabaseConnection): Promise<void> {
    const u = use as ConnectionUse;
    // After a COMMIT whose fsync failed Kysely rolls back, but the transaction has committed: nothing to undo.
    if (u.committed) return;
    await this.#inner.rollbackTransaction(u);
    u.writesAtAcquire = this.#database.writes();
  }

  savepoint(use: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.#inner.savepoint(use, name, compile);
  }

  rollbackToSavepoint(use: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.#inner.rollbackToSavepoint(use, name, compile);
  }

  releaseSavepoint(use: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.#inner.releaseSavepoint(use, name, compile);
  }

  async releaseConnection(use: DatabaseConnection): Promise<void> {
    await this.#finish(use as ConnectionUse);
  }

  /** Lets the connection go (once) and waits until what this use wrote, and whatever it may have read, is on disk. */
  async #finish(use: ConnectionUse): Promise<void> {
    if (use.released) return;
    use.released = true;
    // A write outside a transaction has been committed by now; inside one, the COMMIT just ran.
    const wrote = this.#database.writes() !== use.writesAtAcquire && !this.#database.raw.isTransaction;
    const seq = wrote ? this.#flusher.commit() : this.#flusher.committed;
    use.release();
    if (unanswered.getStore()) this.#flusher.flushSoon(seq);
    else await this.#flusher.durable(seq);
  }

  destroy(): Promise<void> {
    return this.#inner.destroy();
  }
}

class MultiUseSqliteAdapter extends SqliteAdapter {
  // The driver above keeps the one connection to one use at a time itself; Kysely's mutex would hold it through
  // the wait for the disk.
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

/** Kysely's SQLite dialect over `openNodeSqlite(..., { syncOnCommit: false })`, durable through `flusher`. */
export class DurableSqliteDialect extends SqliteDialect {
  readonly #database: NodeSqlite;
  readonly #flusher: WalFlusher;

  constructor(database: NodeSqlite, flusher: WalFlusher) {
    super({ database });
    this.#database = database;
    this.#flusher = flusher;
  }

  override createDriver(): Driver {
    return new DurableSqliteDriver(this.#database, this.#flusher);
  }

  override createAdapter(): SqliteAdapter {
    return new MultiUseSqliteAdapter();
  }
}

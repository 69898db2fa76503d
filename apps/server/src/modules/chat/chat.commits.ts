import type { Transaction } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';

/** The writes of one chat fact (a message, an acknowledgement, a read marker), inside a shared transaction. */
export type CommitJob<T> = (trx: Transaction<Database>) => Promise<T>;

type Outcome = { ok: true; value: unknown } | { ok: false; err: unknown };

type Queued = {
  job: CommitJob<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
};

/** At most this many facts in one transaction (a flood is committed in several, one after another). */
export const GROUP_COMMIT_MAX = 500;

/** A PostgreSQL deadlock or serialization failure: the transaction can simply run again. */
export const retryable = (err: unknown) => {
  const code = (err as { code?: string } | null)?.code;
  return code === '40P01' || code === '40001';
};

/**
 * Group commit (issue 13, ADR 0034): chat facts that arrive while a commit is in flight are written together in the
 * next single transaction, so one commit (and on SQLite one fsync of the WAL, ADR 0058) or one commit round trip
 * (PostgreSQL) carries many of them. Nothing is acknowledged early: `run` resolves only after the COMMIT that holds
 * the job's writes is on disk, so the caller sends its receipts afterwards.
 *
 * - Jobs run one after another in arrival order. A job that throws (a duplicate message, a rule) is rolled back alone
 *   and rejects with its error; the others commit: the batch runs first without savepoints, and when a job throws it
 *   is rolled back whole and run again with a savepoint per job.
 * - A failing COMMIT (or BEGIN) rejects every job of the batch: none of their writes exist, no receipt goes out.
 * - A PostgreSQL deadlock or serialization failure runs the whole batch again (at most 4 times).
 * - Batches commit one after another, so the order of facts, and of each user's mailbox sequence, is arrival order.
 *
 * The first job of a batch waits for the end of the event loop's current turn (setImmediate), so that every frame
 * that has already arrived is in it.
 */
export class GroupCommitter {
  private queue: Queued[] = [];
  private running = false;
  private scheduled = false;
  /** Tests only: runs just before COMMIT (throwing makes the commit fail; nothing of the batch is stored). */
  beforeCommitForTests: (() => Promise<void>) | null = null;
  /** Batches committed and facts they held (for the bench and the logs). */
  readonly stats = { batches: 0, jobs: 0 };
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  run<T>(job: CommitJob<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ job, resolve: resolve as (v: unknown) => void, reject });
      this.kick();
    });
  }

  private kick(): void {
    if (this.running || this.scheduled || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.next();
    });
  }

  private async next(): Promise<void> {
    if (this.running || this.queue.length === 0) return;
    this.running = true;
    const batch = this.queue.splice(0, GROUP_COMMIT_MAX);
    try {
      await this.commit(batch);
    } finally {
      this.running = false;
      this.kick();
    }
  }

  private async commit(batch: Queued[]): Promise<void> {
    // First without savepoints (two statements less per fact); a batch in which a job fails is run again with one
    // savepoint per job, so that job alone is rolled back. Jobs only write through `trx`, so running one again is
    // safe (as for a retried deadlock): nothing of a rolled-back attempt remains.
    let savepoints = batch.length === 1;
    for (let attempt = 1; ; attempt++) {
      let outcomes: Outcome[] | null;
      try {
        outcomes = await this.attempt(batch, savepoints);
      } catch (err) {
        if (attempt < 4 && retryable(err)) continue;
        for (const q of batch) q.reject(err);
        return;
      }
      if (outcomes === null) {
        savepoints = true;
        continue;
      }
      this.stats.batches += 1;
      this.stats.jobs += batch.length;
      batch.forEach((q, i) => {
        const o = outcomes[i]!;
        if (o.ok) q.resolve(o.value);
        else q.reject(o.err);
      });
      return;
    }
  }

  /**
   * One transaction of the batch. Without savepoints, a job that fails rolls the whole transaction back and the
   * answer is null (run it again with savepoints). With savepoints, each job's failure is its own.
   */
  private async attempt(batch: Queued[], savepoints: boolean): Promise<Outcome[] | null> {
    const trx = await this.db.startTransaction().execute();
    const outcomes: Outcome[] = [];
    try {
      if (batch.length === 1) {
        // Alone in its transaction: no savepoint needed, its failure is the transaction's.
        try {
          outcomes.push({ ok: true, value: await batch[0]!.job(trx) });
        } catch (err) {
          if (retryable(err)) throw err;
          await trx.rollback().execute();
          return [{ ok: false as const, err }];
        }
      } else if (!savepoints) {
        for (const q of batch) {
          try {
            outcomes.push({ ok: true, value: await q.job(trx) });
          } catch (err) {
            if (retryable(err)) throw err;
            await trx.rollback().execute();
            return null;
          }
        }
      } else {
        for (const q of batch) {
          const sp = await trx.savepoint('chat_fact').execute();
          try {
            const value = await q.job(sp);
            await sp.releaseSavepoint('chat_fact').execute();
            outcomes.push({ ok: true, value });
          } catch (err) {
            if (retryable(err)) throw err;
            await sp.rollbackToSavepoint('chat_fact').execute();
            await sp.releaseSavepoint('chat_fact').execute();
            outcomes.push({ ok: false, err });
          }
        }
      }
      if (this.beforeCommitForTests) await this.beforeCommitForTests();
      await trx.commit().execute();
      return outcomes;
    } catch (err) {
      await trx
        .rollback()
        .execute()
        .catch(() => undefined);
      throw err;
    }
  }
}

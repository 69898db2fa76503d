import type { JobProgress } from '@portal/contracts/transfer';
import { TRANSFER_TEXTS } from '@portal/contracts/transfer';
import type { Db } from '../../db/create-db.ts';
import type { TransferJobRow } from '../../db/tables/transfer.ts';
import { nowIso } from '../../db/sql-helpers.ts';
import { newId } from '../../platform/crypto.ts';
import { tooMany } from '../../platform/errors.ts';
import type { Counters, ProgressMirror } from './transfer.progress.ts';
import { JOB_STALE_MS, transferRepository } from './transfer.repository.ts';

export type { Counters };
import type { RequestContext } from '../../platform/http.ts';

/**
 * The job framework of 7.10: an import or export runs in this process while its progress lives in the
 * database (the row is the job; a poll reads it). A running job beats a heartbeat; a job whose heartbeat
 * stops (crash, restart) is reported failed rather than running forever. Keys are scoped: a poll finds a job
 * only by tenant, user and id together.
 */

/** How often a running job records its heartbeat, and after how long without one it counts as dead. */
export const JOB_HEARTBEAT_MS = 5_000;
export { JOB_STALE_MS };
/** Progress is written at most this often (plus once at the end). */
const PROGRESS_WRITE_MS = 250;
/** Running jobs one user may have at a time. */
export const JOBS_PER_USER = 2;

export type JobOutcome = { resultPath?: string | null; errorPath?: string | null; fileName?: string | null };
export type JobHandle = {
  id: string;
  progress: (c: Counters, force?: boolean) => Promise<void>;
  /**
   * Adds what a batch did to the job row inside the batch's own transaction, so the row's counters are true for
   * every committed row whatever happens next (a crash, a lost Redis mirror): they commit or roll back together.
   */
  commit: (trx: Db, delta: Counters) => Promise<void>;
};

const running = new Map<string, { db: Db; done: Promise<void> }>();

/** Jobs running in this process on the given database. */
export const runningJobIds = (db: Db) => [...running].filter(([, j]) => j.db === db).map(([id]) => id);

/** Resolves when the job (started in this process) has ended; for tests and the bench. */
export const jobSettled = (id: string) => running.get(id)?.done ?? Promise.resolve();

/** Creates the job row and runs `work` in the background; returns the job's key at once. */
export async function startJob(
  db: Db,
  ctx: RequestContext,
  dataset: string,
  kind: 'import' | 'export',
  work: (job: JobHandle) => Promise<JobOutcome>,
  log?: (err: unknown) => void,
  mirror?: ProgressMirror | null,
): Promise<string> {
  const repo = transferRepository(db);
  if ((await repo.countRunning(ctx.tenantId, ctx.userId)) >= JOBS_PER_USER)
    throw tooMany('已有任务正在执行，请稍后再试');
  const id = newId();
  const now = nowIso();
  await repo.insertJob({
    id,
    tenant_id: ctx.tenantId,
    user_id: ctx.userId,
    dataset,
    kind,
    status: 'running',
    total_num: 0,
    finish_num: 0,
    new_insert_num: 0,
    update_num: 0,
    jump_num: 0,
    fail_num: 0,
    error_msg: null,
    error_path: null,
    result_path: null,
    file_name: null,
    started_at: now,
    finished_at: null,
    heartbeat_at: now,
  });

  let last = 0;
  const set = (values: Partial<TransferJobRow>) => repo.updateRunningJob(ctx.tenantId, id, values);
  const counterValues = (c: Counters) => ({
    total_num: c.total,
    finish_num: c.finish,
    new_insert_num: c.inserted,
    update_num: c.updated,
    jump_num: c.skipped,
    fail_num: c.failed,
  });
  let latest: Counters | null = null;
  let savedTotal = 0;
  let committed = false;
  const handle: JobHandle = {
    id,
    async progress(c, force = false) {
      latest = c;
      const t = Date.now();
      if (!force && t - last < PROGRESS_WRITE_MS) return;
      last = t;
      // With Redis the counters go there (the job row gets each batch's counts in the batch's transaction, see
      // commit, and its total when it changes); without, the row gets them here.
      if (mirror) {
        await mirror.save(ctx.tenantId, ctx.userId, id, c);
        if (c.total !== savedTotal) await set({ total_num: c.total });
        savedTotal = c.total;
      } else await set({ ...counterValues(c), heartbeat_at: nowIso(t) });
    },
    async commit(trx, d) {
      committed = true;
      // Not limited to running jobs: rows a job wrote are counted even if another node already gave it up.
      await transferRepository(trx).addCounts(ctx.tenantId, id, {
        finish_num: d.finish,
        new_insert_num: d.inserted,
        update_num: d.updated,
        jump_num: d.skipped,
        fail_num: d.failed,
      });
    },
  };
  const beat = setInterval(() => void set({ heartbeat_at: nowIso() }).catch(() => {}), JOB_HEARTBEAT_MS);
  beat.unref();
  const done = (async () => {
    try {
      const out = await work(handle);
      if (mirror && latest) await mirror.save(ctx.tenantId, ctx.userId, id, latest);
      await set({
        ...(latest ? counterValues(latest) : {}),
        status: 'finished',
        finished_at: nowIso(),
        result_path: out.resultPath ?? null,
        error_path: out.errorPath ?? null,
        file_name: out.fileName ?? null,
      });
    } catch (err) {
      log?.(err);
      // A refusal of the file says what is wrong in words a user understands; anything else is a failure of the
      // job itself (not a restart: that message is for jobs a previous process left behind), with its cause.
      const own = err instanceof Error && /[\u4e00-\u9fa5]/.test(err.message);
      const msg = own ? err.message : TRANSFER_TEXTS.jobFailed;
      const detail = own ? (err as { detail?: string }).detail : err instanceof Error ? err.message : String(err);
      // An import's row already holds the counts of every committed batch (commit); only the total is added.
      const counts = latest ? (committed ? { total_num: (latest as Counters).total } : counterValues(latest)) : {};
      await set({
        ...counts,
        status: 'failed',
        finished_at: nowIso(),
        error_msg: (detail ? `${msg}（${detail}）` : msg).slice(0, 500),
      }).catch(() => {});
    } finally {
      clearInterval(beat);
      running.delete(id);
    }
  })();
  running.set(id, { db, done });
  return id;
}

const duration = (ms: number) => {
  const s = Math.max(0, Math.round(ms / 1000));
  const m = Math.floor(s / 60);
  return m ? `${m}分${s % 60}秒` : `${s}秒`;
};

/** The progress of section 3 from a job row. */
export function progressOf(
  row: TransferJobRow,
  url: string | null,
  live: Counters | null = null,
  now = Date.now(),
): JobProgress {
  const job =
    live && row.status === 'running'
      ? {
          ...row,
          total_num: live.total,
          finish_num: live.finish,
          new_insert_num: live.inserted,
          update_num: live.updated,
          jump_num: live.skipped,
          fail_num: live.failed,
        }
      : row;
  const finished = job.status !== 'running';
  const started = Date.parse(job.started_at);
  const ended = job.finished_at ? Date.parse(job.finished_at) : now;
  // A job that ended without counting anything (failed before its first pass) has done 0 %, not 100 %.
  const rate =
    job.total_num > 0
      ? Math.min(100, Math.round((job.finish_num / job.total_num) * 10_000) / 100)
      : job.status === 'finished'
        ? 100
        : 0;
  // The rows that went in: a skipped duplicate did not (a title of 成功 4 条 over 新增 2 条、跳过 2 条 misled).
  const successNum = job.new_insert_num + job.update_num;
  // An import cut by a restart keeps the groups it committed (ADR 0040): it says so, and it counts as partly done.
  const keptInterrupted =
    job.kind === 'import' &&
    job.status === 'failed' &&
    job.error_msg === TRANSFER_TEXTS.jobInterrupted &&
    successNum > 0;
  const outcome: JobProgress['outcome'] =
    job.status === 'running'
      ? 'running'
      : keptInterrupted
        ? 'partial'
        : job.status === 'failed' || (job.fail_num > 0 && successNum + job.jump_num === 0)
          ? 'failed'
          : job.fail_num > 0
            ? 'partial'
            : 'succeeded';
  const elapsed = ended - started;
  const remain = !finished && job.finish_num > 0 ? (elapsed / job.finish_num) * (job.total_num - job.finish_num) : 0;
  return {
    redisKey: job.id,
    finishRate: job.status === 'finished' ? 100 : rate,
    finished,
    newInsertNum: job.new_insert_num,
    updateNum: job.update_num,
    jumpNum: job.jump_num,
    failNum: job.fail_num,
    totalNum: job.total_num,
    finishNum: job.finish_num,
    useTimeStr: duration(elapsed),
    tryMathRemainTime: duration(remain),
    errorKey: job.error_path ? job.id : null,
    errorMsg: keptInterrupted ? TRANSFER_TEXTS.importInterruptedKept : job.error_msg,
    status: job.status as JobProgress['status'],
    successNum,
    outcome,
    result: job.status === 'finished' && url ? { url } : null,
  };
}

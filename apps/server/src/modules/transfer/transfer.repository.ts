import { TRANSFER_TEXTS } from '@portal/contracts/transfer';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { TransferJobRow, TransferJobTable, TransferUploadTable } from '../../db/tables/transfer.ts';
import { nowIso } from '../../db/sql-helpers.ts';

/** Running jobs whose heartbeat is older than this count as dead (transfer.jobs.ts beats every 5 s). */
export const JOB_STALE_MS = 30_000;

/** Counters of a job as the row keeps them. */
export type JobCounts = Pick<TransferJobRow, 'finish_num' | 'new_insert_num' | 'update_num' | 'jump_num' | 'fail_num'>;

/**
 * The SQL of the transfer module: its jobs (transfer_jobs) and uploads (transfer_uploads). A job or an upload is
 * found only by tenant and user together with its id, except where a signed link already proves the tenant.
 */
export function transferRepository(db: Db) {
  return {
    // ------------------------------------------------------------ jobs
    find(tenantId: string, userId: string, id: string) {
      return db
        .selectFrom('transfer_jobs')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .selectAll()
        .executeTakeFirst();
    },
    async countRunning(tenantId: string, userId: string) {
      const r = await db
        .selectFrom('transfer_jobs')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .where('status', '=', 'running')
        .where('heartbeat_at', '>', nowIso(Date.now() - JOB_STALE_MS))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    /**
     * At start-up of the only process (the embedded default, no REDIS_URL): every job still marked running was
     * left by a process that ended mid-job (crash, restart), so it is failed at once instead of after
     * JOB_STALE_MS. With several nodes (REDIS_URL) a running job may belong to another node: failStale only.
     */
    async failOrphans(now = Date.now()) {
      const r = await db
        .updateTable('transfer_jobs')
        .set({ status: 'failed', error_msg: TRANSFER_TEXTS.jobInterrupted, finished_at: nowIso(now) })
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },
    /** Marks the given jobs (this process's, at shutdown) as failed if they are still running. */
    async failJobs(ids: string[], now = Date.now()) {
      if (!ids.length) return;
      await db
        .updateTable('transfer_jobs')
        .set({ status: 'failed', error_msg: TRANSFER_TEXTS.jobInterrupted, finished_at: nowIso(now) })
        .where('status', '=', 'running')
        .where('id', 'in', ids)
        .execute();
    },
    /** Marks jobs whose heartbeat stopped as failed. */
    async failStale(now = Date.now()) {
      await db
        .updateTable('transfer_jobs')
        .set({ status: 'failed', error_msg: TRANSFER_TEXTS.jobInterrupted, finished_at: nowIso(now) })
        .where('status', '=', 'running')
        .where('heartbeat_at', '<', nowIso(now - JOB_STALE_MS))
        .execute();
    },
    insertJob(row: Insertable<TransferJobTable>) {
      return db.insertInto('transfer_jobs').values(row).execute();
    },
    /** Sets columns of a job while it still runs. */
    updateRunningJob(tenantId: string, id: string, values: Partial<TransferJobRow>) {
      return db
        .updateTable('transfer_jobs')
        .set(values)
        .where('id', '=', id)
        .where('tenant_id', '=', tenantId)
        .where('status', '=', 'running')
        .execute();
    },
    /** Adds a batch's counts to a job (in the batch's transaction: pass it as db), running or not. */
    addCounts(tenantId: string, id: string, d: JobCounts) {
      return db
        .updateTable('transfer_jobs')
        .set((eb) => ({
          finish_num: eb('finish_num', '+', d.finish_num),
          new_insert_num: eb('new_insert_num', '+', d.new_insert_num),
          update_num: eb('update_num', '+', d.update_num),
          jump_num: eb('jump_num', '+', d.jump_num),
          fail_num: eb('fail_num', '+', d.fail_num),
        }))
        .where('id', '=', id)
        .where('tenant_id', '=', tenantId)
        .execute();
    },
    /** A job by tenant and id alone: for a download link whose signature already names both. */
    findSigned(tenantId: string, id: string) {
      return db
        .selectFrom('transfer_jobs')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .selectAll()
        .executeTakeFirst();
    },
    /** Finished jobs older than `before` that still have files (at most 1,000). */
    jobsWithFiles(before: string) {
      return db
        .selectFrom('transfer_jobs')
        .where('status', '!=', 'running')
        .where('finished_at', '<', before)
        .where((eb) => eb.or([eb('result_path', 'is not', null), eb('error_path', 'is not', null)]))
        .select(['id', 'result_path', 'error_path'])
        .limit(1000)
        .execute();
    },
    forgetJobFiles(id: string) {
      return db
        .updateTable('transfer_jobs')
        .set({ result_path: null, error_path: null })
        .where('id', '=', id)
        .execute();
    },

    // ------------------------------------------------------------ uploads
    insertUpload(row: Insertable<TransferUploadTable>) {
      return db.insertInto('transfer_uploads').values(row).execute();
    },
    /** The caller's upload of a data set: the one named, or else the latest. */
    findUpload(tenantId: string, userId: string, dataset: string, id: string | undefined) {
      let q = db
        .selectFrom('transfer_uploads')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .where('dataset', '=', dataset);
      if (id) q = q.where('id', '=', id);
      return q.selectAll().orderBy('created_at', 'desc').limit(1).executeTakeFirst();
    },
    /** Uploads older than `before` (at most 1,000). */
    uploadsBefore(before: string) {
      return db
        .selectFrom('transfer_uploads')
        .where('created_at', '<', before)
        .select(['id', 'storage_path'])
        .limit(1000)
        .execute();
    },
    deleteUpload(id: string) {
      return db.deleteFrom('transfer_uploads').where('id', '=', id).execute();
    },

    // ------------------------------------------------------------ the directory (read by every module)
    /** The tenant's roles in their order: visible roles of services are moved by name. */
    roles(tenantId: string) {
      return db
        .selectFrom('roles')
        .where('tenant_id', '=', tenantId)
        .select(['id', 'role_name'])
        .orderBy('sort')
        .execute();
    },
  };
}

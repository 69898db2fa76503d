import { dirname } from 'node:path';
import { nowIso } from '../../db/sql-helpers.ts';
import { FileKeyError } from '../../platform/file-store.ts';
import type { AppDeps } from '../../platform/http.ts';

/** Uploaded spreadsheets, exported files and failed-rows files are kept this long, then deleted. */
export const TRANSFER_FILE_TTL_MS = 24 * 3600_000;
/** How often the leftovers are looked for. */
export const TRANSFER_CLEANUP_INTERVAL_MS = 3600_000;

/** Runs a removal from the file store; a stored path that is not a valid key names no file (nothing to remove). */
const quietly = async (remove: () => Promise<void>) => {
  try {
    await remove();
  } catch (err) {
    if (!(err instanceof FileKeyError)) throw err;
  }
};

/**
 * Deletes uploads and job files older than TRANSFER_FILE_TTL_MS from the file store (rows of uploads too; job
 * rows stay, without files), and lets the store sweep what interrupted uploads left (not counted).
 */
export async function purgeTransferFiles(deps: AppDeps, now = Date.now()): Promise<number> {
  const files = deps.files;
  const before = nowIso(now - TRANSFER_FILE_TTL_MS);
  let removed = 0;
  const uploads = await deps.db.selectFrom('transfer_uploads').where('created_at', '<', before).select(['id', 'storage_path']).limit(1000).execute();
  for (const u of uploads) {
    await quietly(() => files.remove(u.storage_path));
    await deps.db.deleteFrom('transfer_uploads').where('id', '=', u.id).execute();
    removed++;
  }
  const jobs = await deps.db
    .selectFrom('transfer_jobs')
    .where('status', '!=', 'running')
    .where('finished_at', '<', before)
    .where((eb) => eb.or([eb('result_path', 'is not', null), eb('error_path', 'is not', null)]))
    .select(['id', 'result_path', 'error_path'])
    .limit(1000)
    .execute();
  for (const j of jobs) {
    // An export lives in a folder of its own (exports/{tenant}/{job}/{name}.xlsx): the folder goes.
    const result = j.result_path;
    if (result) await quietly(() => (/^exports\/[^/]+\/[^/]+$/.test(dirname(result)) ? files.removePrefix(dirname(result)) : files.remove(result)));
    if (j.error_path) await quietly(() => files.remove(j.error_path!));
    await deps.db.updateTable('transfer_jobs').set({ result_path: null, error_path: null }).where('id', '=', j.id).execute();
    removed++;
  }
  await files.sweep();
  return removed;
}

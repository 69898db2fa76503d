import { dirname } from 'node:path';
import { nowIso } from '../../db/sql-helpers.ts';
import { FileKeyError } from '../../platform/file-store.ts';
import type { AppDeps } from '../../platform/http.ts';
import { transferRepository } from './transfer.repository.ts';

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
  const repo = transferRepository(deps.db);
  const uploads = await repo.uploadsBefore(before);
  for (const u of uploads) {
    await quietly(() => files.remove(u.storage_path));
    await repo.deleteUpload(u.id);
    removed++;
  }
  const jobs = await repo.jobsWithFiles(before);
  for (const j of jobs) {
    // An export lives in a folder of its own (exports/{tenant}/{job}/{name}.xlsx): the folder goes.
    const result = j.result_path;
    if (result)
      await quietly(() =>
        /^exports\/[^/]+\/[^/]+$/.test(dirname(result)) ? files.removePrefix(dirname(result)) : files.remove(result),
      );
    if (j.error_path) await quietly(() => files.remove(j.error_path!));
    await repo.forgetJobFiles(j.id);
    removed++;
  }
  await files.sweep();
  return removed;
}

import { rm } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { nowIso } from '../../db/sql-helpers.ts';
import type { AppDeps } from '../../platform/http.ts';

/** Uploaded spreadsheets, exported files and failed-rows files are kept this long, then deleted. */
export const TRANSFER_FILE_TTL_MS = 24 * 3600_000;
/** How often the leftovers are looked for. */
export const TRANSFER_CLEANUP_INTERVAL_MS = 3600_000;

const inside = (root: string, relative: string) => {
  const path = resolve(root, relative);
  return path.startsWith(root + '/') ? path : null;
};

/** Deletes uploads and job files older than TRANSFER_FILE_TTL_MS (rows of uploads too; job rows stay, without files). */
export async function purgeTransferFiles(deps: AppDeps, now = Date.now()): Promise<number> {
  const root = resolve(deps.config.dataDir, 'files');
  const before = nowIso(now - TRANSFER_FILE_TTL_MS);
  let removed = 0;
  const uploads = await deps.db.selectFrom('transfer_uploads').where('created_at', '<', before).select(['id', 'storage_path']).limit(1000).execute();
  for (const u of uploads) {
    const path = inside(root, u.storage_path);
    if (path) await rm(path, { force: true });
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
    for (const rel of [j.result_path, j.error_path]) {
      const path = rel ? inside(root, rel) : null;
      // An export lives in a folder of its own (exports/{tenant}/{job}/{name}.xlsx).
      if (path) await rm(rel === j.result_path ? dirname(path) : path, { recursive: true, force: true });
    }
    await deps.db.updateTable('transfer_jobs').set({ result_path: null, error_path: null }).where('id', '=', j.id).execute();
    removed++;
  }
  return removed;
}

import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * SQLite is single-node: one portal process per database file. A second process on the same file would keep its
 * own sessions' sockets, chat presence and search index beside the first, and both would write the file. At
 * start-up the process writes `<file>.owner` (pid and host); a process that finds the file owned by a live
 * process on this host refuses to start and says what to do instead. A file left by a process that died is
 * taken over.
 */
export class SqliteOwnedError extends Error {
  /** The process that holds the file, when known. */
  readonly owner: Owner | undefined;
  constructor(message: string, owner?: Owner) {
    super(message);
    this.owner = owner;
  }
}

export type Owner = { pid: number; host: string; since: string };

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Claims the database file for this process; returns the function that gives it up (call it at shutdown). */
export function claimSqliteFile(filename: string): () => void {
  if (filename === ':memory:') return () => undefined;
  const ownerFile = `${filename}.owner`;
  const me: Owner = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(ownerFile, JSON.stringify(me), { flag: 'wx', mode: 0o600 });
      return () => {
        try {
          const now = JSON.parse(readFileSync(ownerFile, 'utf8')) as Owner;
          if (now.pid === me.pid && now.host === me.host) rmSync(ownerFile, { force: true });
        } catch {
          // Already gone.
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let owner: Owner | null;
    try {
      owner = JSON.parse(readFileSync(ownerFile, 'utf8')) as Owner;
    } catch {
      owner = null;
    }
    if (owner && owner.host === me.host && owner.pid !== me.pid && alive(owner.pid)) {
      throw new SqliteOwnedError(
        `The SQLite database ${filename} is already used by another portal process (pid ${owner.pid}, since ${owner.since}). ` +
          'SQLite is single-node: run one process per database file, or run several nodes on PostgreSQL and Redis ' +
          '(DATABASE_URL=postgres://…, REDIS_URL=redis://…; README, "Running on several nodes").',
        owner,
      );
    }
    // Left by a process that is gone (or by another host on a shared disk, which cannot be checked): take it over.
    rmSync(ownerFile, { force: true });
  }
  throw new SqliteOwnedError(`Could not claim ${filename}.owner`);
}

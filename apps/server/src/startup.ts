import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * What an operator reads when a node cannot start: one line saying what is wrong and what to do, and an exit code a
 * service manager can tell apart (78, EX_CONFIG: the configuration or the data is wrong, restarting will not help;
 * 69, EX_UNAVAILABLE: something the node needs is not reachable yet, a restart may). No stack trace for these.
 */
export class StartupError extends Error {
  readonly exitCode: 69 | 78;
  constructor(message: string, exitCode: 69 | 78) {
    super(message);
    this.exitCode = exitCode;
  }
}

const EX_UNAVAILABLE = 69;
const EX_CONFIG = 78;

/** A database address as it may be printed: host, port and database name, never the user or password. */
export function describeDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/**
 * The data folder (SQLite database, local files, generated secrets) exists before anything is written into it, private
 * to the portal's user: the database holds password hashes and token hashes. A SQLite file made by an earlier version
 * readable by everyone is made private too. Only what this start needs is created: a PostgreSQL node keeping its files
 * in the database writes nothing under DATA_DIR.
 */
export function prepareFolders(sqliteFile: string | null, dataDir: string, localFiles: boolean): void {
  const folders = [
    ...(sqliteFile && sqliteFile !== ':memory:' ? [dirname(sqliteFile)] : []),
    ...(localFiles ? [dataDir] : []),
  ];
  for (const folder of folders) {
    try {
      mkdirSync(folder, { recursive: true, mode: 0o700 });
    } catch (err) {
      throw new StartupError(`The data folder ${folder} cannot be created: ${(err as Error).message}`, EX_CONFIG);
    }
  }
  if (!sqliteFile || sqliteFile === ':memory:') return;
  for (const file of [sqliteFile, `${sqliteFile}-wal`, `${sqliteFile}-shm`]) {
    if (existsSync(file) && (statSync(file).mode & 0o077) !== 0) {
      try {
        chmodSync(file, 0o600);
      } catch {
        // Not ours to change (another owner): the operator's choice stands.
      }
    }
  }
}

/** The operator's message for an error met while opening and migrating the database, or null for an unknown fault. */
export function databaseStartupError(err: unknown, where: string): StartupError | null {
  const e = err as NodeJS.ErrnoException & { errors?: NodeJS.ErrnoException[] };
  const code = e?.code ?? e?.errors?.[0]?.code ?? '';
  const message = e instanceof Error ? e.message : String(err);
  const unknownMigration = /previously executed migration (\S+) is missing/.exec(message);
  if (unknownMigration) {
    return new StartupError(
      `The database ${where} was migrated by a newer version of the portal (its migration ${unknownMigration[1]} is ` +
        'unknown to this one). Start the newer version, or restore the backup taken before the upgrade (docs/operations.md).',
      EX_CONFIG,
    );
  }
  if (['ECONNREFUSED', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', '57P03'].includes(code))
    return new StartupError(`Cannot reach the database ${where}: ${message || code}`, EX_UNAVAILABLE);
  // Unknown host, missing database, refused login or permission, a SQLite file that cannot be opened.
  if (['ENOTFOUND', '3D000', '28P01', '28000', '42501', 'EACCES', 'EPERM', 'EROFS', 'ERR_SQLITE_ERROR'].includes(code))
    return new StartupError(`Cannot open the database ${where}: ${message || code}`, EX_CONFIG);
  return null;
}

/** The operator's message for a failed listen, or null. */
export function listenStartupError(err: unknown, host: string, port: number): StartupError | null {
  const code = (err as NodeJS.ErrnoException)?.code;
  if (code === 'EADDRINUSE')
    return new StartupError(
      `Port ${port} on ${host} is already in use by another process: stop it, or set PORT.`,
      EX_CONFIG,
    );
  if (code === 'EACCES')
    return new StartupError(
      `Port ${port} on ${host} may not be opened by this user (ports below 1024 need privileges): set PORT.`,
      EX_CONFIG,
    );
  if (code === 'EADDRNOTAVAIL')
    return new StartupError(`HOST ${host} is not an address of this machine: set HOST.`, EX_CONFIG);
  return null;
}

/** A warning when WEB_DIST holds no built web app: the API answers but no page is served. */
export function webDistWarning(webDist: string): string | null {
  return existsSync(join(webDist, 'index.html'))
    ? null
    : `WEB_DIST ${webDist} holds no index.html: the API answers, but no page is served (run npm run build, or set WEB_DIST).`;
}

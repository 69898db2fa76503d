import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database.ts';
import { DurableSqliteDialect, WalFlusher, walSync } from './durable-sqlite.ts';
import { openNodeSqlite } from './node-sqlite.ts';
import { pgListen, type Listen } from './pg-listen.ts';
import { PREPARED_MARK } from './sql-helpers.ts';

export type Engine = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
export type DbHandle = {
  db: Db;
  engine: Engine;
  close: () => Promise<void>;
  /** PostgreSQL's connection pool, for its sizes in the metrics (platform/metrics.ts); none on SQLite. */
  pool?: { readonly totalCount: number; readonly idleCount: number; readonly waitingCount: number };
  /** PostgreSQL's LISTEN on a connection of its own (db/pg-listen.ts, ADR 0065); none on SQLite. */
  listen?: Listen;
};

export type DbOptions =
  | { engine: 'sqlite'; filename: string }
  | {
      engine: 'postgres';
      url: string;
      schema?: string;
      max?: number;
      /** An idle connection's error (the server restarted, the session was killed): reported here, never thrown. */
      onIdleError?: (err: Error) => void;
    };

const sqliteFiles = new WeakMap<Db, string>();
const walFlushers = new WeakMap<Db, WalFlusher>();

/** The group fsync of a SQLite file database (null for PostgreSQL and `:memory:`): benches and tests count its fsyncs. */
export const walFlusherOf = (db: Db): WalFlusher | null => walFlushers.get(db) ?? null;

/**
 * Resolves once every commit made so far on `db` is on disk: at once on PostgreSQL and `:memory:`, whose commits
 * wait for themselves; after work run `withoutWaitingForDisk` on a SQLite file (ADR 0058).
 */
export const onDisk = (db: Db): Promise<void> => walFlushers.get(db)?.durable() ?? Promise.resolve();

/**
 * The file of a SQLite database made here (null for PostgreSQL and for `:memory:`), for a long read that opens a
 * read-only connection of its own instead of holding the one connection every request shares (ADR 0046).
 */
export const sqliteFileOf = (db: Db): string | null => sqliteFiles.get(db) ?? null;

/** The only place that picks SQLite or PostgreSQL. */
export function createDb(options: DbOptions): DbHandle {
  if (options.engine === 'sqlite') {
    if (options.filename === ':memory:') {
      const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: openNodeSqlite(':memory:') }) });
      return { db, engine: 'sqlite', close: () => db.destroy() };
    }
    mkdirSync(join(options.filename, '..'), { recursive: true });
    // A file: commits fsync the WAL on the thread pool, one fsync for all that arrived during the last (ADR 0058).
    const flusher = new WalFlusher(walSync(options.filename));
    const database = openNodeSqlite(options.filename, undefined, { syncOnCommit: false });
    const db = new Kysely<Database>({ dialect: new DurableSqliteDialect(database, flusher) });
    sqliteFiles.set(db, options.filename);
    walFlushers.set(db, flusher);
    return { db, engine: 'sqlite', close: () => db.destroy() };
  }
  // int8 (count(*), bigint columns) arrive as numbers: every value this schema keeps fits in 2^53.
  pg.types.setTypeParser(20, (v: string) => Number(v));
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max ?? 10,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  pool.on('connect', preparedByName);
  // Without a listener, pg's pool rethrows an idle client's error as an uncaught 'error' event, which ends the process.
  pool.on('error', (err) => (options.onIdleError ?? (() => undefined))(err));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    engine: 'postgres',
    close: () => db.destroy(),
    pool,
    listen: pgListen({ connectionString: options.url }),
  };
}

/**
 * A statement whose SQL text starts with PREPARED_MARK runs on PostgreSQL as a named prepared statement: parsed and
 * planned once per connection (PostgreSQL then keeps a generic plan), instead of on every call. Only statements
 * every request runs carry it (the session look-up and a visitor's tenant check, platform/auth.ts), so each
 * connection keeps a handful; planning the session look-up took 0.15–0.6 ms against 0.03 ms to run it (issue 13,
 * ADR 0043). SQLite ignores the comment; its statements are prepared once per text already (node-sqlite.ts).
 */
const statementNames = new Map<string, string>();
function preparedByName(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    if (typeof text !== 'string' || !text.startsWith(PREPARED_MARK) || args.length > 2) return query(...args);
    let name = statementNames.get(text);
    if (!name) statementNames.set(text, (name = `portal_${statementNames.size + 1}`));
    return query({ name, text, values });
  };
}

/** Options from the configuration: DATABASE_URL (postgres://…) selects PostgreSQL, else SQLite under DATA_DIR. */
export function dbOptionsFromConfig(config: { databaseUrl?: string | undefined; dataDir: string }): DbOptions {
  const url = config.databaseUrl;
  if (url && /^postgres(ql)?:\/\//.test(url)) return { engine: 'postgres', url };
  if (url && url.startsWith('sqlite:'))
    return { engine: 'sqlite', filename: url.slice('sqlite:'.length) || ':memory:' };
  if (url) throw new Error(`DATABASE_URL must start with postgres:// or sqlite: (got ${url.split(':')[0]}:)`);
  return { engine: 'sqlite', filename: join(config.dataDir, 'portal.db') };
}

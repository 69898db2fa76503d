import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database.ts';
import { openNodeSqlite } from './node-sqlite.ts';

export type Engine = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
export type DbHandle = { db: Db; engine: Engine; close: () => Promise<void> };

export type DbOptions =
  { engine: 'sqlite'; filename: string } | { engine: 'postgres'; url: string; schema?: string; max?: number };

/** The only place that picks SQLite or PostgreSQL. */
export function createDb(options: DbOptions): DbHandle {
  if (options.engine === 'sqlite') {
    if (options.filename !== ':memory:') mkdirSync(join(options.filename, '..'), { recursive: true });
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: openNodeSqlite(options.filename) }) });
    return { db, engine: 'sqlite', close: () => db.destroy() };
  }
  // int8 (count(*), bigint columns) arrive as numbers: every value this schema keeps fits in 2^53.
  pg.types.setTypeParser(20, (v: string) => Number(v));
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max ?? 10,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, engine: 'postgres', close: () => db.destroy() };
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

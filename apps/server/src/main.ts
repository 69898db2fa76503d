import { hostname } from 'node:os';
import { enableCompileCache } from 'node:module';
import { ConfigError, loadConfig } from './config.ts';
import { createDb, dbOptionsFromConfig } from './db/create-db.ts';
import { migrateToLatest } from './db/migrate.ts';
import { claimSqliteFile, SqliteOwnedError } from './db/sqlite-owner.ts';
import { DEMO_PASSWORD, DEMO_TENANT_ID, DEMO_USERS } from './db/seed/demo.ts';
import {
  databaseStartupError,
  describeDatabaseUrl,
  listenStartupError,
  prepareFolders,
  StartupError,
  webDistWarning,
} from './startup.ts';

// Modules compiled once (type stripping and V8's code) are kept under the system's temporary folder and reused by the
// next start of the same code: a restart, a cluster's nodes, a node brought back by its supervisor start sooner.
enableCompileCache();

/** How long a shutdown may take, after the drain window (SHUTDOWN_DRAIN_MS), before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 15_000;

/** Reads the config, opens and migrates the database, seeds the demo tenant, listens, and shuts down cleanly. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
  // Files this process creates (database, uploads, exports, secrets) are readable by its own user only.
  process.umask(0o077);
  const options = dbOptionsFromConfig(config);
  prepareFolders(
    options.engine === 'sqlite' ? options.filename : null,
    config.dataDir,
    config.fileStore !== 'database',
  );
  let release = () => {};
  if (options.engine === 'sqlite') {
    try {
      release = claimSqliteFile(options.filename);
    } catch (err) {
      if (err instanceof SqliteOwnedError) {
        console.error(err.message);
        process.exit(78);
      }
      throw err;
    }
    if (config.redisUrl) {
      console.warn(
        'REDIS_URL is set but the database is SQLite, which is single-node: this process runs alone (cluster mode needs DATABASE_URL=postgres://…).',
      );
    }
  }
  const where = options.engine === 'sqlite' ? options.filename : describeDatabaseUrl(options.url);
  // A PostgreSQL connection that drops while idle (a restart, a fail-over, a killed session) is reported, not fatal:
  // the pool opens a new one for the next query, and /api/ready says 503 while the database is away.
  let logDbError = (err: Error) => console.error(`PostgreSQL connection lost (${where}): ${err.message}`);
  const db = createDb(options.engine === 'postgres' ? { ...options, onIdleError: (err) => logDbError(err) } : options);
  try {
    await migrateToLatest(db.db);
    if (config.seed) await (await import('./db/seed/index.ts')).seed(db.db);
  } catch (err) {
    release();
    await db.close().catch(() => undefined);
    throw databaseStartupError(err, where) ?? err;
  }

  // The app's modules are loaded once the database is open: a node that cannot start says so without loading them.
  const { buildApp } = await import('./app.ts');
  const app = await buildApp({ config, db });
  logDbError = (err) =>
    app.log.warn(`PostgreSQL connection lost (${where}): ${err.message}; the next query opens a new one`);
  const noPages = webDistWarning(config.webDist);
  if (noPages) app.log.warn(noPages);
  // The tenant addresses without ?tenantId= open on (DEFAULT_TENANT) should be one that is there: said, not fatal (the
  // operator may create it next, with the portal running on PostgreSQL).
  const { defaultTenantWarning } = await import('./modules/tenants/tenants.service.ts');
  const noTenant = await defaultTenantWarning(db.db, config.defaultTenant ?? DEMO_TENANT_ID).catch(() => null);
  if (noTenant) app.log.warn(noTenant);
  let closing = false;
  // Graceful shutdown (platform/drain.ts, ADR 0064): the node stops accepting connections (a proxy sends new calls to
  // another node; the readiness check answers 503), answers every call still on a connection it has and closes that
  // connection after the answer, chat sockets close with "service restart" so their clients reconnect to another
  // node, idle connections are left to the proxy to close (up to SHUTDOWN_DRAIN_MS), and running jobs are marked
  // failed. A shutdown that hangs is cut SHUTDOWN_GRACE_MS after the drain window.
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    const graceMs = (config.shutdownDrainMs ?? 0) + SHUTDOWN_GRACE_MS;
    const timer = setTimeout(() => {
      app.log.warn(`shutdown took longer than ${graceMs} ms: exiting`);
      release();
      process.exit(1);
    }, graceMs);
    timer.unref();
    await app.close().catch((err) => app.log.error({ err }, 'closing the app failed'));
    await db.close().catch(() => undefined);
    release();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (err) {
    release();
    throw listenStartupError(err, config.host, config.port) ?? err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const running = `Campus Service Portal is running: http://localhost:${port}/`;
  // A person at a terminal reads lines; a supervisor's log collector reads one JSON object a line, as pino writes the
  // rest (a plain-text banner among them broke line-by-line JSON parsing). Either way regardless of LOG_LEVEL: this
  // is the one line that says the node is up and where.
  if (!process.stdout.isTTY) {
    process.stdout.write(
      `${JSON.stringify({
        level: 30,
        time: Date.now(),
        pid: process.pid,
        hostname: hostname(),
        msg: running,
        url: `http://localhost:${port}/`,
        database: { engine: db.engine, where },
        ...(config.cluster ? { clusterNode: config.nodeId } : {}),
        ...(config.defaultTenant && config.defaultTenant !== DEMO_TENANT_ID
          ? { defaultTenant: config.defaultTenant }
          : {}),
        ...(config.demo
          ? { demo: { tenant: DEMO_TENANT_ID, password: DEMO_PASSWORD, accounts: DEMO_USERS.map((u) => u.account) } }
          : {}),
      })}\n`,
    );
    return;
  }
  const lines = ['', `  ${running}`, `  Database: ${db.engine} (${where})`];
  if (config.cluster)
    lines.push(`  Cluster node ${config.nodeId}: sessions, chat, files and jobs shared through PostgreSQL and Redis`);
  if (config.defaultTenant && config.defaultTenant !== DEMO_TENANT_ID)
    lines.push(`  Addresses without ?tenantId= open on tenant ${config.defaultTenant} (DEFAULT_TENANT)`);
  if (config.demo) {
    lines.push(`  Demo mode: tenant ${DEMO_TENANT_ID}, password ${DEMO_PASSWORD} for every demo account:`);
    for (const u of DEMO_USERS) lines.push(`    ${u.account.padEnd(10)} ${u.user_name}`);
  }
  lines.push('');
  console.log(lines.join('\n'));
}

main().catch((err) => {
  if (err instanceof StartupError) {
    console.error(err.message);
    process.exit(err.exitCode);
  }
  console.error(err);
  process.exit(1);
});

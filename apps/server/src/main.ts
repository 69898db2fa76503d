import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDb, dbOptionsFromConfig } from './db/create-db.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seed } from './db/seed/index.ts';
import { DEMO_PASSWORD, DEMO_TENANT_ID, DEMO_USERS } from './db/seed/demo.ts';

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
  const options = dbOptionsFromConfig(config);
  const db = createDb(options);
  await migrateToLatest(db.db);
  if (config.seed) await seed(db.db);

  const app = await buildApp({ config, db });
  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const where = options.engine === 'sqlite' ? options.filename : 'PostgreSQL';
  const lines = [
    '',
    `  Campus Service Portal is running: http://localhost:${port}/`,
    `  Database: ${db.engine} (${where})`,
  ];
  if (config.demo) {
    lines.push(`  Demo mode: tenant ${DEMO_TENANT_ID}, password ${DEMO_PASSWORD} for every demo account:`);
    for (const u of DEMO_USERS) lines.push(`    ${u.account.padEnd(10)} ${u.user_name}`);
  }
  lines.push('');
  console.log(lines.join('\n'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

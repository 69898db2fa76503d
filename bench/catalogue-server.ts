/**
 * The portal with a generated catalogue in a process of its own, for the HTTP benches (http-load.ts forks it):
 * CATALOGUE_SERVICES services, on SQLite (a WAL file) or, with BENCH_ENGINE=postgres, on PostgreSQL
 * (BENCH_DATABASE_URL, a schema of its own dropped at the end). Logging as in production: level info, to a sink.
 * Sends { port, token, services, dbFile, deptIds, sceneIds, typeIds } when listening; stops on 'stop'.
 */
import { startCatalogueServer } from './catalogue-fixture.ts';

const total = Number(process.env.CATALOGUE_SERVICES ?? 1000);
const engine = process.env.BENCH_ENGINE === 'postgres' ? 'postgres' : 'sqlite';
const server = await startCatalogueServer(total, { listen: true, engine, logged: true });
const ids = async (table: 'svc_depts' | 'svc_scenes' | 'svc_types') =>
  (
    await server.app.deps.db.selectFrom(table).where('tenant_id', '=', '000000').select('id').orderBy('sort').execute()
  ).map((r) => r.id);
process.on('message', (m) => {
  if (m === 'stop') void server.close().then(() => process.exit(0));
});
process.send!({
  port: server.port,
  token: server.token,
  services: server.services,
  dbFile: server.dbFile,
  deptIds: await ids('svc_depts'),
  sceneIds: await ids('svc_scenes'),
  typeIds: await ids('svc_types'),
});

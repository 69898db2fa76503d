/**
 * A chat node in a child process, for tests that kill a node outright (SIGKILL: no shutdown, no goodbye to Redis).
 * Argument: JSON { schema, redisUrl, nodeId, heartbeatMs, ttlMs }; the database schema is migrated and seeded
 * by the parent. Prints one JSON line { port, nodeId } once listening, where nodeId is the node's presence name.
 */
import { buildApp } from '../../app.ts';
import { createDb } from '../../db/create-db.ts';
import { TEST_PG_URL, testConfig } from '../../test/test-app.ts';
import { presenceTimingsForTests } from './chat.bus.ts';
import { chatRuntime } from './chat.hub.ts';

const opts = JSON.parse(process.argv[2] ?? '{}') as {
  schema: string;
  redisUrl: string;
  nodeId: string;
  heartbeatMs: number;
  ttlMs: number;
};
const db = createDb({ engine: 'postgres', url: TEST_PG_URL, schema: opts.schema, max: 4 });
const config = testConfig({ redisUrl: opts.redisUrl, nodeId: opts.nodeId });
presenceTimingsForTests.set(config, { heartbeatMs: opts.heartbeatMs, ttlMs: opts.ttlMs });
const app = await buildApp({ config, db, logger: false, serveWeb: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.stdout.write(`${JSON.stringify({ port, nodeId: (await chatRuntime(app)).presence.nodeId })}\n`);

import { Agent, request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createDb } from '../db/create-db.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { testConfig } from '../test/test-app.ts';

type Answer = { status: number; connection: string | undefined; body: string };

/** One GET over the agent's connection (an agent of one kept-alive socket: the same connection every time). */
const get = (port: number, path: string, agent: Agent) =>
  new Promise<Answer>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }));
    });
    req.on('error', reject);
    req.end();
  });

describe('a node shutting down behind a proxy (platform/drain.ts)', () => {
  it('refuses new connections, answers calls on the ones it has with Connection: close, and waits for them to close', async () => {
    const db = createDb({ engine: 'sqlite', filename: ':memory:' });
    await migrateToLatest(db.db);
    // A drain window far longer than the test: the close can only end because the connections were closed.
    const app = await buildApp({
      config: testConfig({ shutdownDrainMs: 60_000 }),
      db,
      logger: false,
      serveWeb: false,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as { port: number }).port;
    const proxy = [1, 2].map(() => new Agent({ keepAlive: true, maxSockets: 1 }));
    try {
      // Two kept-alive connections, as a proxy holds them.
      for (const agent of proxy) expect((await get(port, '/api/health', agent)).status).toBe(200);

      let closed = false;
      const closing = app.close().then(() => (closed = true));
      await expect.poll(() => app.server.listening).toBe(false);

      // A new connection is refused: a proxy tries the next node, having sent nothing.
      await expect(get(port, '/api/health', new Agent())).rejects.toMatchObject({ code: 'ECONNREFUSED' });
      // A call on a connection the node has is answered as usual, and the connection closed after it.
      const first = await get(port, '/api/health', proxy[0]!);
      expect(first).toMatchObject({ status: 200, connection: 'close' });
      // The other connection is still open: the node waits for it.
      expect(closed).toBe(false);
      // Readiness says "not ready" from the start of the shutdown, over the connection the node still has.
      const ready = await get(port, '/api/ready', proxy[1]!);
      expect(ready).toMatchObject({ status: 503, connection: 'close' });
      expect(JSON.parse(ready.body).msgDetail).toBe('shutting down');
      await closing;
    } finally {
      for (const agent of proxy) agent.destroy();
      await app.close();
      await db.close();
    }
  });

  it('closes at once with no drain window (a single node)', async () => {
    const db = createDb({ engine: 'sqlite', filename: ':memory:' });
    await migrateToLatest(db.db);
    const app = await buildApp({ config: testConfig(), db, logger: false, serveWeb: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as { port: number }).port;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect((await get(port, '/api/health', agent)).status).toBe(200);
      // An idle kept-alive connection does not hold the close.
      await app.close();
    } finally {
      agent.destroy();
      await db.close();
    }
  });
});

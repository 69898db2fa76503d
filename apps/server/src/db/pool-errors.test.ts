import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { TEST_PG_URL } from '../test/test-app.ts';
import { createDb } from './create-db.ts';

describe('a PostgreSQL connection killed under the pool', () => {
  it('is reported to the handler, ends nothing, and the next query runs on a new connection', async () => {
    const lost: Error[] = [];
    let reported = () => {};
    const seen = new Promise<void>((r) => (reported = r));
    const handle = createDb({
      engine: 'postgres',
      url: TEST_PG_URL,
      max: 2,
      onIdleError: (err) => {
        lost.push(err);
        reported();
      },
    });
    const admin = new pg.Client({ connectionString: TEST_PG_URL });
    await admin.connect();
    try {
      // One query leaves its connection idle in the pool, as between two requests.
      const pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db)).rows[0]!.pid;
      await admin.query('select pg_terminate_backend($1)', [pid]);
      // Without a listener, pg's pool rethrew this as an uncaught 'error' event and the process ended (issue 12's
      // operator: every node of a cluster died when PostgreSQL restarted).
      await seen;
      expect(lost[0]!.message).toMatch(/terminating connection/);
      const again = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
      expect(again.rows[0]!.pid).not.toBe(pid);
    } finally {
      await admin.end();
      await handle.close();
    }
  });
});

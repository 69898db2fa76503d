/**
 * A node shut down (SIGTERM) while users' calls stream through nginx: no user sees a 502 or a 503 for it. The
 * draining node stops accepting connections (nginx sends new calls to the other node at connect time, before
 * anything was sent), answers each call already on one of nginx's kept-alive connections and closes that connection
 * after the answer, and leaves idle connections for nginx to close (ADR 0064). Almost every portal call is a POST,
 * which nginx never sends twice, so any 502 or 503 from the draining node would reach the user.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from '../apps/server/src/db/seed/demo.ts';
import { startCluster, type RunningCluster } from '../scripts/cluster.ts';
import { call, login, nodeOf, OPERATOR_TOKEN } from './support/cluster-api.ts';

const P = '/api/blade-platform/serverCenter';
/** Calls on the way at once: several of nginx's kept-alive connections to each node are in use when the node stops. */
const WORKERS = 6;
/** Answers before the shutdown and after the node has exited. */
const BEFORE = 90;
const AFTER = 90;

describe('a node shut down under a stream of POSTs through nginx', () => {
  let cluster: RunningCluster;
  let token = '';
  let serviceId = '';

  beforeAll(async () => {
    cluster = await startCluster({ nodes: 2, fresh: true, ownRedis: true, env: { METRICS_TOKEN: OPERATOR_TOKEN } });
    const res = await login(cluster.url, 'student01');
    expect(res.status, res.msg).toBe(1000);
    token = res.result.access_token;
    const db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    const rows = await db
      .query(`SELECT id FROM svc_services WHERE tenant_id = $1 AND is_public = 1 AND status = 1 ORDER BY id LIMIT 1`, [
        DEMO_TENANT_ID,
      ])
      .finally(() => db.end());
    serviceId = rows.rows[0].id;
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  it('answers every call normally while node 2 drains and exits', async () => {
    // Both nodes serve behind the proxy first.
    const served = new Set<string>();
    while (served.size < 2) served.add(await nodeOf(cluster.url));
    const answers: Array<{ phase: string; http: number; status: number; msg: string }> = [];
    let phase = 'before';
    let stop = false;
    const worker = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const path = (i + w) % 2 === 0 ? `${P}/collect` : `${P}/cancelCollect`;
        const at = phase;
        const res = await call(cluster.url, path, { token, body: { serviceId } }).catch((err: Error) => ({
          http: 0,
          status: 0,
          msg: err.message,
        }));
        answers.push({ phase: at, http: res.http, status: res.status, msg: res.msg });
      }
    };
    const workers = Array.from({ length: WORKERS }, (_, w) => worker(w));
    const until = async (count: number) => {
      while (answers.length < count && !stop) await new Promise((r) => setTimeout(r, 5));
    };
    await until(BEFORE);
    phase = 'draining';
    await cluster.nodes[1]!.stop('SIGTERM');
    phase = 'after';
    const exitedAt = answers.length;
    await until(exitedAt + AFTER);
    stop = true;
    await Promise.all(workers);

    const wrong = answers.filter((a) => a.http !== 200 || a.status !== 1000);
    expect(wrong, `${wrong.length} of ${answers.length} answers were not normal`).toEqual([]);
    expect(answers.filter((a) => a.phase === 'after').length).toBeGreaterThan(0);
    // The one node left answers alone.
    for (let i = 0; i < 4; i++) expect(await nodeOf(cluster.url)).toBe('node-1');
  });
});

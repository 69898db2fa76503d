/**
 * Cluster benchmark (issue 12): the service list (POST serverCenter/page as student01, the demo catalogue) and
 * chat (messages delivered per second between pairs of users) with 1 node and with 2 nodes behind Debian's nginx,
 * in the same run, on one PostgreSQL database and Redis — started by `npm run cluster`'s launcher. Four loads
 * alternate round by round (3 rounds, medians):
 *   - node 1 directly (1 node, no proxy) — the baseline;
 *   - nginx in front of node 1 only (1 node behind the proxy) — the proxy's cost per request against the baseline;
 *   - nginx in front of both nodes (2 nodes) — the ratio against 1 node behind nginx (target ≥ 1.6× where the
 *     machine has the cores: each node and nginx want a core of their own, plus the load generator and PostgreSQL).
 * Chat: CHAT_PAIRS senders each on its own socket send to a recipient for the round's seconds, one message in flight
 * per sender (send, wait for the recipient to get it); senders and recipients reach the nodes through the proxy.
 *
 *   node bench/cluster.bench.ts
 *   CLUSTER_BENCH_SECONDS=5 CLUSTER_BENCH_CONNECTIONS=32 CLUSTER_BENCH_ROUNDS=3 node bench/cluster.bench.ts
 */
import { CHAT_PROTOCOL, CHAT_TOKEN_PROTOCOL_PREFIX } from '@portal/contracts/chat';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import { freePort, startCluster, writeNginxConfig } from '../scripts/cluster.ts';
import { errors, latency, line, load, median, ms, rps, type Result, type Target } from './http-load.ts';
import { seedBenchSessions } from './support.ts';

const SECONDS = Math.max(1, Math.min(60, Number(process.env.CLUSTER_BENCH_SECONDS ?? 3)));
const ROUNDS = Math.max(1, Math.min(10, Number(process.env.CLUSTER_BENCH_ROUNDS ?? 3)));
const CONNECTIONS = Math.max(1, Math.min(256, Number(process.env.CLUSTER_BENCH_CONNECTIONS ?? 32)));
const CHAT_PAIRS = Math.max(1, Math.min(200, Number(process.env.CLUSTER_BENCH_CHAT_PAIRS ?? 50)));
const TOKEN_PREFIX = 'bench-token-';
const SECRETS = {
  tokenSecret: 'cluster-bench-token-secret-0123456789abcdef',
  clientSecret: 'cluster-bench-client-0123',
};

/** The chat pairs' users and their sessions, straight into the cluster's database (bench/support.ts). */
async function seedChatUsers(databaseUrl: string, count: number): Promise<void> {
  const { createDb } = await import('../apps/server/src/db/create-db.ts');
  const db = createDb({ engine: 'postgres', url: databaseUrl, max: 1 });
  await seedBenchSessions(db.db, {
    count,
    tokenSecret: SECRETS.tokenSecret,
    tokenPrefix: TOKEN_PREFIX,
    userAgent: 'cluster-bench',
  });
  await db.close();
}

/** A second nginx with its own upstream list: the proxy in front of node 1 only. */
async function startNginx(nodePorts: number[]): Promise<{ port: number; stop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-nginx-'));
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const conf = writeNginxConfig(dir, port, nodePorts);
  const proc: ChildProcess = spawn('/usr/sbin/nginx', ['-p', dir, '-c', conf], { stdio: 'ignore' });
  for (let i = 0; ; i++) {
    if ((await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.ok) break;
    if (i > 100) throw new Error('nginx did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    stop: async () => {
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGQUIT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function login(base: string, account: string): Promise<{ token: string; userId: string }> {
  const res = await fetch(`${base}/api/blade-auth/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', tenantId: '000000', username: account, password: 'Demo@12345' }),
  });
  const body = (await res.json()) as { status: number; result: { access_token: string; user_id: string } };
  if (body.status !== 1000) throw new Error(`login ${account}: ${JSON.stringify(body)}`);
  return { token: body.result.access_token, userId: body.result.user_id };
}

type Socket = {
  ws: WebSocket;
  onMessage: (fn: (frame: { kind: string; message?: { messageIdWeb: string } }) => void) => void;
};

function openSocket(port: number, accessToken: string, resource: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/chat/ws?resource=${resource}`, [
      CHAT_PROTOCOL,
      `${CHAT_TOKEN_PROTOCOL_PREFIX}${accessToken}`,
    ]);
    const handlers: Array<(f: { kind: string; message?: { messageIdWeb: string }; seq?: number | null }) => void> = [];
    ws.on('message', (raw) => {
      const f = JSON.parse(raw.toString());
      if (f.kind === 'message' && f.seq !== null) ws.send(JSON.stringify({ kind: 'ack', seq: f.seq }));
      for (const h of handlers) h(f);
      if (f.kind === 'synced') resolve({ ws, onMessage: (fn) => void handlers.push(fn) });
    });
    ws.once('error', reject);
  });
}

/**
 * Chat through the proxy at `port`: CHAT_PAIRS senders — each sends, waits until its recipient has the message,
 * sends again (each socket's send limit of 20 messages/s after a burst of 100 caps a pair, hence many pairs).
 */
async function chatLoad(port: number, seconds: number): Promise<Result> {
  const pairs = await Promise.all(
    Array.from({ length: CHAT_PAIRS }, async (_, i) => {
      // A sender and a recipient of their own per pair; through round-robin their sockets land on either node.
      const [s, r] = await Promise.all([
        openSocket(port, `${TOKEN_PREFIX}${2 * i}`, 'pc'),
        openSocket(port, `${TOKEN_PREFIX}${2 * i + 1}`, 'pc'),
      ]);
      return { s, r, to: `bench-u-${2 * i + 1}` };
    }),
  );
  const latencies: number[] = [];
  let failed = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    pairs.map(async ({ s, r, to }) => {
      const waiting = new Map<string, () => void>();
      r.onMessage((f) => {
        if (f.kind === 'message' && f.message) waiting.get(f.message.messageIdWeb)?.();
      });
      while (performance.now() < end) {
        const id = randomUUID();
        const t0 = performance.now();
        const got = new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), 5000);
          waiting.set(id, () => {
            clearTimeout(timer);
            resolve(true);
          });
        });
        s.ws.send(
          JSON.stringify({
            kind: 'message',
            messageIdWeb: id,
            toUserId: to,
            toUserType: 1,
            type: 1,
            content: `bench ${id}`,
          }),
        );
        if (await got) latencies.push(performance.now() - t0);
        else failed++;
        waiting.delete(id);
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  for (const { s, r } of pairs) {
    s.ws.close();
    r.ws.close();
  }
  return { requests: latencies.length, seconds: elapsed, latencies, errors: failed };
}

async function main(): Promise<void> {
  const t0 = performance.now();
  const cluster = await startCluster({ nodes: 2, fresh: true, logLevel: 'error', secrets: SECRETS });
  await seedChatUsers(cluster.databaseUrl, 2 * CHAT_PAIRS);
  const nodePort = Number(new URL(cluster.nodes[0]!.url).port);
  const proxy1 = await startNginx([nodePort]);
  const proxy2 = Number(new URL(cluster.url).port);
  console.log(
    `cluster bench: ${cpus().length} cores; 2 nodes on PostgreSQL + Redis behind nginx (started in ${((performance.now() - t0) / 1000).toFixed(1)} s); ` +
      `${CONNECTIONS} keep-alive connections for the list, ${CHAT_PAIRS} chat pairs; ${ROUNDS} rounds x ${SECONDS} s per load, alternating`,
  );
  try {
    const student = await login(cluster.url, 'student01');
    const mix = [
      '{"current":1,"size":12}',
      '{"current":2,"size":12}',
      '{"serviceType":"PROCESS","size":12}',
      '{"serviceType":"APPLICATION","size":12}',
    ];
    const list = (port: number): Target => ({
      port,
      method: 'POST',
      path: '/api/blade-platform/serverCenter/page',
      bodies: mix,
      headers: { authorization: `Bearer ${student.token}` },
    });
    const loads = { direct: list(nodePort), proxy1: list(proxy1.port), proxy2: list(proxy2) };
    const health = (port: number): Target => ({ port, method: 'GET', path: '/api/health' });
    const runs: Record<keyof typeof loads | 'chat1' | 'chat2' | 'hop0' | 'hop1', Result[]> = {
      direct: [],
      proxy1: [],
      proxy2: [],
      chat1: [],
      chat2: [],
      hop0: [],
      hop1: [],
    };
    for (const t of Object.values(loads)) await load(t, CONNECTIONS, 1);
    const steps: Array<[keyof typeof runs, () => Promise<Result>]> = [
      ['direct', () => load(loads.direct, CONNECTIONS, SECONDS)],
      ['proxy1', () => load(loads.proxy1, CONNECTIONS, SECONDS)],
      ['proxy2', () => load(loads.proxy2, CONNECTIONS, SECONDS)],
      // The proxy's own cost: one connection, one request at a time, the cheapest call, without and with nginx.
      ['hop0', () => load(health(nodePort), 1, SECONDS)],
      ['hop1', () => load(health(proxy1.port), 1, SECONDS)],
      ['chat1', () => chatLoad(proxy1.port, SECONDS)],
      ['chat2', () => chatLoad(proxy2, SECONDS)],
    ];
    for (let r = 0; r < ROUNDS; r++) {
      // Each round starts at another load, so none always follows the same one (a chat load leaves work behind).
      for (let i = 0; i < steps.length; i++) {
        const [key, run] = steps[(i + r * 3) % steps.length]!;
        runs[key].push(await run());
        await new Promise((done) => setTimeout(done, 500));
      }
    }
    console.log(line(['', 'req/s', 'ratio', 'p50', 'p99', 'errors']));
    const row = (name: string, rs: Result[], base: Result[]) =>
      console.log(
        line(
          [
            name,
            rps(rs).toFixed(0),
            `${(rps(rs) / rps(base)).toFixed(2)}x`,
            ms(latency(rs, 50)),
            ms(latency(rs, 99)),
            String(errors(rs)),
          ],
          56,
        ),
      );
    row('service list, 1 node direct (baseline)', runs.direct, runs.direct);
    row('service list, 1 node behind nginx', runs.proxy1, runs.direct);
    row('service list, 2 nodes behind nginx (vs 1 behind)', runs.proxy2, runs.proxy1);
    row('chat delivered msg/s, 1 node behind nginx', runs.chat1, runs.chat1);
    row('chat delivered msg/s, 2 nodes behind nginx (vs 1)', runs.chat2, runs.chat1);
    row('GET /api/health, 1 connection, direct (baseline)', runs.hop0, runs.hop0);
    row('GET /api/health, 1 connection, through nginx', runs.hop1, runs.hop0);
    // What the proxy adds to one request: the difference of the median latencies, one request at a time.
    const added = median(runs.hop1.map(pct50)) - median(runs.hop0.map(pct50));
    console.log(
      `proxy cost: ${(added * 1000).toFixed(0)} µs added per request (median, one connection); service list throughput 1 node behind nginx / direct = ${(rps(runs.proxy1) / rps(runs.direct)).toFixed(2)}x`,
    );
    console.log(
      `scaling: 2 nodes / 1 node behind nginx = ${(rps(runs.proxy2) / rps(runs.proxy1)).toFixed(2)}x (list), ${(rps(runs.chat2) / rps(runs.chat1)).toFixed(2)}x (chat). ` +
        `With ${cpus().length} cores shared by both nodes, nginx, PostgreSQL, Redis and this load generator, a second node adds no core of its own; ` +
        'the target of 1.6x needs a machine where each node has its own cores.',
    );
    if (Object.values(runs).some((rs) => errors(rs) > 0)) process.exitCode = 1;
  } finally {
    await proxy1.stop();
    await cluster.stop();
  }
}

const pct50 = (r: Result) => [...r.latencies].sort((a, b) => a - b)[Math.floor(r.latencies.length / 2)] ?? 0;

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

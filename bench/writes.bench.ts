/**
 * Writes benchmark (issue 13, ADR 0058): many users' small writes at once on SQLite, and what they do to an
 * unrelated request. The portal (catalogue-server.ts, 1,000 services, a WAL file, logging as in production) and a
 * bare Fastify 5 hello-world, each in a process of its own; the loads alternate round by round; medians of ROUNDS.
 *
 *   node bench/writes.bench.ts
 *   WRITES_BENCH_CONNECTIONS=32 WRITES_BENCH_SECONDS=3 WRITES_BENCH_ROUNDS=3 node bench/writes.bench.ts
 *
 * Loads: `bare` (POST / on the bare server, the baseline); `health` (GET /api/health alone, the unrelated request's
 * own latency); `writes` (half the connections add a favourite, half remove one, over the same 20 services, so
 * most calls change a row and commit, while HEALTH_CONNECTIONS more ask /api/health; the health answers' latency
 * under the writes is the second figure). Every write is acknowledged only once it is on disk, on both builds.
 */
import { performance } from 'node:perf_hooks';
import {
  child,
  errors,
  latency,
  load,
  resultHeader,
  resultRow,
  startBareFastify,
  type Result,
  type Target,
} from './http-load.ts';

const CONNECTIONS = Math.max(2, Math.min(256, Number(process.env.WRITES_BENCH_CONNECTIONS ?? 32)));
const HEALTH_CONNECTIONS = 4;
const SECONDS = Math.max(1, Math.min(60, Number(process.env.WRITES_BENCH_SECONDS ?? 3)));
const ROUNDS = Math.max(1, Math.min(10, Number(process.env.WRITES_BENCH_ROUNDS ?? 3)));
const P = '/api/blade-platform/serverCenter';

type Ready = { port: number; token: string };

async function serviceIds(port: number, token: string): Promise<string[]> {
  const res = await fetch(`http://127.0.0.1:${port}${P}/page`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ current: 1, size: 20 }),
  });
  const body = (await res.json()) as { result: { records: { serviceId: string }[] } };
  return body.result.records.map((r) => r.serviceId);
}

async function main(): Promise<void> {
  const bare = await startBareFastify();
  const server = await child<Ready>(new URL('./catalogue-server.ts', import.meta.url).pathname, {
    CATALOGUE_SERVICES: '1000',
  });
  const ids = await serviceIds(server.port, server.token);
  const bodies = ids.map((serviceId) => JSON.stringify({ serviceId }));
  const auth = { authorization: `Bearer ${server.token}` };
  const health: Target = { port: server.port, method: 'GET', path: '/api/health' };
  const add: Target = { port: server.port, method: 'POST', path: `${P}/collect`, bodies, headers: auth };
  const remove: Target = { port: server.port, method: 'POST', path: `${P}/cancelCollect`, bodies, headers: auth };
  const half = CONNECTIONS / 2;

  const runs = { bare: [] as Result[], health: [] as Result[], writes: [] as Result[], healthUnder: [] as Result[] };
  const round = async (seconds: number, keep: boolean) => {
    const b = await load({ port: bare.port, method: 'POST', path: '/', bodies: ['{}'] }, CONNECTIONS, seconds, false);
    const h = await load(health, HEALTH_CONNECTIONS, seconds, false);
    const [a, r, hu] = await Promise.all([
      load(add, half, seconds),
      load(remove, half, seconds),
      load(health, HEALTH_CONNECTIONS, seconds, false),
    ]);
    if (!keep) return;
    runs.bare.push(b);
    runs.health.push(h);
    runs.writes.push({
      requests: a.requests + r.requests,
      seconds: Math.max(a.seconds, r.seconds),
      latencies: [...a.latencies, ...r.latencies],
      errors: a.errors + r.errors,
    });
    runs.healthUnder.push(hu);
  };
  console.log(
    `writes bench: ${CONNECTIONS} keep-alive connections of writes (+${HEALTH_CONNECTIONS} of health), ${ROUNDS} rounds x ${SECONDS} s, alternating; SQLite WAL file; baseline: bare Fastify 5 hello-world`,
  );
  const t0 = performance.now();
  await round(1, false);
  for (let i = 0; i < ROUNDS; i++) await round(SECONDS, true);
  await server.stop();
  await bare.stop();
  console.log(resultHeader([50, 99]));
  const row = (name: string, rs: Result[]) => console.log(resultRow(name, rs, runs.bare, [50, 99]));
  row('bare Fastify POST / (baseline)', runs.bare);
  row('GET /api/health alone', runs.health);
  row('collect + cancelCollect (each commits)', runs.writes);
  row('GET /api/health during the writes', runs.healthUnder);
  console.log(
    `health p99 during the writes / alone: ${(latency(runs.healthUnder, 99) / latency(runs.health, 99)).toFixed(2)}x; ` +
      `(medians of ${ROUNDS} rounds; ${((performance.now() - t0) / 1000).toFixed(0)} s)`,
  );
  if (errors(runs.writes) + errors(runs.health) + errors(runs.healthUnder) > 0) process.exitCode = 1;
}

const deadline = setTimeout(() => {
  console.error('writes bench: deadline reached');
  process.exit(1);
}, 300_000);
deadline.unref();
await main();

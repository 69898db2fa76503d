/**
 * Service-list benchmark (issue 3): requests/s of POST serverCenter/page (the list of the service hall and
 * the two centers) for student01 over a generated catalogue, as a ratio to a trivial route on the same
 * server in the same run (POST /api/bench/noop: same Fastify stack and auth hook, no work) — house style 9.
 *
 *   node bench/service-list.bench.ts                      # 10,000 services, 32 connections, 3 rounds of 5 s
 *   SERVICE_LIST_BENCH_SERVICES=1000 SERVICE_LIST_BENCH_CONNECTIONS=64 SERVICE_LIST_BENCH_SECONDS=10 node bench/service-list.bench.ts
 *
 * The server runs in a child process of its own on 127.0.0.1 (SQLite WAL file), the load comes from this
 * process over keep-alive HTTP/1.1 connections. Three loads, interleaved round by round so drift hits all
 * alike: the trivial route; page 1 with no filter (what the hall opens with); and a mix of what users click
 * (department, scene, type, business type, later pages, a keyword). Every loop is bounded in time.
 */
import { fork } from 'node:child_process';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

const SERVICES = Number(process.env.SERVICE_LIST_BENCH_SERVICES ?? 10_000);
const CONNECTIONS = Math.max(1, Math.min(256, Number(process.env.SERVICE_LIST_BENCH_CONNECTIONS ?? 32)));
const SECONDS = Math.max(1, Math.min(60, Number(process.env.SERVICE_LIST_BENCH_SECONDS ?? 5)));
const ROUNDS = Math.max(1, Math.min(10, Number(process.env.SERVICE_LIST_BENCH_ROUNDS ?? 3)));
const WARMUP_SECONDS = 2;

type Ready = { port: number; token: string; services: number; deptIds: string[]; sceneIds: string[]; typeIds: string[] };

// ---------------------------------------------------------------- the server (child process)

async function child(): Promise<void> {
  const { startCatalogueServer } = await import('./catalogue-fixture.ts');
  const server = await startCatalogueServer(SERVICES, { listen: true });
  const ids = async (table: 'svc_depts' | 'svc_scenes' | 'svc_types') =>
    (await server.app.deps.db.selectFrom(table).where('tenant_id', '=', '000000').select('id').orderBy('sort').execute()).map((r) => r.id);
  const ready: Ready = { port: server.port, token: server.token, services: server.services, deptIds: await ids('svc_depts'), sceneIds: await ids('svc_scenes'), typeIds: await ids('svc_types') };
  process.on('message', (m) => {
    if (m === 'stop') void server.close().then(() => process.exit(0));
  });
  process.send!(ready);
}

// ---------------------------------------------------------------- the load (this process)

type Result = { requests: number; seconds: number; latencies: number[]; errors: number };

/** CONNECTIONS closed loops over keep-alive sockets for `seconds`: each sends the next request when the last one answered. */
async function load(port: number, token: string, path: string, bodies: string[], seconds: number): Promise<Result> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS, maxFreeSockets: CONNECTIONS });
  const latencies: number[] = [];
  let requests = 0;
  let errors = 0;
  let next = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  const one = (body: string) =>
    new Promise<void>((resolve) => {
      const s = performance.now();
      const req = request(
        { host: '127.0.0.1', port, path, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: `Bearer ${token}` } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            if (res.statusCode === 200 && text.startsWith('{"status":1000')) {
              requests++;
              latencies.push(performance.now() - s);
            } else errors++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(body);
    });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) await one(bodies[next++ % bodies.length]!);
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  return { requests, seconds: elapsed, latencies, errors };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
const median = (xs: number[]) => pct(xs, 50);

async function main(): Promise<void> {
  const t0 = performance.now();
  const server = fork(new URL(import.meta.url).pathname, [], { env: { ...process.env, SERVICE_LIST_BENCH_CHILD: '1' }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = await new Promise<Ready>((resolve, reject) => {
    server.once('message', (m) => resolve(m as Ready));
    server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const { port, token } = ready;
  const pick = <T>(xs: T[], i: number) => xs[i % xs.length]!;
  const NOOP = ['/api/bench/noop', ['{}']] as const;
  const FIRST = ['/api/blade-platform/serverCenter/page', ['{"current":1,"size":12}']] as const;
  const MIX = [
    '/api/blade-platform/serverCenter/page',
    [
      '{"current":1,"size":12}',
      ...[0, 1, 2].map((i) => JSON.stringify({ deptId: pick(ready.deptIds, i * 5), size: 12 })),
      ...[0, 1].map((i) => JSON.stringify({ sceneId: pick(ready.sceneIds, i * 3), size: 12 })),
      JSON.stringify({ typeId: pick(ready.typeIds, 1), current: 2, size: 12 }),
      '{"serviceType":"PROCESS","size":12}',
      '{"serviceType":"APPLICATION","current":3,"size":12}',
      '{"current":20,"size":12}',
      '{"keyword":"成绩","size":12}',
    ],
  ] as const;
  const loads = { noop: NOOP, first: FIRST, mix: MIX } as const;
  console.log(
    `service-list bench: ${ready.services} services (generated), student01, ${CONNECTIONS} keep-alive connections, ${ROUNDS} rounds x ${SECONDS} s per load; ` +
      `server in a child process, SQLite WAL, 127.0.0.1 (fixture ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  );

  for (const [path, bodies] of Object.values(loads)) await load(port, token, path, [...bodies], WARMUP_SECONDS);
  const runs: Record<keyof typeof loads, Result[]> = { noop: [], first: [], mix: [] };
  for (let r = 0; r < ROUNDS; r++) {
    for (const key of Object.keys(loads) as Array<keyof typeof loads>) {
      const [path, bodies] = loads[key];
      runs[key].push(await load(port, token, path, [...bodies], SECONDS));
    }
  }
  server.send('stop');

  const rps = (rs: Result[]) => median(rs.map((x) => x.requests / x.seconds));
  const lat = (rs: Result[], p: number) => pct(rs.flatMap((x) => x.latencies), p);
  const errors = (rs: Result[]) => rs.reduce((a, x) => a + x.errors, 0);
  const base = rps(runs.noop);
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(46) : c.padStart(12))).join('');
  console.log(line(['', 'req/s', 'ratio', 'p50', 'p99', 'errors']));
  const rows: Array<[string, Result[]]> = [
    ['POST /api/bench/noop (baseline)', runs.noop],
    ['POST serverCenter/page (page 1, no filter)', runs.first],
    ['POST serverCenter/page (mix of filters)', runs.mix],
  ];
  for (const [name, rs] of rows) {
    console.log(line([name, rps(rs).toFixed(0), `${(rps(rs) / base).toFixed(3)}x`, `${lat(rs, 50).toFixed(2)} ms`, `${lat(rs, 99).toFixed(2)} ms`, String(errors(rs))]));
  }
  console.log(`(req/s is the median of ${ROUNDS} rounds; ratio = route req/s / baseline req/s, same server, same run)`);
  if (rows.some(([, rs]) => errors(rs) > 0)) process.exitCode = 1;
}

if (process.env.SERVICE_LIST_BENCH_CHILD) {
  await child();
} else {
  const deadline = setTimeout(() => {
    console.error('service-list bench: deadline reached');
    process.exit(1);
  }, 300_000);
  deadline.unref();
  await main();
}

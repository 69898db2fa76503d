/**
 * Service-list benchmark (issue 13): requests/s and latency of POST serverCenter/page (student01) and
 * nobody/serverCenter/page (a visitor) over a generated catalogue, as ratios to a bare Fastify 5 hello-world
 * (bench/bare-fastify.ts) — each server in a process of its own on 127.0.0.1, the load from this process over
 * keep-alive connections; the three loads alternate round by round; figures are medians of the rounds.
 * Target (issue 13): ≥ 0.5× the bare req/s with p99 ≤ 2× at every size, on SQLite and on PostgreSQL.
 *
 *   node bench/service-list.bench.ts                                   # 1,000 and 10,000 services, SQLite
 *   SERVICE_LIST_BENCH_SIZES=1000,10000,100000 SERVICE_LIST_BENCH_ENGINES=sqlite,postgres node bench/service-list.bench.ts
 *   SERVICE_LIST_BENCH_CONNECTIONS=64 SERVICE_LIST_BENCH_SECONDS=5 SERVICE_LIST_BENCH_ROUNDS=3 …
 */
import { performance } from 'node:perf_hooks';
import {
  alternate,
  child,
  errors,
  latency,
  line,
  ms,
  rps,
  startBareFastify,
  type Result,
  type Target,
} from './http-load.ts';

const SIZES = (process.env.SERVICE_LIST_BENCH_SIZES ?? '1000,10000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0 && n <= 200_000);
const ENGINES = (process.env.SERVICE_LIST_BENCH_ENGINES ?? 'sqlite')
  .split(',')
  .filter((e) => e === 'sqlite' || e === 'postgres');
const CONNECTIONS = Math.max(1, Math.min(256, Number(process.env.SERVICE_LIST_BENCH_CONNECTIONS ?? 32)));
const SECONDS = Math.max(1, Math.min(60, Number(process.env.SERVICE_LIST_BENCH_SECONDS ?? 3)));
const ROUNDS = Math.max(1, Math.min(10, Number(process.env.SERVICE_LIST_BENCH_ROUNDS ?? 3)));

type Ready = {
  port: number;
  token: string;
  services: number;
  deptIds: string[];
  sceneIds: string[];
  typeIds: string[];
};

async function main(): Promise<void> {
  const bare = await startBareFastify();
  console.log(
    `service-list bench: ${CONNECTIONS} keep-alive connections, ${ROUNDS} rounds x ${SECONDS} s per load, alternating; baseline: bare Fastify 5 hello-world in its own process`,
  );
  console.log(line(['', 'req/s', 'x bare', 'p50', 'p99', 'p99 x bare', 'errors']));
  let failed = false;
  for (const engine of ENGINES) {
    for (const size of SIZES) {
      const t0 = performance.now();
      const server = await child<Ready>(new URL('./catalogue-server.ts', import.meta.url).pathname, {
        CATALOGUE_SERVICES: String(size),
        BENCH_ENGINE: engine,
      });
      const pick = <T>(xs: T[], i: number) => xs[i % xs.length]!;
      const mix = [
        '{"current":1,"size":12}',
        ...[0, 1, 2].map((i) => JSON.stringify({ deptId: pick(server.deptIds, i * 5), size: 12 })),
        ...[0, 1].map((i) => JSON.stringify({ sceneId: pick(server.sceneIds, i * 3), size: 12 })),
        JSON.stringify({ typeId: pick(server.typeIds, 1), current: 2, size: 12 }),
        '{"serviceType":"PROCESS","size":12}',
        '{"serviceType":"APPLICATION","current":3,"size":12}',
        '{"current":20,"size":12}',
      ];
      const auth = { authorization: `Bearer ${server.token}` };
      const loads: Record<'bare' | 'page' | 'nobody', { target: Target; envelope: boolean }> = {
        bare: { target: { port: bare.port, method: 'POST', path: '/', bodies: ['{}'] }, envelope: false },
        page: {
          target: {
            port: server.port,
            method: 'POST',
            path: '/api/blade-platform/serverCenter/page',
            bodies: mix,
            headers: auth,
          },
          envelope: true,
        },
        nobody: {
          target: {
            port: server.port,
            method: 'POST',
            path: '/api/blade-platform/nobody/serverCenter/page',
            bodies: mix.map((b) => JSON.stringify({ ...JSON.parse(b), tenantId: '000000' })),
          },
          envelope: true,
        },
      };
      console.log(
        `-- ${engine}, ${server.services} services (fixture ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
      );
      const runs = await alternate(loads, { rounds: ROUNDS, seconds: SECONDS, connections: CONNECTIONS, warmup: 1 });
      await server.stop();
      const base = runs.bare;
      const row = (name: string, rs: Result[]) =>
        console.log(
          line([
            name,
            rps(rs).toFixed(0),
            `${(rps(rs) / rps(base)).toFixed(3)}x`,
            ms(latency(rs, 50)),
            ms(latency(rs, 99)),
            `${(latency(rs, 99) / latency(base, 99)).toFixed(2)}x`,
            String(errors(rs)),
          ]),
        );
      row('bare Fastify POST / (baseline)', base);
      row(`serverCenter/page, student01 (${engine}, ${size})`, runs.page);
      row(`nobody/serverCenter/page, visitor (${engine}, ${size})`, runs.nobody);
      if (errors(runs.page) + errors(runs.nobody) > 0) failed = true;
    }
  }
  await bare.stop();
  console.log(
    `(req/s: median of ${ROUNDS} rounds; x bare = route / bare Fastify in the same block; p50/p99: median over rounds)`,
  );
  if (failed) process.exitCode = 1;
}

const deadline = setTimeout(() => {
  console.error('service-list bench: deadline reached');
  process.exit(1);
}, 900_000);
deadline.unref();
await main();

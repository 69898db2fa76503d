/**
 * Landing benchmark (issue 13): the 9 anonymous calls of the landing page (configuration, footer, statistics,
 * navigation bar, tools, newly launched, most visited, services by scene, the first page of the hall) for a
 * visitor, as the sum of their median latencies against one GET /api/health on the same server (the issue's
 * figure), beside the landing's first screen as the page asks for it now (ADR 0051: for a visitor, one
 * nobody/index/index call and no other), and /api/health against a bare Fastify 5 hello-world — each server in a
 * process of its own, one keep-alive connection, the calls interleaved round by round, 3 rounds, medians. Target
 * (issue 13): sum ≤ 5× one /api/health.
 *
 *   node bench/landing.bench.ts                              # 1,000 and 10,000 services, SQLite
 *   LANDING_BENCH_SIZES=1000,10000,100000 LANDING_BENCH_ENGINES=sqlite,postgres LANDING_BENCH_ITERATIONS=300 node bench/landing.bench.ts
 */
import { Agent } from 'node:http';
import { performance } from 'node:perf_hooks';
import { child, line, median, ms, once, startBareFastify, type Target } from './http-load.ts';

const SIZES = (process.env.LANDING_BENCH_SIZES ?? '1000,10000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0 && n <= 200_000);
const ENGINES = (process.env.LANDING_BENCH_ENGINES ?? 'sqlite')
  .split(',')
  .filter((e) => e === 'sqlite' || e === 'postgres');
const ITERATIONS = Math.max(10, Math.min(5000, Number(process.env.LANDING_BENCH_ITERATIONS ?? 200)));
const ROUNDS = Math.max(1, Math.min(10, Number(process.env.LANDING_BENCH_ROUNDS ?? 3)));
const T = '000000';
const P = '/api/blade-platform';
const C = '/api/comb-cygj';

type Ready = { port: number };

async function main(): Promise<void> {
  const bare = await startBareFastify();
  console.log(
    `landing bench: 9 anonymous calls and the first screen's one index call, ${ITERATIONS} of each per round interleaved, ${ROUNDS} rounds, one keep-alive connection; medians`,
  );
  let failed = false;
  for (const engine of ENGINES) {
    for (const size of SIZES) {
      const t0 = performance.now();
      const server = await child<Ready & { services: number }>(
        new URL('./catalogue-server.ts', import.meta.url).pathname,
        { CATALOGUE_SERVICES: String(size), BENCH_ENGINE: engine },
      );
      const get = (path: string): Target => ({ port: server.port, method: 'GET', path });
      const post = (path: string, body: object): Target => ({
        port: server.port,
        method: 'POST',
        path,
        bodies: [JSON.stringify({ tenantId: T, ...body })],
      });
      const calls: Array<[string, Target]> = [
        ['nobody/prepareLogin/configDetail', get(`${P}/nobody/prepareLogin/configDetail?tenantId=${T}`)],
        ['nobody/prepareLogin/bottomConfigDetail', get(`${P}/nobody/prepareLogin/bottomConfigDetail?tenantId=${T}`)],
        ['nobody/prepareLogin/getStatisticData', get(`${P}/nobody/prepareLogin/getStatisticData?tenantId=${T}`)],
        ['nobody/navigationBar/list', post(`${C}/nobody/navigationBar/list`, {})],
        ['nobody/tools/list', post(`${C}/nobody/tools/list`, {})],
        ['nobody/serverCenter/NewlyLaunched', post(`${P}/nobody/serverCenter/NewlyLaunched`, { size: 8 })],
        ['nobody/serverCenter/OSP/heatService', post(`${P}/nobody/serverCenter/OSP/heatService`, { size: 8 })],
        [
          'nobody/prepareLogin/queryAllServiceByType',
          post(`${P}/nobody/prepareLogin/queryAllServiceByType`, { groupBy: 'scene', perGroup: 8 }),
        ],
        ['nobody/serverCenter/page', post(`${P}/nobody/serverCenter/page`, { current: 1, size: 12 })],
      ];
      // The first screen as the web app asks for it now (prefetch-landing.ts, ADR 0051): for a visitor, this one call.
      const screen: Array<[string, Target]> = [
        ['nobody/index/index (size 8, perGroup 8)', post(`${P}/nobody/index/index`, { size: 8, perGroup: 8 })],
      ];
      const health: Target = get('/api/health');
      const bareHello: Target = { port: bare.port, method: 'GET', path: '/' };
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const bareAgent = new Agent({ keepAlive: true, maxSockets: 1 });
      const asked = [...calls, ...screen];
      const names = [...asked.map(([n]) => n), 'GET /api/health', 'bare Fastify GET / (baseline)'];
      const targets: Array<[Target, Agent, boolean]> = [
        ...asked.map(([, t]) => [t, agent, true] as [Target, Agent, boolean]),
        [health, agent, true],
        [bareHello, bareAgent, false],
      ];
      const perRound: number[][] = names.map(() => []);
      let errors = 0;
      for (let r = -1; r < ROUNDS; r++) {
        const samples: number[][] = names.map(() => []);
        for (let i = 0; i < (r < 0 ? 20 : ITERATIONS); i++) {
          for (const [k, [t, a, envelope]] of targets.entries()) {
            const took = await once(a, t, t.bodies?.[0], envelope);
            if (took === null) errors++;
            else samples[k]!.push(took);
          }
        }
        if (r >= 0) samples.forEach((s, k) => perRound[k]!.push(median(s)));
      }
      agent.destroy();
      bareAgent.destroy();
      await server.stop();
      const med = perRound.map((xs) => median(xs));
      const sum = med.slice(0, calls.length).reduce((a, b) => a + b, 0);
      const screenSum = med.slice(calls.length, asked.length).reduce((a, b) => a + b, 0);
      const healthMs = med[asked.length]!;
      const bareMs = med[asked.length + 1]!;
      console.log(
        `-- ${engine}, ${server.services} services (fixture ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
      );
      console.log(line(['', 'median', 'x health']));
      names.forEach((n, k) => console.log(line([n, ms(med[k]!), `${(med[k]! / healthMs).toFixed(2)}x`])));
      console.log(
        line([`sum of the 9 landing calls (${engine}, ${size})`, ms(sum), `${(sum / healthMs).toFixed(2)}x`]),
      );
      console.log(
        line([
          `the first screen as the page asks now: ${screen.length} call (${engine}, ${size})`,
          ms(screenSum),
          `${(screenSum / healthMs).toFixed(2)}x`,
        ]),
      );
      console.log(line(['GET /api/health vs bare Fastify', '', `${(healthMs / bareMs).toFixed(2)}x`]));
      if (errors) {
        console.log(`errors: ${errors}`);
        failed = true;
      }
    }
  }
  await bare.stop();
  console.log(
    '(each figure: median over rounds of the median of the round; x health = latency / GET /api/health on the same server)',
  );
  if (failed) process.exitCode = 1;
}

const deadline = setTimeout(() => {
  console.error('landing bench: deadline reached');
  process.exit(1);
}, 900_000);
deadline.unref();
await main();

/**
 * Search benchmark (issue 13), per catalogue size (1,000 and 10,000 generated services; 100,000 with
 * SEARCH_BENCH_SIZES=1000,10000,100000):
 * 1. The whole call over HTTP: POST serverCenter/searchService (student01) and nobody/prepareLogin/searchService
 *    (a visitor) with a query mix, against a bare Fastify 5 hello-world — each server in a process of its own,
 *    loads alternating, 3 rounds, medians; req/s ratio and p50/p95/p99. Target: p95 ≤ 5 ms at 10,000, ≤ 15 ms at 100,000.
 * 2. The index alone (this process, the same catalogue read from the server's SQLite file): build time, search
 *    p50/p95 over the mix, and recall against a plain substring scan for every 1- and 2-character query drawn
 *    from the names (characters, bigrams, pinyin initials and syllables): target 100 %.
 *
 *   node bench/search.bench.ts
 *   SEARCH_BENCH_SIZES=10000,100000 SEARCH_BENCH_CONNECTIONS=4 SEARCH_BENCH_SECONDS=3 node bench/search.bench.ts
 */
import { performance } from 'node:perf_hooks';
import {
  alternate,
  child,
  errors,
  latency,
  line,
  ms,
  pct,
  rps,
  startBareFastify,
  type Result,
  type Target,
} from './http-load.ts';

const SIZES = (process.env.SEARCH_BENCH_SIZES ?? '1000,10000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0 && n <= 200_000);
const CONNECTIONS = Math.max(1, Math.min(256, Number(process.env.SEARCH_BENCH_CONNECTIONS ?? 4)));
const SECONDS = Math.max(1, Math.min(60, Number(process.env.SEARCH_BENCH_SECONDS ?? 3)));
const ROUNDS = Math.max(1, Math.min(10, Number(process.env.SEARCH_BENCH_ROUNDS ?? 3)));
const QUERIES = [
  '成绩',
  '成绩查询',
  '请假',
  '学生请假申请',
  'cjcx',
  'qingjia',
  '奖学金',
  '校园卡',
  '宿舍报修',
  '研究生院',
  '办理流程',
  'vpn',
  '图书',
  '报销',
  '量子纠缠',
  '东校区校园卡充值',
];

type Ready = { port: number; token: string; services: number; dbFile: string | null };
/** How many of the 1- and 2-character queries the recall check runs (each is compared with a scan of every service). */
const RECALL_QUERIES = Number(process.env.SEARCH_BENCH_RECALL_QUERIES ?? 300);

/** Index build, search latency over the mix and recall of 1- and 2-character queries against a substring scan. */
async function indexAlone(dbFile: string) {
  const { createDb } = await import('../apps/server/src/db/create-db.ts');
  const { servicesRepository } = await import('../apps/server/src/modules/services/services.repository.ts');
  const { ServiceSearchIndex, normalize } = await import('../apps/server/src/modules/services/services.search.ts');
  const db = createDb({ engine: 'sqlite', filename: dbFile });
  const rows = await servicesRepository(db.db).searchable('000000');
  await db.close();
  const services = rows.map((r) => ({
    id: r.id,
    name: r.service_name,
    labels: `${r.label_name} ${r.shelf_label_name}`,
    dept: r.dept_name,
    scene: r.scene_name,
    type: r.type_name,
    guide: r.guide_text ?? '',
    heat: Number(r.visit_count),
  }));
  const b0 = performance.now();
  const index = new ServiceSearchIndex(services);
  const buildMs = performance.now() - b0;
  const times: number[] = [];
  for (let r = 0; r < 20; r++) {
    for (const q of QUERIES) {
      const s = performance.now();
      index.search(q);
      times.push(performance.now() - s);
    }
  }
  // Recall: every 1- and 2-character query from the names (and their pinyin), against a plain substring scan.
  const docs = services.map((s) => index.get(s.id)!);
  const fields = docs.map((d) => [
    d.nameN,
    d.labelsN,
    normalize(d.dept),
    normalize(d.scene),
    normalize(d.type),
    d.guideN,
  ]);
  const queries = new Set<string>();
  for (const d of docs.slice(0, 400)) {
    const cs = [...d.nameN];
    cs.forEach((c, i) => {
      queries.add(c);
      if (cs[i + 1]) queries.add(c + cs[i + 1]);
    });
    if (d.initials.length >= 2) queries.add(d.initials.slice(0, 2));
    if (d.full.length >= 4) queries.add(d.full.slice(2, 4));
  }
  let expected = 0;
  let found = 0;
  const all = [...queries];
  const sample = all.filter((_, i) => i % Math.max(1, Math.ceil(all.length / RECALL_QUERIES)) === 0);
  for (const q of sample) {
    const ascii = /^[a-z]+$/.test(q);
    const got = new Set(index.search(q).map((h) => h.id));
    docs.forEach((d, i) => {
      if (fields[i]!.some((f) => f.includes(q)) || (ascii && (d.full.includes(q) || d.initials.includes(q)))) {
        expected++;
        if (got.has(d.id)) found++;
      }
    });
  }
  return {
    buildMs,
    p50: pct(times, 50),
    p95: pct(times, 95),
    recall: expected ? found / expected : 1,
    queries: sample.length,
    expected,
  };
}

async function main(): Promise<void> {
  const bare = await startBareFastify();
  console.log(
    `search bench: ${QUERIES.length}-query mix, ${CONNECTIONS} keep-alive connections, ${ROUNDS} rounds x ${SECONDS} s per load, alternating; baseline: bare Fastify 5 hello-world in its own process; SQLite`,
  );
  let failed = false;
  for (const size of SIZES) {
    const t0 = performance.now();
    const server = await child<Ready>(new URL('./catalogue-server.ts', import.meta.url).pathname, {
      CATALOGUE_SERVICES: String(size),
      BENCH_ENGINE: 'sqlite',
    });
    console.log(`-- ${server.services} services (fixture ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    const loads: Record<'bare' | 'search' | 'nobody', { target: Target; envelope: boolean }> = {
      bare: { target: { port: bare.port, method: 'POST', path: '/', bodies: ['{}'] }, envelope: false },
      search: {
        target: {
          port: server.port,
          method: 'POST',
          path: '/api/blade-platform/serverCenter/searchService',
          bodies: QUERIES.map((keyword) => JSON.stringify({ keyword, size: 12 })),
          headers: { authorization: `Bearer ${server.token}` },
        },
        envelope: true,
      },
      nobody: {
        target: {
          port: server.port,
          method: 'POST',
          path: '/api/blade-platform/nobody/prepareLogin/searchService',
          bodies: QUERIES.map((keyword) => JSON.stringify({ tenantId: '000000', keyword, size: 12 })),
        },
        envelope: true,
      },
    };
    const runs = await alternate(loads, { rounds: ROUNDS, seconds: SECONDS, connections: CONNECTIONS, warmup: 1 });
    const alone = server.dbFile ? await indexAlone(server.dbFile) : null;
    await server.stop();
    console.log(line(['', 'req/s', 'x bare', 'p50', 'p95', 'p99', 'errors']));
    const row = (name: string, rs: Result[]) =>
      console.log(
        line([
          name,
          rps(rs).toFixed(0),
          `${(rps(rs) / rps(runs.bare)).toFixed(3)}x`,
          ms(latency(rs, 50)),
          ms(latency(rs, 95)),
          ms(latency(rs, 99)),
          String(errors(rs)),
        ]),
      );
    row('bare Fastify POST / (baseline)', runs.bare);
    row(`serverCenter/searchService, student01 (${size})`, runs.search);
    row(`nobody/prepareLogin/searchService (${size})`, runs.nobody);
    if (alone) {
      console.log(
        `   index alone: build ${alone.buildMs.toFixed(0)} ms; search p50 ${ms(alone.p50)}, p95 ${ms(alone.p95)}; ` +
          `recall ${(alone.recall * 100).toFixed(2)} % over ${alone.queries} one- and two-character queries (${alone.expected} expected hits)`,
      );
      if (alone.recall < 1) failed = true;
    }
    if (errors(runs.search) + errors(runs.nobody) > 0) failed = true;
  }
  await bare.stop();
  console.log(
    `(req/s: median of ${ROUNDS} rounds; latencies: median over rounds of each round's percentile, under ${CONNECTIONS} connections)`,
  );
  if (failed) process.exitCode = 1;
}

const deadline = setTimeout(() => {
  console.error('search bench: deadline reached');
  process.exit(1);
}, 900_000);
deadline.unref();
await main();

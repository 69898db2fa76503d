/**
 * Search benchmark: p50/p95 latency of service search over 10,000 generated services (issue 3).
 *
 *   node bench/search.bench.ts                   # 10,000 services, 40 rounds of the query mix
 *   SEARCH_BENCH_SERVICES=50000 SEARCH_BENCH_ROUNDS=10 node bench/search.bench.ts
 *
 * 1. The in-memory index alone (Intl.Segmenter words and bigrams, pinyin full and initials, ranked by relevance then heat).
 * 2. The whole call, POST serverCenter/searchService through Fastify (auth, role visibility, paging, the search-word record),
 *    beside POST serverCenter/page with the same keyword (a SQL LIKE over the names) measured the same way: the ratio is the figure.
 * In-process (app.inject, no sockets), SQLite WAL file; every loop is bounded.
 */
import { performance } from 'node:perf_hooks';
import { startCatalogueServer } from './catalogue-fixture.ts';

const SERVICES = Number(process.env.SEARCH_BENCH_SERVICES ?? 10_000);
const ROUNDS = Number(process.env.SEARCH_BENCH_ROUNDS ?? 40);
const QUERIES = ['成绩', '成绩查询', '请假', '学生请假申请', 'cjcx', 'qingjia', '奖学金', '校园卡', '宿舍报修', '研究生院', '办理流程', 'vpn', '图书', '报销', '量子纠缠', '东校区校园卡充值'];

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

async function main(): Promise<void> {
  const t0 = performance.now();
  const server = await startCatalogueServer(SERVICES, { listen: false });
  console.log(`search bench: ${server.services} services (generated), ${QUERIES.length} queries x ${ROUNDS} rounds; SQLite WAL; in-process (fixture ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  const { ServiceSearchIndex } = await import('../apps/server/src/modules/services/services.search.ts');
  const { servicesRepository } = await import('../apps/server/src/modules/services/services.repository.ts');
  const rows = await servicesRepository(server.app.deps.db).searchable('000000');
  const b0 = performance.now();
  const index = new ServiceSearchIndex(rows.map((r) => ({ id: r.id, name: r.service_name, labels: `${r.label_name} ${r.shelf_label_name}`, dept: r.dept_name, scene: r.scene_name, type: r.type_name, guide: r.guide_text ?? '', heat: Number(r.visit_count) })));
  const buildMs = performance.now() - b0;

  const indexTimes: number[] = [];
  let found = 0;
  for (let r = 0; r < ROUNDS; r++) {
    for (const q of QUERIES) {
      const s = performance.now();
      found += index.search(q).length;
      indexTimes.push(performance.now() - s);
    }
  }

  const inject = async (url: string, payload: object) => {
    const s = performance.now();
    const res = await server.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${server.token}` }, payload });
    const ms = performance.now() - s;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return ms;
  };
  // Warm up (the first call builds the tenant's index).
  await inject('/api/blade-platform/serverCenter/searchService', { keyword: '成绩' });
  const apiTimes: number[] = [];
  const likeTimes: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (const q of QUERIES) {
      apiTimes.push(await inject('/api/blade-platform/serverCenter/searchService', { keyword: q, size: 12 }));
      likeTimes.push(await inject('/api/blade-platform/serverCenter/page', { keyword: q, size: 12 }));
    }
  }
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(44) : c.padStart(12))).join('');
  console.log(line(['', 'p50', 'p95', 'p99']));
  console.log(line(['index.search (10k docs, all hits ranked)', fmt(pct(indexTimes, 50)), fmt(pct(indexTimes, 95)), fmt(pct(indexTimes, 99))]));
  console.log(line(['POST serverCenter/searchService', fmt(pct(apiTimes, 50)), fmt(pct(apiTimes, 95)), fmt(pct(apiTimes, 99))]));
  console.log(line(['POST serverCenter/page keyword (SQL LIKE)', fmt(pct(likeTimes, 50)), fmt(pct(likeTimes, 95)), fmt(pct(likeTimes, 99))]));
  console.log(line(['ratio searchService / page LIKE', `${(pct(apiTimes, 50) / pct(likeTimes, 50)).toFixed(2)}x`, `${(pct(apiTimes, 95) / pct(likeTimes, 95)).toFixed(2)}x`, '']));
  console.log(`(index build ${buildMs.toFixed(0)} ms for ${index.size} services; ${(found / ROUNDS).toFixed(0)} hits per round of the mix)`);
  await server.close();
}

const deadline = setTimeout(() => {
  console.error('search bench: deadline reached');
  process.exit(1);
}, 300_000);
deadline.unref();
await main();

/**
 * Home-page benchmark (issue 4): the calls of one home-page load of student01 with the full demo card set
 * (theme, top menu, footer, holidays, the featured service special, the card layout, then every card's data),
 * as the sum of their times and the slowest, and how both grow from 10 to 1,000 favourite services and news
 * items. The figure is the ratio against the 10-item load measured in the same run (house style 9), plus the
 * ratio of one load to a bare GET /api/health in the same process.
 *
 *   node bench/home-page.bench.ts                       # 10, 100, 1,000 items; 30 loads each
 *   HOME_BENCH_SIZES=10,1000 HOME_BENCH_LOADS=50 node bench/home-page.bench.ts
 *
 * In-process (app.inject, no sockets), SQLite WAL file; every loop is bounded.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { seededApp, median, fmt } from './support.ts';

const SIZES = (process.env.HOME_BENCH_SIZES ?? '10,100,1000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0 && n <= 100_000);
const LOADS = Math.min(500, Number(process.env.HOME_BENCH_LOADS ?? 30));
const O = '/api/online-service-platform';
const STUDENT = '1123598821738675203';

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-home-bench-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const { app, db, headers } = await seededApp(dir, 'student01');

  const call = async (url: string, payload: object = {}) => {
    const s = performance.now();
    const res = await app.inject({ method: 'POST', url, headers, payload });
    const ms = performance.now() - s;
    if (res.json().status !== 1000) throw new Error(`${url}: ${res.body.slice(0, 200)}`);
    return { ms, body: res.json() };
  };

  /**
   * One home-page load: the shell's calls, the card layout, then every card's data. The calls run one after
   * another so each time is the call's own (the browser runs them side by side; the page wall of that is
   * measured separately below).
   */
  async function load(): Promise<{ sum: number; slowest: number; slowestCall: string; calls: number }> {
    const times: Array<[string, number]> = [];
    let layout: { types: Array<{ layout: string; cardConfigs: Array<{ id: string; cardType: string }> }> } = {
      types: [],
    };
    for (const p of [
      'themeSetUp/detail',
      'homePage/getTopMenu',
      'homePage/getFooterInfo',
      'homePage/getHoliday',
      'homePage/getServiceSpecial',
      'indexcardconfig/list',
    ]) {
      const r = await call(`${O}/${p}`);
      times.push([p, r.ms]);
      if (p === 'indexcardconfig/list') layout = r.body.result;
    }
    for (const t of layout.types) {
      for (const c of t.cardConfigs) {
        const r = await call(`${O}/cardcolumnconfig/getConfig`, { cardId: c.id, layout: t.layout });
        times.push([`getConfig ${c.cardType}`, r.ms]);
      }
    }
    const slow = times.reduce((a, b) => (b[1] > a[1] ? b : a));
    return { sum: times.reduce((a, [, ms]) => a + ms, 0), slowest: slow[1], slowestCall: slow[0], calls: times.length };
  }

  /** The same load as the browser issues it: shell calls together, then every card together. */
  async function parallelLoad(): Promise<number> {
    const s = performance.now();
    const first = await Promise.all(
      [
        'themeSetUp/detail',
        'homePage/getTopMenu',
        'homePage/getFooterInfo',
        'homePage/getHoliday',
        'homePage/getServiceSpecial',
        'indexcardconfig/list',
      ].map((p) => call(`${O}/${p}`)),
    );
    const layout = first[5]!.body.result as { types: Array<{ layout: string; cardConfigs: Array<{ id: string }> }> };
    await Promise.all(
      layout.types.flatMap((t) =>
        t.cardConfigs.map((c) => call(`${O}/cardcolumnconfig/getConfig`, { cardId: c.id, layout: t.layout })),
      ),
    );
    return performance.now() - s;
  }

  // Extra services for the favourites (the demo catalogue has ~120).
  const now = new Date().toISOString();
  const maxN = Math.max(...SIZES);
  const base = await db.db
    .selectFrom('svc_services')
    .selectAll()
    .where('tenant_id', '=', '000000')
    .limit(1)
    .executeTakeFirstOrThrow();
  for (let start = 0; start < maxN; start += 200) {
    const n = Math.min(200, maxN - start);
    await db.db
      .insertInto('svc_services')
      .values(
        Array.from({ length: n }, (_, k) => ({
          ...base,
          id: `bench-svc-${start + k}`,
          service_name: `压测服务${start + k}`,
          sort: 10_000 + start + k,
        })),
      )
      .execute();
  }

  async function grow(n: number): Promise<void> {
    await db.db.deleteFrom('svc_favourites').where('user_id', '=', STUDENT).execute();
    await db.db.deleteFrom('wb_news').where('id', 'like', 'bench-news-%').execute();
    for (let start = 0; start < n; start += 200) {
      const k = Math.min(200, n - start);
      await db.db
        .insertInto('svc_favourites')
        .values(
          Array.from({ length: k }, (_, i) => ({
            tenant_id: '000000',
            user_id: STUDENT,
            service_id: `bench-svc-${start + i}`,
            sort: start + i,
            created_at: now,
          })),
        )
        .execute();
      await db.db
        .insertInto('wb_news')
        .values(
          Array.from({ length: k }, (_, i) => ({
            id: `bench-news-${start + i}`,
            tenant_id: '000000',
            kind: 'news',
            category: '学校要闻',
            title: `压测新闻${start + i}`,
            field_set: '',
            important: 0,
            url: '',
            release_time: new Date(Date.now() - (start + i) * 60_000).toISOString(),
            created_at: now,
          })),
        )
        .execute();
    }
  }

  const health: number[] = [];
  for (let i = 0; i < 20; i++) {
    const s = performance.now();
    await app.inject({ method: 'GET', url: '/api/health' });
    health.push(performance.now() - s);
  }
  for (let i = 0; i < LOADS; i++) {
    const s = performance.now();
    await app.inject({ method: 'GET', url: '/api/health' });
    health.push(performance.now() - s);
  }
  const healthMs = median(health);

  console.log(`home-page bench: student01, demo card set, ${LOADS} loads per size; SQLite WAL; in-process`);
  console.log(`baseline GET /api/health: ${fmt(healthMs)}`);
  const rows: Array<{ n: number; sum: number; slowest: number; slowestCall: string; wall: number; calls: number }> = [];
  for (const n of SIZES) {
    await grow(n);
    for (let i = 0; i < 3; i++) await load(); // warm-up
    const sums: number[] = [];
    const slows: number[] = [];
    const walls: number[] = [];
    const which = new Map<string, number>();
    let calls = 0;
    for (let i = 0; i < LOADS; i++) {
      const r = await load();
      walls.push(await parallelLoad());
      sums.push(r.sum);
      slows.push(r.slowest);
      calls = r.calls;
      which.set(r.slowestCall, (which.get(r.slowestCall) ?? 0) + 1);
    }
    const slowestCall = [...which.entries()].sort((a, b) => b[1] - a[1])[0]![0];
    rows.push({ n, sum: median(sums), slowest: median(slows), slowestCall, wall: median(walls), calls });
  }
  const first = rows[0]!;
  for (const r of rows) {
    console.log(
      `${String(r.n).padStart(5)} favourites + news: ${r.calls} calls, sum ${fmt(r.sum)} (x${(r.sum / first.sum).toFixed(2)} of ${first.n}; x${(r.sum / healthMs).toFixed(1)} of health), ` +
        `slowest ${fmt(r.slowest)} [${r.slowestCall}] (x${(r.slowest / first.slowest).toFixed(2)}), page wall (calls side by side) ${fmt(r.wall)}`,
    );
  }
  await app.close();
  await db.close();
}

const deadline = setTimeout(
  () => {
    console.error('home-page bench: deadline reached');
    process.exit(1);
  },
  Number(process.env.HOME_BENCH_DEADLINE_MS ?? 300_000),
);
deadline.unref();
main().catch((e) => {
  console.error(e);
  process.exit(1);
});

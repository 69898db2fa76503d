/**
 * Efficiency supervision benchmark: the report-wide calls of one supervision page load by the administrator
 * (overview, trend, heat, likes, time-out processes and nodes, department table, a drill-down, the personal
 * report), summed, at the seed's 90 processes and with 10,000 and 50,000 more processes (two nodes each)
 * spread over the last 360 days, written as ingestion writes them (with the day aggregates, ADR 0036). The figure is the ratio against the seed-size load measured in the same run
 * (house style 9), plus the ratio of one load to a bare GET /api/health.
 *
 *   node bench/efficiency.bench.ts                        # 0, 10,000, 50,000 extra processes; 10 loads each
 *   EFF_BENCH_SIZES=0,20000 EFF_BENCH_LOADS=20 node bench/efficiency.bench.ts
 *
 * In-process (app.inject, no sockets), SQLite WAL file; every loop is bounded.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { seededApp, median, fmt } from './support.ts';
import { nodesByProcess, storeProcesses } from '../apps/server/src/modules/efficiency/efficiency.aggregates.ts';

const SIZES = (process.env.EFF_BENCH_SIZES ?? '0,10000,50000')
  .split(',')
  .map(Number)
  .filter((n) => n >= 0 && n <= 500_000);
const LOADS = Math.min(200, Number(process.env.EFF_BENCH_LOADS ?? 10));
const E = '/api/online-service-platform/efficiencyHomePage';
const DAY = 86_400_000;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-eff-bench-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const { app, db, headers } = await seededApp(dir);
  const today = new Date().toISOString().slice(0, 10);
  const range = { startDate: new Date(Date.now() - 365 * DAY).toISOString().slice(0, 10), endDate: today };
  const deptId = '000000-dept-05';

  const call = async (path: string, payload: object = {}) => {
    const s = performance.now();
    const res = await app.inject({ method: 'POST', url: `${E}/${path}`, headers, payload });
    const ms = performance.now() - s;
    if (res.json().status !== 1000) throw new Error(`${path}: ${res.body.slice(0, 200)}`);
    return ms;
  };
  /** Each call's times of the current size, for the per-call medians. */
  let perCall = new Map<string, number[]>();
  const load = async () => {
    let sum = 0;
    for (const [path, body] of [
      ['overView', range],
      ['processTrending', { ...range, granularity: 'week' }],
      ['serviceHeatRate', range],
      ['topLikesBoard', range],
      ['timeoutProcess', range],
      ['timeoutNode', range],
      ['reportTable', range],
      ['reportTableDrill', { ...range, deptId }],
      ['personalEfficiencyReport', range],
    ] as const) {
      const ms = await call(path, body);
      perCall.set(path, [...(perCall.get(path) ?? []), ms]);
      sum += ms;
    }
    return sum;
  };
  const health = async () => {
    const s = performance.now();
    await app.inject({ method: 'GET', url: '/api/health' });
    return performance.now() - s;
  };

  let inserted = 0;
  let base = 0;
  console.log(`efficiency page load (9 report calls, sequential), ${LOADS} loads per size, median`);
  for (const size of SIZES) {
    const rows = [];
    const nodes = [];
    for (let i = inserted; i < size; i++) {
      const started = Date.now() - (1 + (i % 360)) * DAY;
      const finished = i % 7 === 0 ? null : started + ((i % 96) + 1) * 3_600_000;
      const id = `bench-p-${i}`;
      rows.push({
        id,
        tenant_id: '000000',
        service_id: null,
        dept_id: `000000-dept-${String((i % 15) + 1).padStart(2, '0')}`,
        scene_id: `000000-scene-0${(i % 9) + 1}`,
        process_name: ['请假审批', '用印申请', '报销审批'][i % 3]!,
        title: `压测流程${i}`,
        applicant_id: `bench-u-${i % 500}`,
        applicant_name: '压测',
        started_at: new Date(started).toISOString(),
        due_at: new Date(started + 48 * 3_600_000).toISOString(),
        finished_at: finished ? new Date(finished).toISOString() : null,
      });
      for (let j = 0; j < 2; j++) {
        nodes.push({
          id: `${id}-n${j}`,
          tenant_id: '000000',
          process_id: id,
          node_name: j ? '复核' : '审批',
          handler_id: `bench-h-${i % 50}`,
          handler_name: '经办人',
          sort: j,
          arrived_at: new Date(started + j * 3_600_000).toISOString(),
          due_at: new Date(started + (j + 24) * 3_600_000).toISOString(),
          handled_at: finished ? new Date(finished).toISOString() : null,
        });
      }
    }
    // Written the way ingestion writes them: with the day aggregates, in transactions of 2,000 (ADR 0036).
    const nodesOf = nodesByProcess(nodes);
    for (let k = 0; k < rows.length; k += 2000)
      await storeProcesses(
        db.db,
        '000000',
        rows.slice(k, k + 2000).map((process) => ({ process, nodes: nodesOf.get(process.id) ?? [] })),
      );
    inserted = Math.max(inserted, size);
    await load(); // warm-up
    perCall = new Map();
    const loads: number[] = [];
    const healths: number[] = [];
    for (let n = 0; n < LOADS; n++) {
      loads.push(await load());
      healths.push(await health());
    }
    const m = median(loads);
    if (!base) base = m;
    console.log(
      `  +${String(size).padStart(6)} processes: ${fmt(m)}  ratio to seed size ${(m / base).toFixed(2)}  ratio to /api/health ${(m / median(healths)).toFixed(1)}`,
    );
    console.log(
      `      per call (median ms): ${[...perCall].map(([path, ms]) => `${path} ${median(ms).toFixed(1)}`).join(', ')}`,
    );
  }
  await app.close();
  await db.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

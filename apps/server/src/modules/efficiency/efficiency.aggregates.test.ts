import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from '../../db/seed/demo.ts';
import type { EffProcessNodeRow } from '../../db/tables/efficiency.ts';
import * as migration from '../../db/migrations/2026-11-25T03-00_efficiency-aggregates.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { storeProcesses, type ProcessInput, type StoredProcess } from './efficiency.aggregates.ts';
import { addDays, dayStart } from './efficiency.service.ts';

/**
 * Issue 13 / ADR 0036: the reports read day aggregates kept at ingest. On random processes (open and finished,
 * late and on time, open ones due within the current hour, some stored twice), every report answers exactly what a
 * plain computation over the processes gives — after the ingest path, and after the migration built the aggregates
 * again from the processes alone.
 */
const E = '/api/online-service-platform/efficiencyHomePage';
const ZONE = 'Asia/Shanghai';
/** Days of 2020 no seeded process falls on. */
const RANGE = { startDate: '2020-03-01', endDate: '2020-04-29' };
const HOUR = 3_600_000;
const round1 = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A small seeded random generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!,
  };
}

const DEPTS = ['000000-dept-01', '000000-dept-02', '000000-dept-03', '000000-dept-04'];
const SCENES = ['', '000000-scene-01', '000000-scene-02'];
const NAMES = ['请假审批', '用印申请', '报销审批', '调课申请'];
const SERVICES = [null, '000000-svc-cjd', '000000-svc-xjzm'];
const HANDLERS = [
  ['h-1', '王老师'],
  ['h-2', '李老师'],
  ['h-3', '赵老师'],
] as const;

/** Random processes started in RANGE; open ones due in the past, later, or within the current hour. */
function randomProcesses(seed: number, count: number, now: number, prefix: string): StoredProcess[] {
  const r = random(seed);
  const first = dayStart(RANGE.startDate, ZONE);
  const span = dayStart(addDays(RANGE.endDate, 1), ZONE) - first;
  const hourStart = Math.floor(now / HOUR) * HOUR;
  const iso = (ms: number) => new Date(ms).toISOString();
  // Open ones are late by whole hours and a half (never a whole hour), finished ones by whole hours: the list's
  // order cannot change while the test runs.
  const openDue = () => {
    const k = r.int(5);
    if (k === 0) return now + 2 * HOUR; // not late yet
    if (k === 1) return Math.max(hourStart, now - 60_000); // late since within the current hour
    return now - (r.int(2000) + 0.5) * HOUR;
  };
  return Array.from({ length: count }, (_, i) => {
    const started = first + r.int(Math.floor(span / 60_000)) * 60_000;
    const finishedProcess = r.next() < 0.6;
    const due = started + (r.int(96) + 1) * HOUR;
    const finished = finishedProcess ? started + (r.int(150) + 1) * HOUR : null;
    const id = `${prefix}-${i}`;
    const process: ProcessInput = {
      id,
      tenant_id: DEMO_TENANT_ID,
      service_id: r.pick(SERVICES),
      dept_id: r.pick(DEPTS),
      scene_id: r.pick(SCENES),
      process_name: r.pick(NAMES),
      title: `随机流程${i}`,
      applicant_id: `u-${r.int(20)}`,
      applicant_name: '申请人',
      started_at: iso(started),
      due_at: iso(finished === null ? openDue() : due),
      finished_at: finished === null ? null : iso(finished),
    };
    const nodes: EffProcessNodeRow[] = Array.from({ length: r.int(3) + 1 }, (_, k) => {
      const [handlerId, handlerName] = r.pick(HANDLERS);
      const arrived = started + k * HOUR;
      const handled = finished !== null || r.next() < 0.4 ? arrived + (r.int(60) + 1) * HOUR : null;
      return {
        id: `${id}-n${k}`,
        tenant_id: DEMO_TENANT_ID,
        process_id: id,
        node_name: k ? '复核' : '审批',
        handler_id: handlerId,
        handler_name: handlerName,
        sort: k,
        arrived_at: iso(arrived),
        due_at: iso(handled === null ? openDue() : arrived + (r.int(48) + 1) * HOUR),
        handled_at: handled === null ? null : iso(handled),
      };
    });
    return { process, nodes };
  });
}

/** The reports worked out over the processes themselves, in plain JavaScript. */
function direct(list: StoredProcess[], now: string) {
  const days: string[] = [];
  for (let d = RANGE.startDate; d <= RANGE.endDate; d = addDays(d, 1)) days.push(d);
  const starts = [...days, addDays(RANGE.endDate, 1)].map((d) => dayStart(d, ZONE));
  const dayOf = (iso: string) => {
    const t = Date.parse(iso);
    const i = starts.findIndex((s, k) => k < days.length && s <= t && t < starts[k + 1]!);
    return i < 0 ? null : days[i]!;
  };
  const ps = list.map((x) => x.process).filter((p) => dayOf(p.started_at));
  const late = (p: ProcessInput) => (p.finished_at ? p.finished_at > p.due_at : p.due_at < now);
  const nodeLate = (n: EffProcessNodeRow) => (n.handled_at ? n.handled_at > n.due_at : n.due_at < now);
  const agg = (group: ProcessInput[]) => {
    const finished = group.filter((p) => p.finished_at);
    const onTime = finished.filter((p) => p.finished_at! <= p.due_at).length;
    const ms = finished.reduce((s, p) => s + Date.parse(p.finished_at!) - Date.parse(p.started_at), 0);
    return {
      started: group.length,
      finished: finished.length,
      overdue: group.filter(late).length,
      avgHours: round1(finished.length ? ms / finished.length / HOUR : null),
      onTimeRate: finished.length ? round1((onTime / finished.length) * 100) : null,
    };
  };
  const groupBy = <T>(items: T[], key: (x: T) => string) => {
    const m = new Map<string, T[]>();
    for (const x of items) m.set(key(x), [...(m.get(key(x)) ?? []), x]);
    return [...m.entries()].sort(([a], [b]) => cmp(a, b));
  };
  const ids = new Set(ps.map((p) => p.id));
  const nodes = list.flatMap((x) => x.nodes).filter((n) => ids.has(n.process_id));
  const nodeProcess = new Map(ps.map((p) => [p.id, p]));
  const nodeAgg = (group: EffProcessNodeRow[]) => {
    const handled = group.filter((n) => n.handled_at);
    const ms = handled.reduce((s, n) => s + Date.parse(n.handled_at!) - Date.parse(n.arrived_at), 0);
    return {
      total: group.length,
      handled: handled.length,
      pending: group.length - handled.length,
      overdue: group.filter(nodeLate).length,
      avgHours: round1(handled.length ? ms / handled.length / HOUR : null),
    };
  };
  const lateMs = (p: ProcessInput) => Date.parse(p.finished_at ?? now) - Date.parse(p.due_at);
  const timeouts = ps.filter(late).sort((a, b) => lateMs(b) - lateMs(a) || cmp(a.id, b.id));
  return {
    overview: (() => {
      const a = agg(ps);
      return { ...a, running: a.started - a.finished };
    })(),
    trend: days.map((d) => ({
      period: d,
      started: ps.filter((p) => dayOf(p.started_at) === d).length,
      finished: list.filter((x) => x.process.finished_at && dayOf(x.process.finished_at) === d).length,
      overdue: ps.filter((p) => dayOf(p.started_at) === d && late(p)).length,
    })),
    months: groupBy(ps, (p) => dayOf(p.started_at)!.slice(0, 7)).map(([month, g]) => {
      const { started, finished, overdue, avgHours, onTimeRate } = agg(g);
      return { month, started, finished, overdue, avgHours, onTimeRate };
    }),
    depts: Object.fromEntries(groupBy(ps, (p) => p.dept_id).map(([d, g]) => [d, agg(g)])),
    drill: (dept: string) => ({
      processes: groupBy(
        ps.filter((p) => p.dept_id === dept),
        (p) => p.process_name,
      ).map(([name, g]) => {
        const services = g.map((p) => p.service_id).filter((s): s is string => !!s);
        return { processName: name, serviceId: services.sort().at(-1) ?? null, ...agg(g) };
      }),
      handlers: groupBy(
        nodes.filter((n) => nodeProcess.get(n.process_id)!.dept_id === dept),
        (n) => n.handler_id,
      ).map(([handlerId, g]) => {
        const { total: _, ...a } = nodeAgg(g);
        return {
          handlerId,
          handlerName: g
            .map((n) => n.handler_name)
            .sort()
            .at(-1)!,
          ...a,
        };
      }),
    }),
    timeoutNodes: groupBy(nodes, (n) => `${nodeProcess.get(n.process_id)!.process_name}\u0000${n.node_name}`)
      .map(([k, g]) => {
        const { pending: _p, handled: _h, ...a } = nodeAgg(g);
        return { processName: k.split('\u0000')[0]!, nodeName: k.split('\u0000')[1]!, ...a };
      })
      .filter((n) => n.overdue > 0)
      .sort((a, b) => b.overdue - a.overdue || cmp(a.processName, b.processName) || cmp(a.nodeName, b.nodeName)),
    timeouts: { total: timeouts.length, ids: timeouts.map((p) => p.id) },
    finishedLateHours: new Map(timeouts.filter((p) => p.finished_at).map((p) => [p.id, round1(lateMs(p) / HOUR)])),
  };
}

describe.each(testDatabases)('efficiency day aggregates on %s', (engine) => {
  let t: TestApp;
  let token = '';
  const post = async (path: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url: `${E}/${path}`, headers: bearer(token), payload });
    const body = res.json();
    expect(body.status, `${path}: ${res.body.slice(0, 300)}`).toBe(1000);
    return body.result;
  };
  const now = Date.now();
  let list: StoredProcess[] = [];

  /** Every report of RANGE against the plain computation. */
  async function reportsMatch() {
    const x = direct(list, new Date().toISOString());
    expect(await post('overView', RANGE)).toMatchObject(x.overview);
    expect((await post('processTrending', { ...RANGE, granularity: 'day' })).points).toEqual(x.trend);
    expect(await post('efficiencyReportList', RANGE)).toEqual(x.months);
    const table = await post('reportTable', RANGE);
    for (const row of table.rows as { deptId: string }[])
      expect(row, row.deptId).toMatchObject(
        x.depts[row.deptId] ?? { started: 0, finished: 0, overdue: 0, avgHours: null, onTimeRate: null },
      );
    const { running: _, ...total } = x.overview;
    expect(table.total).toMatchObject(total);
    for (const dept of DEPTS) {
      const drill = await post('reportTableDrill', { ...RANGE, deptId: dept });
      expect({ processes: drill.processes, handlers: drill.handlers }, dept).toEqual(x.drill(dept));
    }
    expect(await post('timeoutNode', { ...RANGE, limit: 50 })).toEqual(x.timeoutNodes.slice(0, 50));
    const ids: string[] = [];
    for (let current = 1; current <= 3; current++) {
      const page = await post('timeoutProcess', { ...RANGE, current, size: 7 });
      expect(page.total).toBe(x.timeouts.total);
      for (const r of page.records as { id: string; overdueHours: number; finishedAt: string | null }[]) {
        ids.push(r.id);
        if (r.finishedAt) expect(r.overdueHours, r.id).toBe(x.finishedLateHours.get(r.id));
      }
    }
    expect(ids).toEqual(x.timeouts.ids.slice(0, 21));
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    token = (await t.login('admin')).access_token;
  });
  afterAll(async () => t.close());

  it('answer as a computation over the processes does, after ingest and after processes are stored again', async () => {
    list = randomProcesses(13, 400, now, 'agg');
    for (let i = 0; i < list.length; i += 150) await storeProcesses(t.db.db, DEMO_TENANT_ID, list.slice(i, i + 150));
    await reportsMatch();
    // A third are sent again changed (finished, moved to another department or day): the old rows come off.
    const changed = randomProcesses(14, 400, now, 'agg').filter((_, i) => i % 3 === 0);
    await storeProcesses(t.db.db, DEMO_TENANT_ID, changed);
    const byId = new Map(changed.map((c) => [c.process.id, c]));
    list = list.map((p) => byId.get(p.process.id) ?? p);
    await reportsMatch();
  });

  it('answer the same after the migration built the aggregates again from the processes alone', async () => {
    const db = t.db.db;
    await migration.down(db);
    // Processes stored before the migration existed: rows of their own, no aggregates.
    const older = randomProcesses(15, 150, now, 'old');
    await db
      .insertInto('eff_processes')
      .values(older.map((o) => o.process) as never)
      .execute();
    await db
      .insertInto('eff_process_nodes')
      .values(older.flatMap((o) => o.nodes))
      .execute();
    list = [...list, ...older];
    await migration.up(db);
    await reportsMatch();
  });
});

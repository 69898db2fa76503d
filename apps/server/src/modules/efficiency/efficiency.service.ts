import {
  DEFAULT_REPORT_CONFIG,
  DEFAULT_TIME_ZONE,
  EFFICIENCY_DEFAULT_RANGE_DAYS,
  EFFICIENCY_MENU,
  EFFICIENCY_TEXTS,
  REPORT_BLOCKS,
  isTimeZone,
  type ReportConfig,
  type ExistReport,
  type FilterNodeT,
  type Granularity,
  type MonthlyReport,
  type OaOverview,
  type Overview,
  type PersonalReport,
  type ReportDrill,
  type ReportRange,
  type ReportRow,
  type ReportTable,
  type Trend,
  type TrendPoint,
} from '@portal/contracts/efficiency';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { AppDeps, RequestContext } from '../../platform/http.ts';
import { pageResult } from '../../platform/page.ts';
import { audited, registerAuditKind } from '../audit/audit.service.ts';
import { directory } from '../auth/auth.directory.ts';
import { efficiencyRepository, type Agg, type ProcessFilter } from './efficiency.repository.ts';
import { rebuildAggregates } from './efficiency.aggregates.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

const repo = (deps: AppDeps) => efficiencyRepository(deps.db, deps.engine);
const DAY = 86_400_000;
const round1 = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);
type FilterInput = {
  startDate?: string | undefined;
  endDate?: string | undefined;
  deptId?: string | null | undefined;
  sceneId?: string | null | undefined;
};

/** The range a call covers: as given, else the last EFFICIENCY_DEFAULT_RANGE_DAYS days up to today in the tenant's time zone. */
export function resolveRange(
  input: { startDate?: string | undefined; endDate?: string | undefined },
  now = Date.now(),
  timeZone = DEFAULT_TIME_ZONE,
): ReportRange {
  const today = dayjs(now).tz(timeZone).format('YYYY-MM-DD');
  const endDate = input.endDate ?? (input.startDate && input.startDate > today ? input.startDate : today);
  const startDate = input.startDate ?? addDays(endDate, -(EFFICIENCY_DEFAULT_RANGE_DAYS - 1));
  return { startDate, endDate };
}

export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** Every day of a range, in order. */
export function daysOf(range: ReportRange): string[] {
  const out: string[] = [];
  for (let d = range.startDate; d <= range.endDate; d = addDays(d, 1)) out.push(d);
  return out;
}

/** The ISO week a day belongs to, written YYYY-Www. */
export function isoWeek(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  const weekday = (d.getUTCDay() + 6) % 7; // Monday 0
  d.setUTCDate(d.getUTCDate() - weekday + 3); // the Thursday of this week decides the year
  const year = d.getUTCFullYear();
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const week = 1 + Math.round(((d.getTime() - jan4.getTime()) / DAY - 3 + ((jan4.getUTCDay() + 6) % 7)) / 7);
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The instant (ms) a day of the calendar starts at in a time zone (its midnight, or the first hour after a gap). */
export const dayStart = (date: string, timeZone: string): number => dayjs.tz(date, timeZone).valueOf();

/** Day counts rolled up into the periods of a granularity, every period of the range present (zeros included). */
export function rollUp(
  range: ReportRange,
  granularity: Granularity,
  started: Map<string, { n: number; late: number }>,
  finished: Map<string, number>,
): TrendPoint[] {
  const key = (day: string) => (granularity === 'day' ? day : granularity === 'month' ? day.slice(0, 7) : isoWeek(day));
  const points = new Map<string, TrendPoint>();
  for (const day of daysOf(range)) {
    const k = key(day);
    const p = points.get(k) ?? { period: k, started: 0, finished: 0, overdue: 0 };
    p.started += started.get(day)?.n ?? 0;
    p.overdue += started.get(day)?.late ?? 0;
    p.finished += finished.get(day) ?? 0;
    points.set(k, p);
  }
  return [...points.values()];
}

const rates = (a: Agg) => ({
  avgHours: round1(a.avgHours),
  onTimeRate: a.finished ? round1((a.onTime / a.finished) * 100) : null,
});

/** Whether the caller sees the report-wide views: an administrator, or a holder of the configuration menu. */
export async function canViewReport(deps: AppDeps, ctx: RequestContext): Promise<boolean> {
  if (ctx.roleType === 'admin') return true;
  return (await directory.menuNames(deps.db, ctx.tenantId, ctx.roleId)).includes(EFFICIENCY_MENU);
}

async function requireReport(deps: AppDeps, ctx: RequestContext): Promise<void> {
  if (!(await canViewReport(deps, ctx)))
    throw forbidden(EFFICIENCY_TEXTS.noReportPower, `configurationMenu ${EFFICIENCY_MENU}`);
}

/** Resolves the range and checks that a named department or scene is the tenant's. */
async function filterOf(
  deps: AppDeps,
  tenantId: string,
  input: FilterInput,
): Promise<ProcessFilter & { range: ReportRange; timeZone: string }> {
  const timeZone = await tenantTimeZone(deps, tenantId);
  const range = resolveRange(input, Date.now(), timeZone);
  const deptId = input.deptId ?? null;
  const sceneId = input.sceneId ?? null;
  if (deptId && !(await repo(deps).dept(tenantId, deptId))) throw notFound(EFFICIENCY_TEXTS.noDept, `deptId ${deptId}`);
  if (sceneId && !(await repo(deps).scene(tenantId, sceneId)))
    throw notFound(EFFICIENCY_TEXTS.noScene, `sceneId ${sceneId}`);
  // The range's days are the tenant's: from its first midnight up to the midnight after its last day.
  const from = new Date(dayStart(range.startDate, timeZone)).toISOString();
  const to = new Date(dayStart(addDays(range.endDate, 1), timeZone)).toISOString();
  return { range, timeZone, from, to, startDay: range.startDate, endDay: range.endDate, deptId, sceneId };
}

/** A report-wide call: permission first, then the filter. */
async function reportFilter(deps: AppDeps, ctx: RequestContext, input: FilterInput) {
  await requireReport(deps, ctx);
  return filterOf(deps, ctx.tenantId, input);
}

export async function overview(deps: AppDeps, ctx: RequestContext, input: FilterInput): Promise<Overview> {
  const f = await reportFilter(deps, ctx, input);
  const [p, s] = await Promise.all([
    repo(deps).processTotals(ctx.tenantId, f),
    repo(deps).serviceTotals(ctx.tenantId, f),
  ]);
  return {
    range: f.range,
    ...s,
    started: p.started,
    finished: p.finished,
    running: p.started - p.finished,
    overdue: p.overdue,
    ...rates(p),
  };
}

export async function trend(
  deps: AppDeps,
  ctx: RequestContext,
  input: FilterInput & { granularity: Granularity },
): Promise<Trend> {
  const f = await reportFilter(deps, ctx, input);
  // The tenant's days straight from the day aggregates (ADR 0036).
  const [byDay, finished] = await Promise.all([
    repo(deps).processSums(ctx.tenantId, f, ['day']),
    repo(deps).finishedByDay(ctx.tenantId, f),
  ]);
  const started = new Map([...byDay.values()].map((d) => [d.day, { n: d.started, late: d.overdue }]));
  return {
    range: f.range,
    granularity: input.granularity,
    points: rollUp(f.range, input.granularity, started, finished),
  };
}

export async function heat(deps: AppDeps, ctx: RequestContext, input: FilterInput & { limit: number }) {
  const f = await reportFilter(deps, ctx, input);
  const [rows, totals] = await Promise.all([
    repo(deps).heat(ctx.tenantId, f, input.limit),
    repo(deps).serviceTotals(ctx.tenantId, f),
  ]);
  return rows.map((r, i) => ({
    rank: i + 1,
    serviceId: r.id,
    serviceName: r.serviceName,
    deptName: r.deptName,
    visitCount: r.visitCount,
    clicks: r.clicks,
    rate: totals.visitCount ? Math.round((r.visitCount / totals.visitCount) * 10_000) / 100 : 0,
  }));
}

export async function likes(deps: AppDeps, ctx: RequestContext, input: FilterInput & { limit: number }) {
  const f = await reportFilter(deps, ctx, input);
  const rows = await repo(deps).likes(ctx.tenantId, f, input.limit);
  return rows.map((r, i) => ({
    rank: i + 1,
    serviceId: r.id,
    serviceName: r.serviceName,
    deptName: r.deptName,
    average: round1(r.average)!,
    count: r.count,
  }));
}

export async function timeoutProcesses(
  deps: AppDeps,
  ctx: RequestContext,
  input: FilterInput & { current: number; size: number },
) {
  const f = await reportFilter(deps, ctx, input);
  const { rows, total } = await repo(deps).timeoutProcesses(
    ctx.tenantId,
    f,
    (input.current - 1) * input.size,
    input.size,
  );
  const records = rows.map((r) => ({
    id: r.id,
    title: r.title,
    processName: r.process_name,
    deptName: r.dept_name ?? '',
    applicantName: r.applicant_name,
    startedAt: r.started_at,
    dueAt: r.due_at,
    finishedAt: r.finished_at,
    overdueHours: round1(r.late_hours)!,
  }));
  return pageResult(records, total, input.current, input.size);
}

export async function timeoutNodes(deps: AppDeps, ctx: RequestContext, input: FilterInput & { limit: number }) {
  const f = await reportFilter(deps, ctx, input);
  return (await repo(deps).timeoutNodes(ctx.tenantId, f, input.limit)).map((r) => ({
    ...r,
    avgHours: round1(r.avgHours),
  }));
}

const reportRow = (
  deptId: string,
  deptName: string,
  s: { serviceCount: number; visitCount: number } | undefined,
  a: Agg | undefined,
): ReportRow => {
  const agg = a ?? { started: 0, finished: 0, overdue: 0, onTime: 0, avgHours: null };
  return {
    deptId,
    deptName,
    serviceCount: s?.serviceCount ?? 0,
    visitCount: s?.visitCount ?? 0,
    started: agg.started,
    finished: agg.finished,
    overdue: agg.overdue,
    ...rates(agg),
  };
};

/** One row per department (all of them, or the one named), and the total over the same filter. */
export async function reportTable(deps: AppDeps, ctx: RequestContext, input: FilterInput): Promise<ReportTable> {
  const f = await reportFilter(deps, ctx, input);
  const r = repo(deps);
  const [depts, byDept, services, total, serviceTotal] = await Promise.all([
    r.groupsWithServiceCounts(ctx.tenantId, 'svc_depts'),
    r.processSums(ctx.tenantId, f, ['dept_id']),
    r.servicesByDept(ctx.tenantId, f),
    r.processTotals(ctx.tenantId, f),
    r.serviceTotals(ctx.tenantId, f),
  ]);
  const rows = depts
    .filter((d) => !f.deptId || d.id === f.deptId)
    .map((d) => reportRow(d.id, d.name, services.get(d.id), byDept.get(d.id)));
  return { range: f.range, rows, total: reportRow('', '合计', serviceTotal, total) };
}

export async function reportDrill(
  deps: AppDeps,
  ctx: RequestContext,
  input: FilterInput & { deptId: string },
): Promise<ReportDrill> {
  const f = await reportFilter(deps, ctx, input);
  const dept = (await repo(deps).dept(ctx.tenantId, input.deptId))!;
  const [processes, handlers] = await Promise.all([
    repo(deps).processSums(ctx.tenantId, f, ['process_name']),
    repo(deps).nodeSums(ctx.tenantId, f, ['handler_id']),
  ]);
  const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return {
    range: f.range,
    deptId: dept.id,
    deptName: dept.name,
    processes: [...processes.values()]
      .sort((a, b) => byName(a.process_name, b.process_name))
      .map((p) => ({
        processName: p.process_name,
        serviceId: p.serviceId,
        started: p.started,
        finished: p.finished,
        overdue: p.overdue,
        ...rates(p),
      })),
    handlers: [...handlers.values()]
      .sort((a, b) => byName(a.handler_id, b.handler_id))
      .map((h) => ({
        handlerId: h.handler_id,
        handlerName: h.handlerName,
        handled: h.handled,
        pending: h.pending,
        overdue: h.overdue,
        avgHours: round1(h.avgHours),
      })),
  };
}

export async function monthlyReports(deps: AppDeps, ctx: RequestContext, input: FilterInput): Promise<MonthlyReport[]> {
  const f = await reportFilter(deps, ctx, input);
  // Months of the tenant's days: the day aggregates added up per month (ADR 0036).
  const months = new Map<string, Agg & { sumMs: number }>();
  for (const d of (await repo(deps).processSums(ctx.tenantId, f, ['day'])).values()) {
    const key = d.day.slice(0, 7);
    const m = months.get(key) ?? { started: 0, finished: 0, overdue: 0, onTime: 0, avgHours: null, sumMs: 0 };
    months.set(key, {
      started: m.started + d.started,
      finished: m.finished + d.finished,
      overdue: m.overdue + d.overdue,
      onTime: m.onTime + d.onTime,
      avgHours: null,
      sumMs: m.sumMs + d.sumMs,
    });
  }
  return [...months.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([month, m]) => ({
      month,
      started: m.started,
      finished: m.finished,
      overdue: m.overdue,
      ...rates({ ...m, avgHours: m.finished ? m.sumMs / m.finished / 3_600_000 : null }),
    }));
}

export async function oaOverview(deps: AppDeps, ctx: RequestContext, input: FilterInput): Promise<OaOverview> {
  const f = await reportFilter(deps, ctx, input);
  const rows = await repo(deps).oaByFlow(ctx.tenantId, f);
  const flows = new Map<string, { flowType: string; todo: number; done: number; timeout: number }>();
  for (const r of rows) {
    const flow = flows.get(r.flowType) ?? { flowType: r.flowType, todo: 0, done: 0, timeout: 0 };
    if (r.kind === 'todo') flow.todo += r.n;
    else flow.done += r.n;
    flow.timeout += r.late;
    flows.set(r.flowType, flow);
  }
  const list = [...flows.values()];
  return { todo: sum(list, 'todo'), done: sum(list, 'done'), timeout: sum(list, 'timeout'), flows: list };
}
const sum = <K extends string>(list: Record<K, number>[], k: K) => list.reduce((s, x) => s + x[k], 0);

/** The caller's own work: nodes they handle that arrived in the range, and processes they started. */
export async function personalReport(deps: AppDeps, ctx: RequestContext, input: FilterInput): Promise<PersonalReport> {
  const f = await filterOf(deps, ctx.tenantId, { startDate: input.startDate, endDate: input.endDate });
  const p = await repo(deps).personalTotals(ctx.tenantId, ctx.userId, f);
  return {
    range: f.range,
    userName: ctx.userName,
    handled: p.handled,
    pending: p.pending,
    overdue: p.overdue,
    avgHours: round1(p.avgHours),
    onTimeRate: p.handled ? round1((p.onTime / p.handled) * 100) : null,
    applied: p.applied,
    appliedFinished: p.appliedFinished,
  };
}

export async function personalDetail(
  deps: AppDeps,
  ctx: RequestContext,
  input: FilterInput & { current: number; size: number },
) {
  const f = await filterOf(deps, ctx.tenantId, { startDate: input.startDate, endDate: input.endDate });
  const { rows, total } = await repo(deps).personalNodes(
    ctx.tenantId,
    ctx.userId,
    f,
    (input.current - 1) * input.size,
    input.size,
  );
  const records = rows.map((r) => ({
    id: r.id,
    title: r.title,
    processName: r.process_name,
    nodeName: r.node_name,
    arrivedAt: r.arrived_at,
    handledAt: r.handled_at,
    dueAt: r.due_at,
    hours: round1(r.hours),
    overdue: r.late,
  }));
  return pageResult(records, total, input.current, input.size);
}

const flatTree = (rows: { id: string; name: string; count: number }[]): FilterNodeT[] =>
  rows.map((r) => ({ id: r.id, title: r.name, count: r.count, children: [] }));

/**
 * Departments for the filter, each with its number of services on the shelf: the tenant's one department list
 * (the catalogue's, which the three lists use too; ADR 0032), sub-departments under their parents.
 */
export async function deptTree(deps: AppDeps, tenantId: string): Promise<FilterNodeT[]> {
  const [rows, parents] = await Promise.all([
    repo(deps).groupsWithServiceCounts(tenantId, 'svc_depts'),
    repo(deps).deptParents(tenantId),
  ]);
  const nodes = flatTree(rows);
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const top: FilterNodeT[] = [];
  for (const n of nodes) {
    const parent = byId.get(parents.get(n.id) ?? '');
    if (parent && parent !== n) parent.children.push(n);
    else top.push(n);
  }
  return top;
}
export async function sceneTree(deps: AppDeps, tenantId: string): Promise<FilterNodeT[]> {
  return flatTree(await repo(deps).groupsWithServiceCounts(tenantId, 'svc_scenes'));
}

export async function existReport(deps: AppDeps, ctx: RequestContext): Promise<ExistReport> {
  const [view, hasData] = await Promise.all([canViewReport(deps, ctx), repo(deps).hasProcesses(ctx.tenantId)]);
  const menus = await directory.menuNames(deps.db, ctx.tenantId, ctx.roleId);
  return { canViewReport: view, canConfigure: menus.includes(EFFICIENCY_MENU), hasData };
}

export async function getConfig(deps: AppDeps, tenantId: string): Promise<ReportConfig & { timeZone: string }> {
  const [stored, timeZone] = await Promise.all([repo(deps).config(tenantId), tenantTimeZone(deps, tenantId)]);
  if (!stored) return { ...DEFAULT_REPORT_CONFIG, timeZone };
  // A block added after the configuration was saved shows by default; unknown keys are dropped.
  let saved: { blocks?: Record<string, unknown> } = {};
  try {
    saved = JSON.parse(stored) as typeof saved;
  } catch {
    saved = {};
  }
  const blocks = saved.blocks ?? {};
  const out = { ...DEFAULT_REPORT_CONFIG.blocks };
  for (const k of REPORT_BLOCKS) if (typeof blocks[k] === 'boolean') out[k] = blocks[k] as boolean;
  return { blocks: out, timeZone };
}

/** The time zone the tenant's report days are counted in: the tenant's (tenants.time_zone, kept by the auth module). */
export async function tenantTimeZone(deps: AppDeps, tenantId: string): Promise<string> {
  const zone = await directory.timeZone(deps.db, tenantId);
  return isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

// The audit log (ADR 0030): the tenant's time zone, saved here with the report settings (tenants.time_zone, kept by
// the auth module). Its state is { timeZone } as stored; a revert sets it back and, as a save does, builds the day
// aggregates again in its transaction (the days move with the zone, ADR 0036).
export const TIME_ZONE_ENTITY = 'timeZone';
registerAuditKind('timeZone', {
  snapshot: async (deps, tenantId) => ({ timeZone: await directory.timeZone(deps.db, tenantId) }),
  async restore(deps, tenantId, _id, state) {
    const zone = (state as { timeZone?: unknown } | null)?.timeZone;
    if (typeof zone !== 'string') throw new Error('no time zone recorded');
    if (zone === (await directory.timeZone(deps.db, tenantId))) return;
    await directory.setTimeZone(deps.db, tenantId, zone);
    await rebuildAggregates(deps.db, tenantId);
  },
});
const timeZoneSummary = (zone: string) => `时区「${zone}」`;

/** Saves the blocks, and the tenant's time zone when one is given (a save without it keeps the stored one). */
export async function saveConfig(deps: AppDeps, ctx: RequestContext, config: ReportConfig): Promise<void> {
  const zone = config.timeZone;
  if (zone && zone !== (await tenantTimeZone(deps, ctx.tenantId)))
    // The days move with the zone: the tenant's day aggregates are built again in the same transaction (ADR 0036),
    // the audit log's (ADR 0030).
    await audited(deps, ctx, { kind: 'timeZone', id: TIME_ZONE_ENTITY, summary: timeZoneSummary(zone) }, async (tx) => {
      await directory.setTimeZone(tx.db, ctx.tenantId, zone);
      await rebuildAggregates(tx.db, ctx.tenantId);
    });
  await repo(deps).saveConfig(ctx.tenantId, JSON.stringify({ blocks: config.blocks }));
}

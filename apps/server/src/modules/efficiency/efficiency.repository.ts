import { sql, type Expression, type RawBuilder } from 'kysely';
import type { Db, Engine } from '../../db/create-db.ts';
import { hoursBetween, nowIso } from '../../db/sql-helpers.ts';
import { dayInZone, hourOf } from './efficiency.aggregates.ts';

/**
 * What every report counts: processes started in [from, to) of a tenant — the tenant's days startDay to endDay in
 * its time zone — optionally one department or scene.
 */
export type ProcessFilter = {
  from: string;
  to: string;
  startDay: string;
  endDay: string;
  timeZone: string;
  deptId: string | null;
  sceneId: string | null;
};
/** Process aggregates with the milliseconds they took (to add up) and a service of the group. */
export type AggSums = Agg & { sumMs: number; serviceId: string | null };
type ProcessDim = 'day' | 'dept_id' | 'process_name';
type NodeDim = 'handler_id' | 'process_name' | 'node_name';
/** Processes in a range above which the time-out list walks the late ones rather than the range. */
const WIDE_RANGE = 5_000;
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const keyOf = (dims: readonly string[], row: Record<string, unknown>) => dims.map((d) => String(row[d])).join('\u0000');

/** Process aggregates as the database returns them (PostgreSQL gives sums and averages as text). */
type RawAgg = { started: unknown; finished: unknown; overdue: unknown; on_time: unknown; avg_hours: unknown };
export type Agg = { started: number; finished: number; overdue: number; onTime: number; avgHours: number | null };

const num = (v: unknown) => Number(v ?? 0);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
export const toAgg = (r: RawAgg | undefined): Agg => ({
  started: num(r?.started),
  finished: num(r?.finished),
  overdue: num(r?.overdue),
  onTime: num(r?.on_time),
  avgHours: numOrNull(r?.avg_hours),
});

/**
 * SQL of efficiency supervision. Every method takes the tenant first (house style 2); the only dialect
 * difference, hours between two times, comes from db/sql-helpers.ts.
 */
export function efficiencyRepository(db: Db, engine: Engine) {
  const hours = (from: Expression<unknown>, to: Expression<unknown>) => hoursBetween(engine, from, to);
  const nodeLate = (now: string): RawBuilder<number> =>
    sql<number>`case when (n.handled_at is not null and n.handled_at > n.due_at) or (n.handled_at is null and n.due_at < ${now}) then 1 else 0 end`;
  const processes = (tenantId: string, f: ProcessFilter) => {
    let q = db
      .selectFrom('eff_processes as p')
      .where('p.tenant_id', '=', tenantId)
      .where('p.started_at', '>=', f.from)
      .where('p.started_at', '<', f.to);
    if (f.deptId) q = q.where('p.dept_id', '=', f.deptId);
    if (f.sceneId) q = q.where('p.scene_id', '=', f.sceneId);
    return q;
  };
  const services = (tenantId: string, f: Pick<ProcessFilter, 'deptId' | 'sceneId'>) => {
    let q = db.selectFrom('svc_services as s').where('s.tenant_id', '=', tenantId).where('s.status', '=', 1);
    if (f.deptId) q = q.where('s.dept_id', '=', f.deptId);
    if (f.sceneId) q = q.where('s.scene_id', '=', f.sceneId);
    return q;
  };

  return {
    dept(tenantId: string, id: string) {
      return db
        .selectFrom('svc_depts')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .select(['id', 'name'])
        .executeTakeFirst();
    },
    scene(tenantId: string, id: string) {
      return db
        .selectFrom('svc_scenes')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .select(['id', 'name'])
        .executeTakeFirst();
    },
    /** The one department list's parents (ADR 0032), for the report's department tree. */
    async deptParents(tenantId: string): Promise<Map<string, string>> {
      const rows = await db
        .selectFrom('svc_depts')
        .where('tenant_id', '=', tenantId)
        .select(['id', 'parent_id'])
        .execute();
      return new Map(rows.map((r) => [r.id, r.parent_id]));
    },
    /** Departments (or scenes) with how many services on the shelf each holds. */
    async groupsWithServiceCounts(tenantId: string, table: 'svc_depts' | 'svc_scenes') {
      const col = table === 'svc_depts' ? 's.dept_id' : 's.scene_id';
      const [rows, counts] = await Promise.all([
        db
          .selectFrom(table)
          .where('tenant_id', '=', tenantId)
          .select(['id', 'name'])
          .orderBy('sort')
          .orderBy('name')
          .execute(),
        services(tenantId, { deptId: null, sceneId: null })
          .select([`${col} as gid`, sql<number>`count(*)`.as('n')])
          .groupBy(col)
          .execute(),
      ]);
      const byId = new Map(counts.map((c) => [c.gid, num(c.n)]));
      return rows.map((r) => ({ id: r.id, name: r.name, count: byId.get(r.id) ?? 0 }));
    },

    /**
     * Process aggregates of the filter grouped by `dims` (none: one total), from the day aggregates (ADR 0036): the
     * open processes due before the current hour are late by their rows, the few due within it are looked up.
     */
    async processSums(tenantId: string, f: ProcessFilter, dims: ProcessDim[], now = nowIso()) {
      const hour = hourOf(now);
      let q = db
        .selectFrom('eff_day_processes as a')
        .where('a.tenant_id', '=', tenantId)
        .where('a.day', '>=', f.startDay)
        .where('a.day', '<=', f.endDay)
        .where('a.started', '>', 0);
      if (f.deptId) q = q.where('a.dept_id', '=', f.deptId);
      if (f.sceneId) q = q.where('a.scene_id', '=', f.sceneId);
      const [rows, edge] = await Promise.all([
        q
          .select(dims.map((d) => `a.${d}` as const))
          .select([
            sql<number>`sum(a.started)`.as('started'),
            sql<number>`sum(a.finished)`.as('finished'),
            sql<number>`sum(a.on_time)`.as('on_time'),
            sql<number>`sum(a.late_done)`.as('late_done'),
            sql<number>`sum(a.sum_ms)`.as('sum_ms'),
            sql<number>`sum(case when a.open_due > '' and a.open_due < ${hour} then a.open else 0 end)`.as('late_open'),
            sql<string>`max(a.service_id)`.as('service_id'),
          ])
          .$if(dims.length > 0, (b) => b.groupBy(dims.map((d) => `a.${d}` as const)))
          .execute(),
        processes(tenantId, f)
          .where('p.finished_at', 'is', null)
          .where('p.due_at', '>=', `${hour}:00:00.000Z`)
          .where('p.due_at', '<', now)
          .select(['p.dept_id', 'p.process_name', 'p.started_at'])
          .execute(),
      ]);
      const out = new Map<string, AggSums & Record<ProcessDim, string>>();
      for (const r of rows) {
        if (num(r.started) === 0) continue;
        const finished = num(r.finished);
        const sumMs = num(r.sum_ms);
        out.set(keyOf(dims, r), {
          ...(r as Record<ProcessDim, string>),
          started: num(r.started),
          finished,
          overdue: num(r.late_done) + num(r.late_open),
          onTime: num(r.on_time),
          avgHours: finished ? sumMs / finished / 3_600_000 : null,
          sumMs,
          serviceId: r.service_id ? r.service_id : null,
        });
      }
      const day = dayInZone(f.timeZone);
      for (const e of edge) {
        const hit = out.get(keyOf(dims, { ...e, day: day(e.started_at) }));
        if (hit) hit.overdue++;
      }
      return out;
    },
    async processTotals(tenantId: string, f: ProcessFilter, now = nowIso()): Promise<Agg> {
      const total = (await this.processSums(tenantId, f, [], now)).get('');
      return total ?? { started: 0, finished: 0, overdue: 0, onTime: 0, avgHours: null };
    },
    /** Processes that finished on each of the tenant's days of the range (ADR 0036). */
    async finishedByDay(tenantId: string, f: ProcessFilter): Promise<Map<string, number>> {
      let q = db
        .selectFrom('eff_day_processes as a')
        .where('a.tenant_id', '=', tenantId)
        .where('a.day', '>=', f.startDay)
        .where('a.day', '<=', f.endDay)
        .where('a.done_here', '>', 0);
      if (f.deptId) q = q.where('a.dept_id', '=', f.deptId);
      if (f.sceneId) q = q.where('a.scene_id', '=', f.sceneId);
      const rows = await q
        .select(['a.day', sql<number>`sum(a.done_here)`.as('n')])
        .groupBy('a.day')
        .execute();
      return new Map(rows.map((r) => [r.day, num(r.n)]));
    },
    /** Node aggregates of the filtered processes grouped by `dims`, late as processSums counts it. */
    async nodeSums(tenantId: string, f: ProcessFilter, dims: NodeDim[], now = nowIso()) {
      const hour = hourOf(now);
      let q = db
        .selectFrom('eff_day_nodes as a')
        .where('a.tenant_id', '=', tenantId)
        .where('a.day', '>=', f.startDay)
        .where('a.day', '<=', f.endDay);
      if (f.deptId) q = q.where('a.dept_id', '=', f.deptId);
      if (f.sceneId) q = q.where('a.scene_id', '=', f.sceneId);
      const [rows, edge] = await Promise.all([
        q
          .select(dims.map((d) => `a.${d}` as const))
          .select([
            sql<string>`max(a.handler_name)`.as('handler_name'),
            sql<number>`sum(a.total)`.as('total'),
            sql<number>`sum(a.handled)`.as('handled'),
            sql<number>`sum(a.late_done)`.as('late_done'),
            sql<number>`sum(a.sum_ms)`.as('sum_ms'),
            sql<number>`sum(a.open)`.as('open'),
            sql<number>`sum(case when a.open_due > '' and a.open_due < ${hour} then a.open else 0 end)`.as('late_open'),
          ])
          .groupBy(dims.map((d) => `a.${d}` as const))
          .execute(),
        processes(tenantId, f)
          .innerJoin('eff_process_nodes as n', (j) =>
            j.onRef('n.process_id', '=', 'p.id').on('n.tenant_id', '=', tenantId),
          )
          .where('n.handled_at', 'is', null)
          .where('n.due_at', '>=', `${hour}:00:00.000Z`)
          .where('n.due_at', '<', now)
          .select(['n.handler_id', 'p.process_name', 'n.node_name'])
          .execute(),
      ]);
      const out = new Map<
        string,
        Record<NodeDim, string> & {
          handlerName: string;
          total: number;
          handled: number;
          pending: number;
          overdue: number;
          avgHours: number | null;
        }
      >();
      for (const r of rows) {
        const handled = num(r.handled);
        out.set(keyOf(dims, r), {
          ...(r as Record<NodeDim, string>),
          handlerName: r.handler_name,
          total: num(r.total),
          handled,
          pending: num(r.open),
          overdue: num(r.late_done) + num(r.late_open),
          avgHours: handled ? num(r.sum_ms) / handled / 3_600_000 : null,
        });
      }
      for (const e of edge) {
        const hit = out.get(keyOf(dims, e));
        if (hit) hit.overdue++;
      }
      return out;
    },
    async serviceTotals(tenantId: string, f: Pick<ProcessFilter, 'deptId' | 'sceneId'>) {
      const r = await services(tenantId, f)
        .select([
          sql<number>`count(*)`.as('n'),
          sql<number>`sum(case when s.business_type = 'PROCESS' then 1 else 0 end)`.as('process_n'),
          sql<number>`sum(s.visit_count)`.as('visits'),
        ])
        .executeTakeFirst();
      return { serviceCount: num(r?.n), processServiceCount: num(r?.process_n), visitCount: num(r?.visits) };
    },
    async servicesByDept(tenantId: string, f: Pick<ProcessFilter, 'deptId' | 'sceneId'>) {
      const rows = await services(tenantId, f)
        .select(['s.dept_id', sql<number>`count(*)`.as('n'), sql<number>`sum(s.visit_count)`.as('visits')])
        .groupBy('s.dept_id')
        .execute();
      return new Map(rows.map((r) => [r.dept_id, { serviceCount: num(r.n), visitCount: num(r.visits) }]));
    },
    /** Services by lifetime visits, with their clicks in the range. */
    async heat(tenantId: string, f: ProcessFilter, limit: number) {
      const clicks = db
        .selectFrom('svc_clicks')
        .where('tenant_id', '=', tenantId)
        .where('created_at', '>=', f.from)
        .where('created_at', '<', f.to)
        .select(['service_id', sql<number>`count(*)`.as('n')])
        .groupBy('service_id')
        .as('c');
      const rows = await services(tenantId, f)
        .leftJoin('svc_depts as d', (j) => j.onRef('d.id', '=', 's.dept_id').on('d.tenant_id', '=', tenantId))
        .leftJoin(clicks, 'c.service_id', 's.id')
        .select(['s.id', 's.service_name', 'd.name as dept_name', 's.visit_count', 'c.n as clicks'])
        .orderBy('s.visit_count', 'desc')
        .orderBy('s.id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        serviceName: r.service_name,
        deptName: r.dept_name ?? '',
        visitCount: num(r.visit_count),
        clicks: num(r.clicks),
      }));
    },
    /** Services by average rating given in the range, then by how many rated. */
    async likes(tenantId: string, f: ProcessFilter, limit: number) {
      const avg = sql<number>`avg(r.score)`;
      const rows = await services(tenantId, f)
        .innerJoin('svc_ratings as r', (j) => j.onRef('r.service_id', '=', 's.id').on('r.tenant_id', '=', tenantId))
        .leftJoin('svc_depts as d', (j) => j.onRef('d.id', '=', 's.dept_id').on('d.tenant_id', '=', tenantId))
        .where('r.created_at', '>=', f.from)
        .where('r.created_at', '<', f.to)
        .select([
          's.id',
          sql<string>`max(s.service_name)`.as('service_name'),
          sql<string | null>`max(d.name)`.as('dept_name'),
          avg.as('average'),
          sql<number>`count(*)`.as('n'),
        ])
        .groupBy('s.id')
        .orderBy(avg, 'desc')
        .orderBy(sql`count(*)`, 'desc')
        .orderBy('s.id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        serviceName: r.service_name,
        deptName: r.dept_name ?? '',
        average: num(r.average),
        count: num(r.n),
      }));
    },

    /**
     * Late processes, the latest first by how late (then by id): the finished ones by late_ms (indexed), the open
     * ones by their due time (the open ones' index), the first offset + limit of each merged. The count comes from
     * the aggregates.
     */
    async timeoutProcesses(tenantId: string, f: ProcessFilter, offset: number, limit: number, now = nowIso()) {
      const columns = [
        'p.id',
        'p.title',
        'p.process_name',
        'd.name as dept_name',
        'p.applicant_name',
        'p.started_at',
        'p.due_at',
        'p.finished_at',
        'p.late_ms',
      ] as const;
      const total = await this.processTotals(tenantId, f, now);
      // Many processes in the range: walk the late ones from the latest down (late_ms index) and skip those outside
      // it, rather than reading every process of the range and sorting (SQLite, without statistics, would pick the
      // start-time index; `|| ''` keeps the start times out of the index choice on both engines).
      const wide = total.started > WIDE_RANGE;
      const started = wide ? sql<string>`p.started_at || ''` : sql<string>`p.started_at`;
      let base = db
        .selectFrom('eff_processes as p')
        .where('p.tenant_id', '=', tenantId)
        .where(started, '>=', f.from)
        .where(started, '<', f.to);
      if (f.deptId) base = base.where('p.dept_id', '=', f.deptId);
      if (f.sceneId) base = base.where('p.scene_id', '=', f.sceneId);
      const withDept = base.leftJoin('svc_depts as d', (j) =>
        j.onRef('d.id', '=', 'p.dept_id').on('d.tenant_id', '=', tenantId),
      );
      const nowMs = Date.parse(now);
      const [done, open] = await Promise.all([
        withDept
          .where('p.late_ms', 'is not', null)
          .select(columns)
          .orderBy('p.late_ms', 'desc')
          .orderBy('p.id')
          .limit(offset + limit)
          .execute(),
        withDept
          .where('p.finished_at', 'is', null)
          .where('p.due_at', '<', now)
          .select(columns)
          .orderBy('p.due_at')
          .orderBy('p.id')
          .limit(offset + limit)
          .execute(),
      ]);
      const rows = [...done, ...open]
        .map((r) => ({ ...r, lateMs: r.finished_at ? num(r.late_ms) : nowMs - Date.parse(r.due_at) }))
        .sort((a, b) => b.lateMs - a.lateMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .slice(offset, offset + limit)
        .map(({ late_ms: _, lateMs, ...r }) => ({ ...r, late_hours: lateMs / 3_600_000 }));
      return { rows, total: total.overdue };
    },
    /** Nodes of the filtered processes by process and node name, the most often late first. */
    async timeoutNodes(tenantId: string, f: ProcessFilter, limit: number, now = nowIso()) {
      return [...(await this.nodeSums(tenantId, f, ['process_name', 'node_name'], now)).values()]
        .filter((r) => r.overdue > 0)
        .sort(
          (a, b) =>
            b.overdue - a.overdue || compare(a.process_name, b.process_name) || compare(a.node_name, b.node_name),
        )
        .slice(0, limit)
        .map((r) => ({
          processName: r.process_name,
          nodeName: r.node_name,
          total: r.total,
          overdue: r.overdue,
          avgHours: r.avgHours,
        }));
    },

    /** The nodes one user handles, that arrived in the range. */
    async personalTotals(tenantId: string, userId: string, f: ProcessFilter, now = nowIso()) {
      const r = await db
        .selectFrom('eff_process_nodes as n')
        .where('n.tenant_id', '=', tenantId)
        .where('n.handler_id', '=', userId)
        .where('n.arrived_at', '>=', f.from)
        .where('n.arrived_at', '<', f.to)
        .select([
          sql<number>`sum(case when n.handled_at is not null then 1 else 0 end)`.as('handled'),
          sql<number>`sum(case when n.handled_at is null then 1 else 0 end)`.as('pending'),
          sql<number>`sum(${nodeLate(now)})`.as('late'),
          sql<number>`sum(case when n.handled_at is not null and n.handled_at <= n.due_at then 1 else 0 end)`.as(
            'on_time',
          ),
          sql<
            number | null
          >`avg(case when n.handled_at is not null then ${hours(sql.ref('n.arrived_at'), sql.ref('n.handled_at'))} end)`.as(
            'avg_hours',
          ),
        ])
        .executeTakeFirst();
      const applied = await db
        .selectFrom('eff_processes as p')
        .where('p.tenant_id', '=', tenantId)
        .where('p.applicant_id', '=', userId)
        .where('p.started_at', '>=', f.from)
        .where('p.started_at', '<', f.to)
        .select([
          sql<number>`count(*)`.as('n'),
          sql<number>`sum(case when p.finished_at is not null then 1 else 0 end)`.as('finished'),
        ])
        .executeTakeFirst();
      return {
        handled: num(r?.handled),
        pending: num(r?.pending),
        overdue: num(r?.late),
        onTime: num(r?.on_time),
        avgHours: numOrNull(r?.avg_hours),
        applied: num(applied?.n),
        appliedFinished: num(applied?.finished),
      };
    },
    async personalNodes(
      tenantId: string,
      userId: string,
      f: ProcessFilter,
      offset: number,
      limit: number,
      now = nowIso(),
    ) {
      const base = db
        .selectFrom('eff_process_nodes as n')
        .innerJoin('eff_processes as p', (j) => j.onRef('p.id', '=', 'n.process_id').on('p.tenant_id', '=', tenantId))
        .where('n.tenant_id', '=', tenantId)
        .where('n.handler_id', '=', userId)
        .where('n.arrived_at', '>=', f.from)
        .where('n.arrived_at', '<', f.to);
      const [rows, count] = await Promise.all([
        base
          .select([
            'n.id',
            'p.title',
            'p.process_name',
            'n.node_name',
            'n.arrived_at',
            'n.handled_at',
            'n.due_at',
            nodeLate(now).as('late'),
            sql<
              number | null
            >`case when n.handled_at is not null then ${hours(sql.ref('n.arrived_at'), sql.ref('n.handled_at'))} end`.as(
              'hours',
            ),
          ])
          .orderBy('n.arrived_at', 'desc')
          .orderBy('n.id')
          .offset(offset)
          .limit(limit)
          .execute(),
        base.select(sql<number>`count(*)`.as('n')).executeTakeFirst(),
      ]);
      return {
        rows: rows.map((r) => ({ ...r, late: num(r.late) === 1, hours: numOrNull(r.hours) })),
        total: num(count?.n),
      };
    },

    /** The workbench's office to-dos (wb_todos) that arrived in the range, by flow type. */
    async oaByFlow(tenantId: string, f: Pick<ProcessFilter, 'from' | 'to'>) {
      const rows = await db
        .selectFrom('wb_todos')
        .where('tenant_id', '=', tenantId)
        .where('kind', 'in', ['todo', 'done'])
        .where('created_at', '>=', f.from)
        .where('created_at', '<', f.to)
        .select(['flow_type', 'kind', sql<number>`count(*)`.as('n'), sql<number>`sum(is_timeout)`.as('late')])
        .groupBy(['flow_type', 'kind'])
        .orderBy('flow_type')
        .execute();
      return rows.map((r) => ({ flowType: r.flow_type, kind: r.kind, n: num(r.n), late: num(r.late) }));
    },

    async hasProcesses(tenantId: string): Promise<boolean> {
      return !!(await db
        .selectFrom('eff_processes')
        .where('tenant_id', '=', tenantId)
        .select('id')
        .limit(1)
        .executeTakeFirst());
    },
    config(tenantId: string) {
      return db
        .selectFrom('eff_report_configs')
        .where('tenant_id', '=', tenantId)
        .select('config')
        .executeTakeFirst()
        .then((r) => r?.config ?? null);
    },
    async saveConfig(tenantId: string, config: string) {
      const values = { config, updated_at: nowIso() };
      await db
        .insertInto('eff_report_configs')
        .values({ tenant_id: tenantId, ...values })
        .onConflict((oc) => oc.column('tenant_id').doUpdateSet(values))
        .execute();
    },
  };
}

export type EfficiencyRepository = ReturnType<typeof efficiencyRepository>;

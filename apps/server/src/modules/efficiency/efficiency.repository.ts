import { sql, type Expression, type RawBuilder } from 'kysely';
import type { Db, Engine } from '../../db/create-db.ts';
import { hoursBetween, nowIso } from '../../db/sql-helpers.ts';

/** What every report counts: processes started in [from, to) of a tenant, optionally one department or scene. */
export type ProcessFilter = { from: string; to: string; deptId: string | null; sceneId: string | null };

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
 * The slot (UTC) a stored time (ISO 8601 UTC, as ingestion stores it) falls in, in the same SQL on both engines:
 * its hour ("2026-11-23T01"), or with `minutes` 15 its quarter hour ("2026-11-23T01:" followed by 0, 15, 30 or 45).
 * Hours do when every day of the range starts on a whole hour (Asia/Shanghai, UTC, most zones); quarter hours always
 * do, since every time zone's offset is a multiple of 15 minutes (Asia/Kathmandu is +05:45).
 */
export type SlotMinutes = 60 | 15;
const slotOf = (col: Expression<unknown>, minutes: SlotMinutes): RawBuilder<string> =>
  minutes === 60
    ? sql<string>`substr(${col}, 1, 13)`
    : sql<string>`substr(${col}, 1, 14) || cast(cast(substr(${col}, 15, 2) as integer) / 15 * 15 as text)`;
/** The instant (ms) a slotOf() key starts at. */
const slotTime = (slot: string): number =>
  slot.length === 13
    ? Date.parse(`${slot}:00:00.000Z`)
    : Date.parse(`${slot.slice(0, 14)}${slot.slice(14).padStart(2, '0')}:00.000Z`);

/**
 * SQL of efficiency supervision. Every method takes the tenant first (house style 2); the only dialect
 * difference, hours between two times, comes from db/sql-helpers.ts.
 */
export function efficiencyRepository(db: Db, engine: Engine) {
  const hours = (from: Expression<unknown>, to: Expression<unknown>) => hoursBetween(engine, from, to);
  /** 1 when a process is late: finished after its due time, or still running past it. */
  const processLate = (now: string): RawBuilder<number> =>
    sql<number>`case when (p.finished_at is not null and p.finished_at > p.due_at) or (p.finished_at is null and p.due_at < ${now}) then 1 else 0 end`;
  const nodeLate = (now: string): RawBuilder<number> =>
    sql<number>`case when (n.handled_at is not null and n.handled_at > n.due_at) or (n.handled_at is null and n.due_at < ${now}) then 1 else 0 end`;
  const aggregates = (now: string) =>
    [
      sql<number>`count(*)`.as('started'),
      sql<number>`sum(case when p.finished_at is not null then 1 else 0 end)`.as('finished'),
      sql<number>`sum(${processLate(now)})`.as('overdue'),
      sql<number>`sum(case when p.finished_at is not null and p.finished_at <= p.due_at then 1 else 0 end)`.as(
        'on_time',
      ),
      sql<
        number | null
      >`avg(case when p.finished_at is not null then ${hours(sql.ref('p.started_at'), sql.ref('p.finished_at'))} end)`.as(
        'avg_hours',
      ),
    ] as const;

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

    async processTotals(tenantId: string, f: ProcessFilter, now = nowIso()): Promise<Agg> {
      return toAgg(await processes(tenantId, f).select(aggregates(now)).executeTakeFirst());
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
    /**
     * Started and late processes by the slot (UTC hour or quarter hour, see slotOf) they started in, and finished
     * ones by the slot they finished in. Slots, not days: a tenant's day starts at its own midnight, and the service
     * puts each slot into the tenant's day.
     */
    async bySlot(tenantId: string, f: ProcessFilter, minutes: SlotMinutes, now = nowIso()) {
      const started = slotOf(sql.ref('p.started_at'), minutes);
      const done = slotOf(sql.ref('p.finished_at'), minutes);
      const [startedRows, finishedRows] = await Promise.all([
        processes(tenantId, f)
          .select([started.as('slot'), sql<number>`count(*)`.as('n'), sql<number>`sum(${processLate(now)})`.as('late')])
          .groupBy(started)
          .execute(),
        (() => {
          let q = db
            .selectFrom('eff_processes as p')
            .where('p.tenant_id', '=', tenantId)
            .where('p.finished_at', '>=', f.from)
            .where('p.finished_at', '<', f.to);
          if (f.deptId) q = q.where('p.dept_id', '=', f.deptId);
          if (f.sceneId) q = q.where('p.scene_id', '=', f.sceneId);
          return q
            .select([done.as('slot'), sql<number>`count(*)`.as('n')])
            .groupBy(done)
            .execute();
        })(),
      ]);
      return {
        started: startedRows.map((r) => ({ at: slotTime(r.slot), n: num(r.n), late: num(r.late) })),
        finished: finishedRows.map((r) => ({ at: slotTime(r.slot), n: num(r.n) })),
      };
    },
    /** Aggregates by the slot (UTC hour or quarter hour) processes started in, as sums the service adds up into months. */
    async totalsBySlot(tenantId: string, f: ProcessFilter, minutes: SlotMinutes, now = nowIso()) {
      const started = slotOf(sql.ref('p.started_at'), minutes);
      const rows = await processes(tenantId, f)
        .select([
          started.as('slot'),
          sql<number>`count(*)`.as('started'),
          sql<number>`sum(case when p.finished_at is not null then 1 else 0 end)`.as('finished'),
          sql<number>`sum(${processLate(now)})`.as('overdue'),
          sql<number>`sum(case when p.finished_at is not null and p.finished_at <= p.due_at then 1 else 0 end)`.as(
            'on_time',
          ),
          sql<
            number | null
          >`sum(case when p.finished_at is not null then ${hours(sql.ref('p.started_at'), sql.ref('p.finished_at'))} end)`.as(
            'sum_hours',
          ),
        ])
        .groupBy(started)
        .execute();
      return rows.map((r) => ({
        at: slotTime(r.slot),
        started: num(r.started),
        finished: num(r.finished),
        overdue: num(r.overdue),
        onTime: num(r.on_time),
        sumHours: num(r.sum_hours),
      }));
    },
    async byDept(tenantId: string, f: ProcessFilter, now = nowIso()) {
      const rows = await processes(tenantId, f)
        .select(['p.dept_id', ...aggregates(now)])
        .groupBy('p.dept_id')
        .execute();
      return new Map(rows.map((r) => [r.dept_id, toAgg(r)]));
    },
    async servicesByDept(tenantId: string, f: Pick<ProcessFilter, 'deptId' | 'sceneId'>) {
      const rows = await services(tenantId, f)
        .select(['s.dept_id', sql<number>`count(*)`.as('n'), sql<number>`sum(s.visit_count)`.as('visits')])
        .groupBy('s.dept_id')
        .execute();
      return new Map(rows.map((r) => [r.dept_id, { serviceCount: num(r.n), visitCount: num(r.visits) }]));
    },
    async byProcess(tenantId: string, f: ProcessFilter, now = nowIso()) {
      const rows = await processes(tenantId, f)
        .select(['p.process_name', sql<string | null>`max(p.service_id)`.as('service_id'), ...aggregates(now)])
        .groupBy('p.process_name')
        .orderBy('p.process_name')
        .execute();
      return rows.map((r) => ({ processName: r.process_name, serviceId: r.service_id, ...toAgg(r) }));
    },
    /** Nodes of the filtered processes by handler. */
    async byHandler(tenantId: string, f: ProcessFilter, now = nowIso()) {
      const rows = await processes(tenantId, f)
        .innerJoin('eff_process_nodes as n', (j) =>
          j.onRef('n.process_id', '=', 'p.id').on('n.tenant_id', '=', tenantId),
        )
        .select([
          'n.handler_id',
          sql<string>`max(n.handler_name)`.as('handler_name'),
          sql<number>`sum(case when n.handled_at is not null then 1 else 0 end)`.as('handled'),
          sql<number>`sum(case when n.handled_at is null then 1 else 0 end)`.as('pending'),
          sql<number>`sum(${nodeLate(now)})`.as('late'),
          sql<
            number | null
          >`avg(case when n.handled_at is not null then ${hours(sql.ref('n.arrived_at'), sql.ref('n.handled_at'))} end)`.as(
            'avg_hours',
          ),
        ])
        .groupBy('n.handler_id')
        .orderBy('n.handler_id')
        .execute();
      return rows.map((r) => ({
        handlerId: r.handler_id,
        handlerName: r.handler_name,
        handled: num(r.handled),
        pending: num(r.pending),
        overdue: num(r.late),
        avgHours: numOrNull(r.avg_hours),
      }));
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

    /** Late processes, the latest first by how late. */
    async timeoutProcesses(tenantId: string, f: ProcessFilter, offset: number, limit: number, now = nowIso()) {
      const base = processes(tenantId, f).where(processLate(now), '=', 1);
      const lateHours = hours(sql.ref('p.due_at'), sql`coalesce(p.finished_at, ${now})`);
      const [rows, count] = await Promise.all([
        base
          .leftJoin('svc_depts as d', (j) => j.onRef('d.id', '=', 'p.dept_id').on('d.tenant_id', '=', tenantId))
          .select([
            'p.id',
            'p.title',
            'p.process_name',
            'd.name as dept_name',
            'p.applicant_name',
            'p.started_at',
            'p.due_at',
            'p.finished_at',
            lateHours.as('late_hours'),
          ])
          .orderBy(lateHours, 'desc')
          .orderBy('p.id')
          .offset(offset)
          .limit(limit)
          .execute(),
        base.select(sql<number>`count(*)`.as('n')).executeTakeFirst(),
      ]);
      return { rows: rows.map((r) => ({ ...r, late_hours: num(r.late_hours) })), total: num(count?.n) };
    },
    /** Nodes of the filtered processes by process and node name, the most often late first. */
    async timeoutNodes(tenantId: string, f: ProcessFilter, limit: number, now = nowIso()) {
      const late = sql<number>`sum(${nodeLate(now)})`;
      const rows = await processes(tenantId, f)
        .innerJoin('eff_process_nodes as n', (j) =>
          j.onRef('n.process_id', '=', 'p.id').on('n.tenant_id', '=', tenantId),
        )
        .select([
          'p.process_name',
          'n.node_name',
          sql<number>`count(*)`.as('total'),
          late.as('late'),
          sql<
            number | null
          >`avg(case when n.handled_at is not null then ${hours(sql.ref('n.arrived_at'), sql.ref('n.handled_at'))} end)`.as(
            'avg_hours',
          ),
        ])
        .groupBy(['p.process_name', 'n.node_name'])
        .having(late, '>', 0)
        .orderBy(late, 'desc')
        .orderBy('p.process_name')
        .orderBy('n.node_name')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        processName: r.process_name,
        nodeName: r.node_name,
        total: num(r.total),
        overdue: num(r.late),
        avgHours: numOrNull(r.avg_hours),
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

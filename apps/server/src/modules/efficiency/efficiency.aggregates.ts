import { sql } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import { engineOf, transact } from '../../db/sql-helpers.ts';
import type {
  EffDayNodeTable,
  EffDayProcessTable,
  EffProcessNodeRow,
  EffProcessRow,
} from '../../db/tables/efficiency.ts';

/**
 * Per-day aggregates of efficiency supervision (ADR 0036), kept current in the transaction of every change to the
 * processes, so a report reads a few hundred rows per tenant instead of every process:
 *
 * - eff_day_processes: per tenant day (the tenant's time zone) a process started on, its department, scene,
 *   process name and service: how many started, finished, finished on time, finished late, their hours (as
 *   milliseconds, exact), how many are still open, and how many finished on that day (by the day they finished);
 * - eff_day_nodes: per tenant day the node's process started on, department, scene, process and node name and
 *   handler: nodes, handled, handled late, their hours, still open.
 *
 * Whether an open process (node) is late changes with the clock, not with a write: its rows carry its due hour
 * (UTC, "2026-11-23T01"; '' once finished), so a report counts the open ones due before the current hour as late
 * and looks up the few due within the current hour one by one.
 */

/** A process as written (late_ms follows from its times). */
export type ProcessInput = Omit<EffProcessRow, 'late_ms'>;
export type StoredProcess = { process: ProcessInput; nodes: EffProcessNodeRow[] };

const PROCESS_SUMS = ['started', 'finished', 'on_time', 'late_done', 'sum_ms', 'open', 'done_here'] as const;
const NODE_SUMS = ['total', 'handled', 'late_done', 'sum_ms', 'open'] as const;
/** The counters of a day's row, as the tables declare them. */
type ProcessSums = Pick<EffDayProcessTable, (typeof PROCESS_SUMS)[number]>;
type NodeSums = Pick<EffDayNodeTable, (typeof NODE_SUMS)[number]>;
const PROCESS_KEY = ['day', 'dept_id', 'scene_id', 'process_name', 'service_id', 'open_due'] as const;
const NODE_KEY = [
  'day',
  'dept_id',
  'scene_id',
  'process_name',
  'node_name',
  'handler_id',
  'handler_name',
  'open_due',
] as const;

/** How late a finished process was (ms), null when open or on time: the time-out list's order (eff_processes.late_ms). */
export const lateMs = (p: Pick<ProcessInput, 'due_at' | 'finished_at'>): number | null => {
  if (!p.finished_at) return null;
  const ms = Date.parse(p.finished_at) - Date.parse(p.due_at);
  return ms > 0 ? ms : null;
};

/**
 * The tenant's calendar day (YYYY-MM-DD) of a stored time, in `timeZone`. Cached per UTC quarter hour: every
 * time zone's offset, and so every local midnight, falls on a quarter hour.
 */
export function dayInZone(timeZone: string): (iso: string) => string {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const cache = new Map<number, string>();
  return (iso) => {
    const slot = Math.floor(Date.parse(iso) / 900_000);
    let day = cache.get(slot);
    if (day === undefined) {
      day = format.format(new Date(slot * 900_000));
      cache.set(slot, day);
    }
    return day;
  };
}

/** Nodes by the process they belong to. */
export function nodesByProcess<N extends { process_id: string }>(nodes: N[]): Map<string, N[]> {
  const out = new Map<string, N[]>();
  for (const n of nodes) {
    const list = out.get(n.process_id);
    if (list) list.push(n);
    else out.set(n.process_id, [n]);
  }
  return out;
}

/** The UTC hour of a stored time, as open rows carry it ("2026-11-23T01"). */
export const hourOf = (iso: string) => iso.slice(0, 13);

/** Changes to the aggregate rows, by key, added up in memory before they are written. */
export class AggregateDeltas {
  readonly processes = new Map<string, { key: string[]; sums: ProcessSums }>();
  readonly nodes = new Map<string, { key: string[]; sums: NodeSums }>();
  private readonly day: (iso: string) => string;
  constructor(day: (iso: string) => string) {
    this.day = day;
  }

  /** Adds (sign 1) or takes away (sign -1) one process and its nodes. */
  add(
    p: ProcessInput,
    nodes: Pick<
      EffProcessNodeRow,
      'node_name' | 'handler_id' | 'handler_name' | 'arrived_at' | 'due_at' | 'handled_at'
    >[],
    sign: 1 | -1,
  ) {
    const startDay = this.day(p.started_at);
    const finished = !!p.finished_at;
    const base = [p.dept_id, p.scene_id, p.process_name, p.service_id ?? ''];
    const started = this.process([startDay, ...base, finished ? '' : hourOf(p.due_at)]);
    started.started += sign;
    if (finished) {
      started.finished += sign;
      if (p.finished_at! <= p.due_at) started.on_time += sign;
      else started.late_done += sign;
      started.sum_ms += sign * (Date.parse(p.finished_at!) - Date.parse(p.started_at));
      this.process([this.day(p.finished_at!), ...base, '']).done_here += sign;
    } else started.open += sign;
    for (const n of nodes) {
      const handled = !!n.handled_at;
      const s = this.node([
        startDay,
        p.dept_id,
        p.scene_id,
        p.process_name,
        n.node_name,
        n.handler_id,
        n.handler_name,
        handled ? '' : hourOf(n.due_at),
      ]);
      s.total += sign;
      if (handled) {
        s.handled += sign;
        if (n.handled_at! > n.due_at) s.late_done += sign;
        s.sum_ms += sign * (Date.parse(n.handled_at!) - Date.parse(n.arrived_at));
      } else s.open += sign;
    }
  }

  private process(key: string[]): ProcessSums {
    const k = key.join('\u0000');
    let e = this.processes.get(k);
    if (!e) {
      e = { key, sums: { started: 0, finished: 0, on_time: 0, late_done: 0, sum_ms: 0, open: 0, done_here: 0 } };
      this.processes.set(k, e);
    }
    return e.sums;
  }
  private node(key: string[]): NodeSums {
    const k = key.join('\u0000');
    let e = this.nodes.get(k);
    if (!e) {
      e = { key, sums: { total: 0, handled: 0, late_done: 0, sum_ms: 0, open: 0 } };
      this.nodes.set(k, e);
    }
    return e.sums;
  }

  /** Adds the changes to the stored rows (inserted or incremented), then drops rows that count nothing any more. */
  async write(db: Db, tenantId: string): Promise<void> {
    const rowsOf = <S extends Record<string, number>>(
      entries: Iterable<{ key: string[]; sums: S }>,
      keyCols: readonly string[],
    ) =>
      [...entries]
        .filter((e) => Object.values(e.sums).some((v) => v !== 0))
        .map((e) => ({
          tenant_id: tenantId,
          ...Object.fromEntries(keyCols.map((c, i) => [c, e.key[i]!])),
          ...e.sums,
        }));
    const processRows = rowsOf(this.processes.values(), PROCESS_KEY);
    const nodeRows = rowsOf(this.nodes.values(), NODE_KEY);
    // Both tables are written alike: a new key is inserted, a stored one has the counters added to its own.
    const addTo = async (
      table: 'eff_day_processes' | 'eff_day_nodes',
      rows: object[],
      keyCols: readonly string[],
      sums: readonly string[],
    ) => {
      for (let i = 0; i < rows.length; i += 200)
        await db
          .insertInto(table)
          .values(rows.slice(i, i + 200) as never)
          .onConflict((oc) =>
            oc
              .columns(['tenant_id', ...keyCols] as never)
              .doUpdateSet(
                Object.fromEntries(
                  sums.map((c) => [c, sql`${sql.ref(`${table}.${c}`)} + ${sql.ref(`excluded.${c}`)}`]),
                ) as never,
              ),
          )
          .execute();
    };
    await addTo('eff_day_processes', processRows, PROCESS_KEY, PROCESS_SUMS);
    await addTo('eff_day_nodes', nodeRows, NODE_KEY, NODE_SUMS);
    if (processRows.some((r) => (r as { started: number }).started < 0 || (r as { done_here: number }).done_here < 0))
      await db
        .deleteFrom('eff_day_processes')
        .where('tenant_id', '=', tenantId)
        .where('started', '=', 0)
        .where('done_here', '=', 0)
        .execute();
    if (nodeRows.some((r) => (r as { total: number }).total < 0))
      await db.deleteFrom('eff_day_nodes').where('tenant_id', '=', tenantId).where('total', '=', 0).execute();
  }
}

/** The tenant's time zone, read so that a change of it waits for this transaction (PostgreSQL) or comes before it. */
async function zoneOf(db: Db, tenantId: string): Promise<string> {
  let q = db.selectFrom('tenants').where('tenant_id', '=', tenantId).select('time_zone');
  if (engineOf(db) === 'postgres') q = q.forShare();
  return (await q.executeTakeFirst())?.time_zone ?? 'Asia/Shanghai';
}

/**
 * Writes processes with their nodes, replacing the ones stored under the same ids, and keeps the day aggregates
 * true in the same transaction (the caller's, or one of its own). The one way processes are written.
 */
export async function storeProcesses(
  db: Db,
  tenantId: string,
  list: StoredProcess[],
): Promise<{ inserted: number; updated: number }> {
  return transact(db, async (trx) => {
    const deltas = new AggregateDeltas(dayInZone(await zoneOf(trx, tenantId)));
    const pg = engineOf(trx) === 'postgres';
    const ids = list.map((r) => r.process.id);
    let updated = 0;
    for (let i = 0; i < ids.length; i += 500) {
      const part = ids.slice(i, i + 500);
      let q = trx.selectFrom('eff_processes').where('tenant_id', '=', tenantId).where('id', 'in', part).selectAll();
      if (pg) q = q.forUpdate();
      const old = await q.execute();
      if (!old.length) continue;
      updated += old.length;
      await countProcesses(trx, tenantId, old, deltas, -1);
      await trx
        .deleteFrom('eff_process_nodes')
        .where('tenant_id', '=', tenantId)
        .where(
          'process_id',
          'in',
          old.map((p) => p.id),
        )
        .execute();
      await trx
        .deleteFrom('eff_processes')
        .where('tenant_id', '=', tenantId)
        .where(
          'id',
          'in',
          old.map((p) => p.id),
        )
        .execute();
    }
    for (let i = 0; i < list.length; i += 100)
      await trx
        .insertInto('eff_processes')
        .values(list.slice(i, i + 100).map((r) => ({ ...r.process, late_ms: lateMs(r.process) })))
        .execute();
    const nodes = list.flatMap((r) => r.nodes);
    for (let i = 0; i < nodes.length; i += 200)
      await trx
        .insertInto('eff_process_nodes')
        .values(nodes.slice(i, i + 200))
        .execute();
    for (const r of list) deltas.add(r.process, r.nodes, 1);
    await deltas.write(trx, tenantId);
    return { inserted: list.length - updated, updated };
  });
}

/** Adds stored processes, with their nodes read in one query, to the deltas (sign 1) or takes them away (-1). */
async function countProcesses(
  trx: Db,
  tenantId: string,
  processes: ProcessInput[],
  deltas: AggregateDeltas,
  sign: 1 | -1,
): Promise<void> {
  const nodes = await trx
    .selectFrom('eff_process_nodes')
    .where('tenant_id', '=', tenantId)
    .where(
      'process_id',
      'in',
      processes.map((p) => p.id),
    )
    .selectAll()
    .execute();
  const byProcess = nodesByProcess(nodes);
  for (const p of processes) deltas.add(p, byProcess.get(p.id) ?? [], sign);
}

/**
 * Builds a tenant's aggregates again from its processes (after its time zone changed: the days move), in the
 * caller's transaction or one of its own. Reads the processes 2,000 at a time.
 */
export async function rebuildAggregates(db: Db, tenantId: string): Promise<void> {
  await transact(db, async (trx) => {
    const deltas = new AggregateDeltas(dayInZone(await zoneOf(trx, tenantId)));
    await trx.deleteFrom('eff_day_processes').where('tenant_id', '=', tenantId).execute();
    await trx.deleteFrom('eff_day_nodes').where('tenant_id', '=', tenantId).execute();
    let after = '';
    for (;;) {
      const processes = await trx
        .selectFrom('eff_processes')
        .where('tenant_id', '=', tenantId)
        .where('id', '>', after)
        .orderBy('id')
        .limit(2000)
        .selectAll()
        .execute();
      if (!processes.length) break;
      after = processes[processes.length - 1]!.id;
      await countProcesses(trx, tenantId, processes, deltas, 1);
    }
    await deltas.write(trx, tenantId);
  });
}

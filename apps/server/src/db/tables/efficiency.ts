import type { Selectable } from 'kysely';

/** Tables of efficiency supervision (migration 2026-11-23T04-30_efficiency). */
export interface EfficiencyTables {
  eff_processes: EffProcessTable;
  eff_process_nodes: EffProcessNodeTable;
  eff_report_configs: EffReportConfigTable;
  eff_day_processes: EffDayProcessTable;
  eff_day_nodes: EffDayNodeTable;
}

/** One process instance (请假审批, 用印申请 …): overdue when finished after due_at, or still running past it. */
export interface EffProcessTable {
  id: string;
  tenant_id: string;
  /** The catalogue service it was started from, when there is one. */
  service_id: string | null;
  /** The handling department (svc_depts.id). */
  dept_id: string;
  /** The scene (svc_scenes.id), '' when none. */
  scene_id: string;
  process_name: string;
  title: string;
  applicant_id: string;
  applicant_name: string;
  started_at: string;
  due_at: string;
  finished_at: string | null;
  /** How late it finished (ms), null when open or on time (migration 2026-11-25T03-00; efficiency.aggregates.ts). */
  late_ms: number | null;
}

/** One approval step of a process, with who handled it and when. */
export interface EffProcessNodeTable {
  id: string;
  tenant_id: string;
  process_id: string;
  node_name: string;
  handler_id: string;
  handler_name: string;
  sort: number;
  arrived_at: string;
  due_at: string;
  handled_at: string | null;
}

export interface EffReportConfigTable {
  tenant_id: string;
  /** JSON of ReportConfig. */
  config: string;
  updated_at: string;
}

/**
 * Per tenant day (its time zone) a process started on, by department, scene, process name and service ('' for
 * none); open processes apart by their due hour (open_due, UTC "YYYY-MM-DDTHH"; '' for finished ones). done_here
 * counts the processes that finished on the day. ADR 0036, migration 2026-11-25T03-00.
 */
export interface EffDayProcessTable {
  tenant_id: string;
  day: string;
  dept_id: string;
  scene_id: string;
  process_name: string;
  service_id: string;
  open_due: string;
  started: number;
  finished: number;
  on_time: number;
  late_done: number;
  sum_ms: number;
  open: number;
  done_here: number;
}

/** Per tenant day the node's process started on, by department, scene, process, node and handler (ADR 0036). */
export interface EffDayNodeTable {
  tenant_id: string;
  day: string;
  dept_id: string;
  scene_id: string;
  process_name: string;
  node_name: string;
  handler_id: string;
  handler_name: string;
  open_due: string;
  total: number;
  handled: number;
  late_done: number;
  sum_ms: number;
  open: number;
}

export type EffProcessRow = Selectable<EffProcessTable>;
export type EffProcessNodeRow = Selectable<EffProcessNodeTable>;

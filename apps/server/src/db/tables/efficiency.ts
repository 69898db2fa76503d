import type { Selectable } from 'kysely';

/** Tables of efficiency supervision (migration 2026-11-23T04-30_efficiency). */
export interface EfficiencyTables {
  eff_processes: EffProcessTable;
  eff_process_nodes: EffProcessNodeTable;
  eff_report_configs: EffReportConfigTable;
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

export type EffProcessRow = Selectable<EffProcessTable>;
export type EffProcessNodeRow = Selectable<EffProcessNodeTable>;

import type { Generated, Selectable } from 'kysely';

/**
 * Tables of the transfer capability: departments and their duty lists (three lists, 7.6 and 7.7), the
 * services a duty is tied to, the three-lists page configuration, and the import/export jobs of 7.10.
 */
export interface TransferTables {
  osp_depts: OspDeptTable;
  osp_dept_managers: OspDeptManagerTable;
  osp_duties: OspDutyTable;
  osp_duty_services: OspDutyServiceTable;
  osp_list_services: OspListServiceTable;
  three_list_configs: ThreeListConfigTable;
  transfer_uploads: TransferUploadTable;
  transfer_jobs: TransferJobTable;
}

/**
 * What the three lists add to a department of the one department list (`svc_depts`, same id; its name, parent and
 * order live there only, migration 2026-11-24T14-00, ADR 0032): the duties text, phone and address.
 */
export interface OspDeptTable {
  id: string;
  tenant_id: string;
  responsibility: string;
  phone: string;
  address: string;
  updated_at: string;
}

/** Who maintains a department's duty list besides the administrator (getDeptTreePower). */
export interface OspDeptManagerTable {
  tenant_id: string;
  dept_id: string;
  user_id: string;
}

export interface OspDutyTable {
  id: string;
  tenant_id: string;
  dept_id: string;
  duty_name: string;
  duty_type: string;
  duty_content: string;
  sort: number;
  created_at: string;
  updated_at: string;
}

export interface OspDutyServiceTable {
  tenant_id: string;
  duty_id: string;
  service_id: string;
  service_name: string;
}

/**
 * Services a duty can be tied to, by id and name. Kept here so three lists work on their own; the service
 * catalogue (another capability) can feed the same ids.
 */
export interface OspListServiceTable {
  id: string;
  tenant_id: string;
  service_name: string;
  dept_id: string;
}

export interface ThreeListConfigTable {
  tenant_id: string;
  page_title: string;
  introduction: string;
  /** ADR 0074: English of the two above ('' none). */
  page_title_en: Generated<string>;
  introduction_en: Generated<string>;
  show_services: number;
  duty_type_must: number;
  updated_at: string;
}

export interface TransferUploadTable {
  id: string;
  tenant_id: string;
  user_id: string;
  dataset: string;
  file_name: string;
  /** xlsx | xls, from the content. */
  kind: string;
  size: number;
  storage_path: string;
  created_at: string;
}

export interface TransferJobTable {
  id: string;
  tenant_id: string;
  user_id: string;
  dataset: string;
  /** import | export */
  kind: string;
  /** running | finished | failed */
  status: string;
  total_num: number;
  finish_num: number;
  new_insert_num: number;
  update_num: number;
  jump_num: number;
  fail_num: number;
  error_msg: string | null;
  /** Failed-rows file (import) or the exported file (export), relative to DATA_DIR/files. */
  error_path: string | null;
  result_path: string | null;
  file_name: string | null;
  started_at: string;
  finished_at: string | null;
  heartbeat_at: string;
}

export type OspDeptRow = Selectable<OspDeptTable>;
export type OspDutyRow = Selectable<OspDutyTable>;
export type TransferJobRow = Selectable<TransferJobTable>;
export type TransferUploadRow = Selectable<TransferUploadTable>;

import type { ColumnType, Selectable } from 'kysely';

/** The configuration audit log (issue 16, migration 2026-11-24T13-00_audit-log, ADR 0030). */
export interface AuditTables {
  audit_log: AuditLogTable;
}

export interface AuditLogTable {
  id: string;
  tenant_id: string;
  user_id: string;
  user_name: string;
  /** ISO 8601 UTC. */
  at: string;
  entity_kind: string;
  entity_id: string;
  action: string;
  summary: string;
  /** JSON, null where there was nothing (before a create, after a delete). */
  before_json: string | null;
  after_json: string | null;
  revertible: ColumnType<number, number | undefined, number>;
  revert_of: string | null;
  reverted_by: string | null;
}
export type AuditLogRow = Selectable<AuditLogTable>;

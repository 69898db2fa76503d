import type { Db } from '../../db/create-db.ts';
import { departments } from '../services/departments.ts';
import { threeListsRepository, type DutyFilter, type DutyKeyColumn, type DutyRow } from './three-lists.repository.ts';

export type { DutyFilter, DutyKeyColumn, DutyRow };

/**
 * What the three lists offer the bulk import and export of duties and departments (the transfer module, 7.10):
 * reads and writes of osp_* through this module, never the tables themselves; departments are the one list's
 * (services/departments.ts). Each takes the database or the
 * import batch's transaction, so a batch's rows commit or roll back together.
 */
export function threeListsBulk(db: Db) {
  const r = threeListsRepository(db);
  return {
    depts: (tenantId: string) => r.depts(tenantId),
    countDuties: (tenantId: string, f: DutyFilter) => r.countDuties(tenantId, f),
    /** The duties of an export in id order with their services' names (ADR 0046). */
    streamDuties: (tenantId: string, f: DutyFilter) => r.streamDuties(tenantId, f),
    /** The services a duty may link to, by name (ADR 0005: the catalogue's where both have a name). */
    servicesByName: (tenantId: string) => r.servicesByName(tenantId),
    dutiesByKey: (tenantId: string, by: DutyKeyColumn, values: string[], columns: DutyKeyColumn[]) =>
      r.dutiesByKey(tenantId, by, values, columns),
    insertDuties: (tenantId: string, entries: { row: DutyRow; services: { id: string; service_name: string }[] }[]) =>
      r.insertDuties(tenantId, entries),
    updateDuty: (
      tenantId: string,
      id: string,
      patch: Omit<DutyRow, 'id'>,
      services: { id: string; service_name: string }[] | null,
    ) => r.updateDuty(tenantId, id, patch, services),
    /** A new department of the tenant's one list (the catalogue's, ADR 0032), at its end; returns its id. */
    createDept: (tenantId: string, name: string, parentId: string) => departments(db).create(tenantId, name, parentId),
    /** False when the parent is the department itself or under it. */
    setParent: (tenantId: string, id: string, parentId: string) => departments(db).setParent(tenantId, id, parentId),
    setDetails: (tenantId: string, id: string, values: Parameters<typeof r.setDetails>[2]) =>
      r.setDetails(tenantId, id, values),
  };
}

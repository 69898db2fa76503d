import { AUDIT_PATHS, type AuditListRequest, type AuditPage } from '@portal/contracts/audit';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ospHttp } from '../../../lib/http/clients.ts';
import { auditKeys } from './query-keys.ts';

/** The configuration audit log (configuration menu configAuditLog, checked by the server on every call): a page. */
export type AuditFilter = Omit<AuditListRequest, 'current' | 'size'> & { current: number; size: number };

export const getAuditPage = (filter: AuditFilter) => ospHttp.post<AuditPage>(AUDIT_PATHS.list, filter);
export const auditPageQueryOptions = (filter: AuditFilter) =>
  queryOptions({ queryKey: auditKeys.page(filter), queryFn: () => getAuditPage(filter) });
export const useAuditPage = (filter: AuditFilter) => useQuery(auditPageQueryOptions(filter));

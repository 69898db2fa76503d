import { AUDIT_PATHS, type AuditUser } from '@portal/contracts/audit';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ospHttp } from '../../../lib/http/clients.ts';
import { auditKeys } from './query-keys.ts';

/** The people who appear in the audit log (its filter). */
export const getAuditUsers = () => ospHttp.post<AuditUser[]>(AUDIT_PATHS.users, {});
export const auditUsersQueryOptions = () => queryOptions({ queryKey: auditKeys.users(), queryFn: getAuditUsers });
export const useAuditUsers = () => useQuery(auditUsersQueryOptions());

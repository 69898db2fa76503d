import {
  AUDIT_PATHS,
  type AuditEntry,
  type AuditListRequest,
  type AuditPage,
  type AuditUser,
} from '@portal/contracts/audit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ospHttp } from '../../../lib/http/clients.ts';

/** The configuration audit log (configuration menu configAuditLog, checked by the server on every call). */
const key = ['audit', 'log'] as const;

export type AuditFilter = Omit<AuditListRequest, 'current' | 'size'> & { current: number; size: number };

export const getAuditPage = (filter: AuditFilter) => ospHttp.post<AuditPage>(AUDIT_PATHS.list, filter);
export const getAuditUsers = () => ospHttp.post<AuditUser[]>(AUDIT_PATHS.users, {});
export const revertAuditEntry = (id: string) => ospHttp.post<AuditEntry>(AUDIT_PATHS.revert, { id });

export const useAuditPage = (filter: AuditFilter) =>
  useQuery({ queryKey: [...key, 'page', filter], queryFn: () => getAuditPage(filter) });
export const useAuditUsers = () => useQuery({ queryKey: [...key, 'users'], queryFn: getAuditUsers });
export function useRevertAuditEntry() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: revertAuditEntry,
    // Everything configured may have changed back: the log and every configuration page read again.
    onSuccess: () => qc.invalidateQueries(),
  });
}

import { AUDIT_PATHS, type AuditEntry } from '@portal/contracts/audit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ospHttp } from '../../../lib/http/clients.ts';

/** Write back what an audited change replaced. */
export const revertAuditEntry = (id: string) => ospHttp.post<AuditEntry>(AUDIT_PATHS.revert, { id });
export function useRevertAuditEntry() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: revertAuditEntry,
    // Everything configured may have changed back: the log and every configuration page read again.
    onSuccess: () => qc.invalidateQueries(),
  });
}

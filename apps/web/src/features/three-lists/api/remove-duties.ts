import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workbenchHttp } from '../../../lib/http/clients.ts';
import { afterDutyChange } from './save-duty.ts';

/** 7.7 ospDeptDutyListConfig/remove: duties by id (the server takes them comma-separated). */
export const removeDuties = (ids: string[]) =>
  workbenchHttp.post<{ removed: number }>('/ospDeptDutyListConfig/remove', { ids: ids.join(',') });
export function useRemoveDuties() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: removeDuties, onSuccess: () => afterDutyChange(qc) });
}

import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { workbenchHttp } from '../../../lib/http/clients.ts';
import { threeListsKeys } from './query-keys.ts';

export type DutyInput = {
  deptId: string;
  dutyName: string;
  dutyType: string;
  dutyContent: string;
  sort: number;
  serviceIds: string[];
};

/** 7.7 ospDeptDutyListConfig/save and /update: a new duty, or an existing one (with its id) changed. */
export const saveDuty = (d: DutyInput) => workbenchHttp.post<{ id: string }>('/ospDeptDutyListConfig/save', d);
export const updateDuty = (d: DutyInput & { id: string }) =>
  workbenchHttp.post<null>('/ospDeptDutyListConfig/update', d);

/** What a changed duty makes stale: the administration's lists and the public page's tree and pages. */
export const afterDutyChange = (qc: QueryClient) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: threeListsKeys.duty() }),
    qc.invalidateQueries({ queryKey: threeListsKeys.inventory() }),
  ]);

export function useSaveDuty() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: DutyInput & { id?: string | undefined }) => (d.id ? updateDuty({ ...d, id: d.id }) : saveDuty(d)),
    onSuccess: () => afterDutyChange(qc),
  });
}

import type { ThreeListConfig } from '@portal/contracts/transfer';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ospHttp } from '../../../lib/http/clients.ts';
import { threeListsKeys } from './query-keys.ts';

/** tripleList/saveConfig: the administrator saves the page's configuration. */
export const saveThreeListConfig = (c: ThreeListConfig) => ospHttp.post<null>('/tripleList/saveConfig', c);
export function useSaveThreeListConfig() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveThreeListConfig,
    onSuccess: () => qc.invalidateQueries({ queryKey: threeListsKeys.all }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformHttp } from '../../../lib/http/clients.ts';
import { messagesKeys } from './query-keys.ts';

export const withdrawNotice = (id: string) => platformHttp.post<null>('/app/msg/manage/withdraw', { id });
export function useWithdrawNotice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: withdrawNotice,
    onSuccess: () => qc.invalidateQueries({ queryKey: messagesKeys.manage() }),
  });
}

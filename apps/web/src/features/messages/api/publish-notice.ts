import type { SendNoticeRequest } from '@portal/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { platformHttp } from '../../../lib/http/clients.ts';
import { messagesKeys } from './query-keys.ts';

/** Send a notice now, or at its publication time. */
export const publishNotice = (input: Partial<SendNoticeRequest> & Pick<SendNoticeRequest, 'mpId' | 'title'>) =>
  platformHttp.post<{ id: string; recipients: number; publishAt?: string | null }>('/app/msg/manage/publish', input);
export function usePublishNotice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: publishNotice,
    onSuccess: () => qc.invalidateQueries({ queryKey: messagesKeys.manage() }),
  });
}

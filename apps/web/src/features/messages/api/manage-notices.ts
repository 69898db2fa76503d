import type {
  NoticeManageItem,
  NoticeManageOptions,
  ScheduledNoticeItem,
  SendNoticeRequest,
} from '@portal/contracts/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { platformHttp } from '../../../lib/http/clients.ts';
import { messagesKeys } from './query-keys.ts';

/** The notice page of the configuration menu (noticeManageConfig): list, options, publish, withdraw. */
type Page<T> = { records: T[]; total: number; size: number; current: number; pages: number };
const key = messagesKeys.manage();

export const getManagedNotices = (current: number, size: number) =>
  platformHttp.post<Page<NoticeManageItem>>('/app/msg/manage/page', { current, size });
export const getNoticeOptions = () => platformHttp.post<NoticeManageOptions>('/app/msg/manage/options', {});
export const publishNotice = (input: Partial<SendNoticeRequest> & Pick<SendNoticeRequest, 'mpId' | 'title'>) =>
  platformHttp.post<{ id: string; recipients: number; publishAt?: string | null }>('/app/msg/manage/publish', input);
/** Notices waiting for their publication time. */
export const getScheduledNotices = () => platformHttp.post<ScheduledNoticeItem[]>('/app/msg/manage/scheduled', {});
export const useScheduledNotices = () => useQuery({ queryKey: [...key, 'scheduled'], queryFn: getScheduledNotices });
export const withdrawNotice = (id: string) => platformHttp.post<null>('/app/msg/manage/withdraw', { id });

export const useManagedNotices = (current: number, size: number) =>
  useQuery({ queryKey: [...key, current, size], queryFn: () => getManagedNotices(current, size) });
export const useNoticeOptions = () => useQuery({ queryKey: [...key, 'options'], queryFn: getNoticeOptions });
export function usePublishNotice() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: publishNotice, onSuccess: () => qc.invalidateQueries({ queryKey: key }) });
}
export function useWithdrawNotice() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: withdrawNotice, onSuccess: () => qc.invalidateQueries({ queryKey: key }) });
}

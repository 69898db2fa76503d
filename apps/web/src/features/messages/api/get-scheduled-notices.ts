import type { ScheduledNoticeItem } from '@portal/contracts/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformHttp } from '../../../lib/http/clients.ts';
import { messagesKeys } from './query-keys.ts';

/** Notices waiting for their publication time. */
export const getScheduledNotices = () => platformHttp.post<ScheduledNoticeItem[]>('/app/msg/manage/scheduled', {});
export const scheduledNoticesQueryOptions = () =>
  queryOptions({ queryKey: messagesKeys.scheduledNotices(), queryFn: getScheduledNotices });
export const useScheduledNotices = () => useQuery(scheduledNoticesQueryOptions());

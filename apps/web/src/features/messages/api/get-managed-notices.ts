import type { NoticeManageItem } from '@portal/contracts/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformHttp } from '../../../lib/http/clients.ts';
import { messagesKeys } from './query-keys.ts';

type Page<T> = { records: T[]; total: number; size: number; current: number; pages: number };

/** The notice page of the configuration menu (noticeManageConfig): the notices sent, a page of them. */
export const getManagedNotices = (current: number, size: number) =>
  platformHttp.post<Page<NoticeManageItem>>('/app/msg/manage/page', { current, size });
export const managedNoticesQueryOptions = (current: number, size: number) =>
  queryOptions({
    queryKey: messagesKeys.managedNotices(current, size),
    queryFn: () => getManagedNotices(current, size),
  });
export const useManagedNotices = (current: number, size: number) => useQuery(managedNoticesQueryOptions(current, size));

import type { NoticeManageOptions } from '@portal/contracts/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformHttp } from '../../../lib/http/clients.ts';
import { messagesKeys } from './query-keys.ts';

/** What a notice can be sent as and to (the notice page's form). */
export const getNoticeOptions = () => platformHttp.post<NoticeManageOptions>('/app/msg/manage/options', {});
export const noticeOptionsQueryOptions = () =>
  queryOptions({ queryKey: messagesKeys.noticeOptions(), queryFn: getNoticeOptions });
export const useNoticeOptions = () => useQuery(noticeOptionsQueryOptions());

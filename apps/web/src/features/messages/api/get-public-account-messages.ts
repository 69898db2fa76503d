import type { NoticeItem } from '@portal/contracts/messages';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { platformHttp } from '../../../lib/http/clients.ts';
import { messagesKeys } from './query-keys.ts';

/** A page of the platform's paged answers. */
type Page<T> = { records: T[]; total: number; size: number; current: number; pages: number };

/** Notices of a public account shown per page (the spec gives no page size). */
export const PUBLIC_ACCOUNT_PAGE_SIZE = 10;

/** POST app/msg/page: the notices of one public account to the caller, newest first. */
export function getPublicAccountMessages(input: {
  mpId: string;
  current: number;
  size?: number;
}): Promise<Page<NoticeItem>> {
  return platformHttp.post<Page<NoticeItem>>('/app/msg/page', { size: PUBLIC_ACCOUNT_PAGE_SIZE, ...input });
}

export const publicAccountMessagesQueryKey = messagesKeys.publicAccountMessages;
export const getPublicAccountMessagesQueryOptions = (mpId: string, current: number) => ({
  queryKey: messagesKeys.publicAccountMessagesPage(mpId, current),
  queryFn: () => getPublicAccountMessages({ mpId, current }),
  placeholderData: keepPreviousData,
});
export const usePublicAccountMessages = (mpId: string, current: number) =>
  useQuery(getPublicAccountMessagesQueryOptions(mpId, current));

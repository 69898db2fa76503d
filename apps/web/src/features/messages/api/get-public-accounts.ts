import type { MpMsgListEntry } from '@portal/contracts/messages';
import { useQuery } from '@tanstack/react-query';
import { platformHttp } from '../../../lib/http/clients.ts';
import { messagesKeys } from './query-keys.ts';

/** POST app/service/mpMsgListByUser: every public account of the tenant with the caller's last message and unread count. */
export function getPublicAccounts(): Promise<MpMsgListEntry[]> {
  return platformHttp.post<MpMsgListEntry[]>('/app/service/mpMsgListByUser', undefined, { silent: true });
}

export const publicAccountsQueryKey = messagesKeys.publicAccounts();
export const getPublicAccountsQueryOptions = () => ({
  queryKey: publicAccountsQueryKey,
  queryFn: getPublicAccounts,
  retry: false,
});
export const usePublicAccounts = (enabled: boolean) => useQuery({ ...getPublicAccountsQueryOptions(), enabled });

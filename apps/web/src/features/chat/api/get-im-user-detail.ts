import type { ImUserDetail } from '@portal/contracts/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformHttp } from '../../../lib/http/clients.ts';
import { chatKeys } from './query-keys.ts';

/** POST app/userList/detail (imWebUserGet): a chat partner with the devices online now. */
export function getImUserDetail(userId: string): Promise<ImUserDetail> {
  return platformHttp.post<ImUserDetail>('/app/userList/detail', { userId }, { silent: true });
}
/** Fetched once per partner; the panel asks again at most every 60 s (4.1, partnerSkipper). */
export const imUserDetailQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: chatKeys.partner(userId),
    queryFn: () => getImUserDetail(userId),
    staleTime: Infinity,
    retry: false,
  });
export const useImUserDetail = (userId: string) => useQuery(imUserDetailQueryOptions(userId));

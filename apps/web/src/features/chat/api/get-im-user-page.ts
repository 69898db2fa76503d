import type { ImUser } from '@portal/contracts/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformHttp } from '../../../lib/http/clients.ts';
import { chatKeys } from './query-keys.ts';

export type Page<T> = { records: T[]; total: number; size: number; current: number; pages: number };

/** POST app/userList/page: people of the tenant to start a chat with. */
export function getImUserPage(input: { keyword?: string; current?: number; size?: number }): Promise<Page<ImUser>> {
  return platformHttp.post<Page<ImUser>>('/app/userList/page', { current: 1, size: 20, ...input });
}
/** The first 20 people matching a keyword, for the pickers (new chat, new group, add members). */
export const peopleQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: chatKeys.people(keyword),
    queryFn: () => getImUserPage({ keyword: keyword || undefined, size: 20 }),
    staleTime: 30_000,
  });
export const usePeople = (keyword: string, enabled = true) => useQuery({ ...peopleQueryOptions(keyword), enabled });

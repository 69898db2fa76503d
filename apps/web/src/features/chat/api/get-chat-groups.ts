import type { ChatGroup } from '@portal/contracts/chat';
import { useQuery } from '@tanstack/react-query';
import { chatHttp } from '../../../lib/http/clients.ts';
import { chatKeys } from './query-keys.ts';

/** IM group list: the groups of the caller, with their owner and member count. */
export function getChatGroups(): Promise<ChatGroup[]> {
  return chatHttp.post<ChatGroup[]>('/group/list');
}

export const chatGroupsQueryKey = chatKeys.groups();
/** Asked for again each time a dialog opens with it: groups change under the user (group frames invalidate it too). */
export const useChatGroups = (enabled: boolean) =>
  useQuery({ queryKey: chatGroupsQueryKey, queryFn: getChatGroups, enabled, staleTime: 0 });

import '@portal/contracts/zod-setup';
import type { GroupMember } from '@portal/contracts/chat';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { chatHttp } from '../../../lib/http/clients.ts';
import { chatKeys } from './query-keys.ts';

export type ChatGroupMember = z.infer<typeof GroupMember>;

/** IM group members: the people of a group the caller belongs to. */
export function getGroupMembers(groupId: string): Promise<ChatGroupMember[]> {
  return chatHttp.post<ChatGroupMember[]>('/group/members', { groupId });
}

export const groupMembersQueryKey = chatKeys.groupMembers;
export const useGroupMembers = (groupId: string, enabled: boolean) =>
  useQuery({ queryKey: groupMembersQueryKey(groupId), queryFn: () => getGroupMembers(groupId), enabled, staleTime: 0 });

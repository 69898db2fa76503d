import { chatHttp } from '../../../lib/http/clients.ts';

/** IM group: a member leaves (the owner hands the group over or dissolves it instead). */
export function quitGroup(groupId: string): Promise<null> {
  return chatHttp.post<null>('/group/quit', { groupId });
}

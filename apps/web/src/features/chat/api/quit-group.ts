import { chatHttp } from '../../../lib/http/clients.ts';

/** IM group: a member leaves (the owner only once alone). */
export function quitGroup(groupId: string): Promise<null> {
  return chatHttp.post<null>('/group/quit', { groupId });
}

import type { ImUser } from '@portal/contracts/messages';
import { platformHttp } from '../../../lib/http/clients.ts';

export type Page<T> = { records: T[]; total: number; size: number; current: number; pages: number };

/** POST app/userList/page: people of the tenant to start a chat with. */
export function getImUserPage(input: { keyword?: string; current?: number; size?: number }): Promise<Page<ImUser>> {
  return platformHttp.post<Page<ImUser>>('/app/userList/page', { current: 1, size: 20, ...input });
}

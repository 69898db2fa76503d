import type { ChatSearchHit } from '@portal/contracts/chat';
import { chatHttp } from '../../../lib/http/clients.ts';

/** Search of the caller's own conversations (the server cuts Chinese as the service search does). */
export function searchMessages(keyword: string, peerId?: string): Promise<ChatSearchHit[]> {
  return chatHttp.post<ChatSearchHit[]>('/search', { keyword, ...(peerId ? { peerId } : {}) });
}

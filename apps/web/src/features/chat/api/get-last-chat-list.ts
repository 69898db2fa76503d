import type { ConversationEntry } from '@portal/contracts/chat';
import { chatHttp } from '../../../lib/http/clients.ts';

/** IM "last chat list": conversations with unread counts, pinned first, then by timeSend (4.1). */
export function getLastChatList(): Promise<ConversationEntry[]> {
  return chatHttp.post<ConversationEntry[]>('/lastChatList', undefined, { silent: true });
}

import type { HistoryPage } from '@portal/contracts/chat';
import { chatHttp } from '../../../lib/http/clients.ts';

/** IM history: a page of one conversation, oldest first; beforeSeq pages back. */
export function getChatHistory(input: { peerId: string; beforeSeq?: number; pageSize?: number }): Promise<HistoryPage> {
  return chatHttp.post<HistoryPage>('/history', input);
}

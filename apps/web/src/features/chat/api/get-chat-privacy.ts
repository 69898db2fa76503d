import type { ChatPrivacy } from '@portal/contracts/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatHttp } from '../../../lib/http/clients.ts';
import { chatKeys } from './query-keys.ts';

/** The caller's chat privacy settings (read receipts on unless turned off). */
export function getChatPrivacy(): Promise<ChatPrivacy> {
  return chatHttp.post<ChatPrivacy>('/privacy', {});
}
export const chatPrivacyQueryOptions = () => queryOptions({ queryKey: chatKeys.privacy(), queryFn: getChatPrivacy });
export const useChatPrivacy = () => useQuery(chatPrivacyQueryOptions());

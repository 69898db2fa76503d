import type { ChatPrivacy } from '@portal/contracts/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatHttp } from '../../../lib/http/clients.ts';
import { chatKeys } from './query-keys.ts';

export function saveChatPrivacy(input: ChatPrivacy): Promise<ChatPrivacy> {
  return chatHttp.post<ChatPrivacy>('/privacy/save', input);
}
/** The answer is the saved settings: they replace the cached ones without a second read. */
export function useSaveChatPrivacy() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveChatPrivacy, onSuccess: (data) => qc.setQueryData(chatKeys.privacy(), data) });
}

import type { ChatPrivacy } from '@portal/contracts/chat';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { chatHttp } from '../../../lib/http/clients.ts';
import { chatKeys } from './query-keys.ts';

const key = chatKeys.privacy();

/** The caller's chat privacy settings (read receipts on unless turned off). */
export function getChatPrivacy(): Promise<ChatPrivacy> {
  return chatHttp.post<ChatPrivacy>('/privacy', {});
}

export function saveChatPrivacy(input: ChatPrivacy): Promise<ChatPrivacy> {
  return chatHttp.post<ChatPrivacy>('/privacy/save', input);
}

export const useChatPrivacy = () => useQuery({ queryKey: key, queryFn: getChatPrivacy });
export function useSaveChatPrivacy() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveChatPrivacy, onSuccess: (data) => qc.setQueryData(key, data) });
}

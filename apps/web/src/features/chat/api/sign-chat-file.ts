import { useQuery } from '@tanstack/react-query';
import { CHAT_FILE_LINK_TTL_MS } from '@portal/contracts/chat';
import { chatHttp } from '../../../lib/http/clients.ts';
import { chatKeys } from './query-keys.ts';

/** A signed link (valid CHAT_FILE_LINK_TTL_MS) to a chat file the user may read: for <img src> and downloads. */
export function signChatFile(objectId: string): Promise<{ url: string; expiresAt: string }> {
  return chatHttp.post<{ url: string; expiresAt: string }>('/file/sign', { objectId }, { silent: true });
}

export const signChatFileQueryOptions = (objectId: string) => ({
  queryKey: chatKeys.fileLink(objectId),
  queryFn: () => signChatFile(objectId),
  staleTime: CHAT_FILE_LINK_TTL_MS / 2,
  refetchOnWindowFocus: false,
  retry: false,
});

export const useChatFileLink = (objectId: string | null) =>
  useQuery({ ...signChatFileQueryOptions(objectId ?? ''), enabled: !!objectId });

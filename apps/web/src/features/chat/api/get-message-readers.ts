import type { MessageReaders } from '@portal/contracts/chat';
import { useQuery } from '@tanstack/react-query';
import { chatHttp } from '../../../lib/http/clients.ts';
import { chatKeys } from './query-keys.ts';

/** Who of its recipients read one of the caller's messages (in a group: the members now). */
export function getMessageReaders(messageId: string): Promise<MessageReaders> {
  return chatHttp.post<MessageReaders>('/message/readers', { messageId });
}

export const useMessageReaders = (messageId: string, enabled: boolean) =>
  useQuery({
    queryKey: chatKeys.readers(messageId),
    queryFn: () => getMessageReaders(messageId),
    enabled,
    staleTime: 0,
  });

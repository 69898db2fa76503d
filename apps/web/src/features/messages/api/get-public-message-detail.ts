import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicMessageDetail } from '@portal/contracts/messages';
import { STATUS_MESSAGE_DELETED } from '@portal/contracts/constants';
import { platformHttp } from '../../../lib/http/clients.ts';
import { messagesKeys } from './query-keys.ts';

/** GET nobody/messageCenter/messageDetail/{id}: what /generalDetailsTow shows, without login. */
export function getPublicMessageDetail(id: string, tenantId?: string): Promise<PublicMessageDetail> {
  return platformHttp.get<PublicMessageDetail>(
    `/nobody/messageCenter/messageDetail/${encodeURIComponent(id)}`,
    { tenantId },
    {
      silent: true,
      rejectStatuses: [STATUS_MESSAGE_DELETED],
    },
  );
}

export const publicMessageDetailQueryOptions = (id: string, tenantId?: string) =>
  queryOptions({
    queryKey: messagesKeys.publicDetail(id, tenantId),
    queryFn: () => getPublicMessageDetail(id, tenantId),
    enabled: !!id,
    retry: false,
  });
export const usePublicMessageDetail = (id: string, tenantId?: string) =>
  useQuery(publicMessageDetailQueryOptions(id, tenantId));

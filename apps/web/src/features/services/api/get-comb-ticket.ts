import type { CombTicket } from '@portal/contracts/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformHttp } from '../../../lib/http/clients.ts';
import { servicesKeys } from './query-keys.ts';

/** serverCenter/combTicket: the one-time combStr an accessWay '5' service is opened with (4.4). */
export const getCombTicket = (serviceId: string) =>
  platformHttp.post<CombTicket>('/serverCenter/combTicket', { serviceId });
/** One ticket per opening: never shared with a later mount (gcTime 0) nor fetched again while shown. */
export const combTicketQueryOptions = (serviceId: string) =>
  queryOptions({
    queryKey: servicesKeys.combTicket(serviceId),
    queryFn: () => getCombTicket(serviceId),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
export const useCombTicket = (serviceId: string, enabled: boolean) =>
  useQuery({ ...combTicketQueryOptions(serviceId), enabled });

import type { ServiceItem } from '@portal/contracts/services';
import type { QueryClient } from '@tanstack/react-query';
import { platformHttp } from '../../../lib/http/clients.ts';
import { myCollectQueryOptions } from './get-my-collect.ts';

/** 7.4 serverCenter/changeOrder: the favourites in their new order. */
export function changeOrder(serviceIds: string[]): Promise<ServiceItem[]> {
  return platformHttp.post<ServiceItem[]>('/serverCenter/changeOrder', { serviceIds });
}

/** The answer is the favourites in their new order: it replaces the cached list without a second read. */
export function afterChangeOrder(client: QueryClient, list: ServiceItem[]) {
  client.setQueryData(myCollectQueryOptions().queryKey, list);
}

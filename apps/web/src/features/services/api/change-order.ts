import type { ServiceItem } from '@portal/contracts/services';
import { platformHttp } from '../../../lib/http/clients.ts';

/** 7.4 serverCenter/changeOrder: the favourites in their new order. */
export function changeOrder(serviceIds: string[]): Promise<ServiceItem[]> {
  return platformHttp.post<ServiceItem[]>('/serverCenter/changeOrder', { serviceIds });
}

import type { ServiceItem } from '@portal/contracts/services';
import { platformHttp } from '../../../lib/http/clients.ts';

/** 7.4 GET serverCenter/myCollect: the favourites in the user's order. */
export function getMyCollect(): Promise<ServiceItem[]> {
  return platformHttp.get<ServiceItem[]>('/serverCenter/myCollect');
}

import type { ServiceCount } from '@portal/contracts/services';
import { platformHttp } from '../../../lib/http/clients.ts';

/** 7.2 GET nobody/prepareLogin/getStatisticData. */
export function getStatisticData(tenantId: string): Promise<ServiceCount> {
  return platformHttp.get<ServiceCount>('/nobody/prepareLogin/getStatisticData', { tenantId });
}

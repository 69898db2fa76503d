import type { CanUserRate } from '@portal/contracts/services';
import { workbenchHttp } from '../../../lib/http/clients.ts';

/** 7.5 serverCenter/canUserRate. */
export function canUserRate(serviceId: string): Promise<CanUserRate> {
  return workbenchHttp.post<CanUserRate>('/serverCenter/canUserRate', { serviceId });
}

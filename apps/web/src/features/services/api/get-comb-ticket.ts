import type { CombTicket } from '@portal/contracts/services';
import { platformHttp } from '../../../lib/http/clients.ts';

/** serverCenter/combTicket: the one-time combStr an accessWay '5' service is opened with (4.4). */
export const getCombTicket = (serviceId: string) =>
  platformHttp.post<CombTicket>('/serverCenter/combTicket', { serviceId });

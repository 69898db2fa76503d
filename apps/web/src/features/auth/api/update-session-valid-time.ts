import type { SessionValidTime } from '@portal/contracts/auth';
import { workbenchHttp } from '../../../lib/http/clients.ts';

/** 7.3: POST nobody/cas/updateSessionValidTime (casTicket): extends the session. */
export function updateSessionValidTime(casTicket: string): Promise<SessionValidTime> {
  return workbenchHttp.post<SessionValidTime>('/nobody/cas/updateSessionValidTime', { casTicket }, { silent: true });
}

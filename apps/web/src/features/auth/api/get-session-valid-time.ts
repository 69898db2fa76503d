import type { SessionValidTime } from '@portal/contracts/auth';
import { workbenchHttp } from '../../../lib/http/clients.ts';

/** 7.3: POST nobody/cas/getSessionValidTime (casTicket): seconds left on the session. */
export function getSessionValidTime(casTicket: string): Promise<SessionValidTime> {
  return workbenchHttp.post<SessionValidTime>('/nobody/cas/getSessionValidTime', { casTicket }, { silent: true });
}

import { SESSION_CHECK_INTERVAL_MS } from '@portal/contracts/constants';
import type { SessionValidTime } from '@portal/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { workbenchHttp } from '../../../lib/http/clients.ts';

/** 7.3 POST nobody/cas/getSessionValidTime (casTicket): seconds left on the session. */
export const getSessionValidTime = (casTicket: string) => workbenchHttp.post<SessionValidTime>('/nobody/cas/getSessionValidTime', { casTicket }, { silent: true });
export const getSessionValidTimeQueryOptions = (casTicket: string | null) =>
  queryOptions({
    queryKey: ['personal', 'sessionValidTime', casTicket],
    queryFn: () => getSessionValidTime(casTicket!),
    enabled: !!casTicket,
    // The same cadence as the session check of 4.3.
    refetchInterval: SESSION_CHECK_INTERVAL_MS,
    retry: false,
  });
export const useSessionValidTime = (casTicket: string | null) => useQuery(getSessionValidTimeQueryOptions(casTicket));

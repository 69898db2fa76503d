import { HTTP_TIMEOUT_OSP_MS } from '@portal/contracts/constants';
import { sessionStore } from '../session/session-store.ts';
import { createHttpClient } from './client.ts';
import { authHeaders, userStamp, type Identity } from './encoding.ts';

const identity = (): Identity => {
  const s = sessionStore.getState();
  return {
    token: s.token,
    tenantId: s.tenantId,
    account: s.user?.account ?? null,
    userName: s.user?.user_name ?? null,
    nickName: s.user?.nick_name ?? null,
  };
};

const interceptors = [authHeaders(identity), userStamp(identity)];
// 4.3: "A 401 clears the cached ticket." The cleared ticket goes to the session root, which asks whether that
// session has ended (forced re-login) or only the token is refused (session expired). When an earlier 401 already
// cleared it (calls in flight when the session ended, then a reload before that page's question was answered),
// the ticket it kept aside is asked about instead, so the answer does not depend on which call came first.
const onUnauthorized = (): string | null => {
  const { casTicket, clearedCasTicket } = sessionStore.getState();
  sessionStore.getState().clearTicket();
  return casTicket ?? clearedCasTicket;
};

/** The four clients of section 7, picked by path group, and BladeX's auth and user groups. */
export const platformHttp = createHttpClient({ baseUrl: '/api/blade-platform', interceptors, onUnauthorized });
export const workbenchHttp = createHttpClient({ baseUrl: '/api/blade-workbench', interceptors, onUnauthorized });
export const ospHttp = createHttpClient({
  baseUrl: '/api/online-service-platform',
  timeoutMs: HTTP_TIMEOUT_OSP_MS,
  interceptors,
  onUnauthorized,
});
export const cygjHttp = createHttpClient({ baseUrl: '/api/comb-cygj', interceptors, onUnauthorized });
export const authHttp = createHttpClient({
  baseUrl: '/api/blade-auth',
  interceptors: [authHeaders(identity)],
  onUnauthorized,
});
export const userHttp = createHttpClient({ baseUrl: '/api/blade-user', interceptors, onUnauthorized });
/** The instant-messaging calls of 7.8 whose paths the spec does not show (this server: /api/chat). */
export const chatHttp = createHttpClient({ baseUrl: '/api/chat', interceptors, onUnauthorized });

import { DEFAULT_TENANT_ID } from '@portal/contracts/constants';
import { sessionStore } from '../../../lib/session/session-store.ts';

/** The demo tenant, used when neither the address nor the session names one (the server's `/` page data too). */
export { DEFAULT_TENANT_ID } from '@portal/contracts/constants';

/** The tenant anonymous calls name: ?tenantId= of the address, else the session's, else the default. */
export function landingTenant(): string {
  const fromUrl = typeof window !== 'undefined' ? new URLSearchParams(window.location.search).get('tenantId') : null;
  return fromUrl || sessionStore.getState().tenantId || DEFAULT_TENANT_ID;
}

/** True when the user is logged in (the logged-in variants of the calls apply, section 6). */
export const isLoggedIn = () => !!sessionStore.getState().token && !!sessionStore.getState().user;

import { defaultTenant } from '../../../lib/default-tenant.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';

/**
 * The tenant anonymous calls name: ?tenantId= of the address, else the session's, else the default one (the server's
 * DEFAULT_TENANT, else the demo tenant: lib/default-tenant.ts; the server's `/` page data is that tenant's too).
 */
export function landingTenant(): string {
  const fromUrl = typeof window !== 'undefined' ? new URLSearchParams(window.location.search).get('tenantId') : null;
  return fromUrl || sessionStore.getState().tenantId || defaultTenant();
}

/** True when the user is logged in (the logged-in variants of the calls apply, section 6). */
export const isLoggedIn = () => !!sessionStore.getState().token && !!sessionStore.getState().user;

import type { QueryClient } from '@tanstack/react-query';
import { tenantDetailQueryOptions } from './get-tenant-detail.ts';
import { loginModeQueryOptions } from './model-login.ts';

/** The tenant a login page without `?tenantId=` is for. */
export const DEFAULT_TENANT = '000000';

/** The tenant the login page opens with: `?tenantId=`, else the default one (login-page.tsx). */
export const loginTenant = (search: string = window.location.search): string =>
  new URLSearchParams(search).get('tenantId')?.trim() || DEFAULT_TENANT;

/**
 * Starts the login page's two calls, the tenant's details and how it signs in (7.3 modelLogin), as soon as the router
 * matches `/login`, while the page's code part is still on its way (issue 10): the page's largest paint, the demo hint,
 * waited for the part and then for these calls. The page's own queries find the answers in the cache or in flight; a
 * failed call is the query's error, as when the page makes it.
 */
export function prefetchLogin(client: QueryClient, tenantId: string = loginTenant()): void {
  void client.prefetchQuery(tenantDetailQueryOptions(tenantId));
  void client.prefetchQuery(loginModeQueryOptions(tenantId));
}

import { LOGIN_DATA_ELEMENT_ID } from '@portal/contracts/constants';
import type { LoginPageData } from '@portal/contracts/identity';
import type { QueryClient } from '@tanstack/react-query';
import { defaultTenant } from '../../../lib/default-tenant.ts';
import { isRecord, takePageData } from '../../../lib/page-data.ts';
import { tenantDetailQueryOptions } from './get-tenant-detail.ts';
import { loginModeQueryOptions } from './model-login.ts';

/**
 * The tenant the login page opens with: `?tenantId=`, else the default one (login-page.tsx): the server's
 * DEFAULT_TENANT, which the page names, else the demo tenant (lib/default-tenant.ts).
 */
export const loginTenant = (search: string = window.location.search): string =>
  new URLSearchParams(search).get('tenantId')?.trim() || defaultTenant();

/**
 * Starts the login page's two calls, the tenant's details and how it signs in (7.3 modelLogin), as soon as the router
 * matches `/login`, while the page's code part is still on its way (issue 10): the page's largest paint, the demo hint,
 * waited for the part and then for these calls. The page's own queries find the answers in the cache or in flight; a
 * failed call is the query's error, as when the page makes it.
 *
 * On the first visit the page carries both answers (ADR 0061: takeLoginPageData): they go into the cache at once and
 * no call is made.
 */
export function prefetchLogin(client: QueryClient, tenantId?: string): void {
  // The server's first screen fills a client of its own (seedLogin); it has no page to read nor calls to make.
  if (typeof document === 'undefined') return;
  const tenant = tenantId ?? loginTenant();
  const carried = takeLoginPageData(tenant);
  if (carried) {
    seedLogin(client, carried);
    // Before login, dates follow the tenant's zone, as when the details are fetched (get-tenant-detail.ts).
    void import('../../../lib/tenant-clock.ts').then((m) => m.setVisitorTimeZone(carried.detail.timeZone));
    return;
  }
  void client.prefetchQuery(tenantDetailQueryOptions(tenant));
  void client.prefetchQuery(loginModeQueryOptions(tenant));
}

/** The login page's two answers put in a query client: the page carried them, or the server paints the page. */
export function seedLogin(client: QueryClient, data: LoginPageData): void {
  client.setQueryData(tenantDetailQueryOptions(data.tenantId).queryKey, data.detail);
  client.setQueryData(loginModeQueryOptions(data.tenantId).queryKey, data.mode);
}

/**
 * The two answers `/login`'s page carries (a `<script type="application/json">` the server writes), when they are for
 * this tenant; null otherwise, or when the page carries none or it does not read. Read once: the element is taken out
 * of the page, so a later visit to `/login` in the same page load asks the server, never an answer as old as the page.
 */
export function takeLoginPageData(tenantId: string): LoginPageData | null {
  const data = takePageData<LoginPageData>(LOGIN_DATA_ELEMENT_ID);
  if (data?.tenantId !== tenantId || !isRecord(data.detail) || !isRecord(data.mode)) return null;
  return data as LoginPageData;
}

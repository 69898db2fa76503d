import { DEFAULT_TENANT_ID, DEFAULT_TENANT_META } from '@portal/contracts/constants';

/** A tenant id's shape (TenantId in @portal/contracts/envelope, without loading zod on the first route). */
const TENANT_ID = /^[0-9A-Za-z_-]{1,12}$/;

/** The tenant the server's first screen is painted for (setDefaultTenant); null in a browser. */
let painted: string | null = null;

/**
 * The tenant the web app names when the address names none (`/`, `/login`, `/allServices` without `?tenantId=`): the
 * one the server was given (DEFAULT_TENANT), which its pages name in `<meta name="portal-tenant">`
 * (apps/server/src/platform/web.ts), else the demo tenant. Known before any call: the page brought it. On the server,
 * the one the first screen is painted for (first-screen.tsx), so the browser's render is the same.
 */
export function defaultTenant(): string {
  if (painted !== null) return painted;
  const named =
    typeof document === 'undefined'
      ? null
      : document.querySelector<HTMLMetaElement>(`meta[name="${DEFAULT_TENANT_META}"]`)?.content.trim();
  return named && TENANT_ID.test(named) ? named : DEFAULT_TENANT_ID;
}

/** The server's first screen (first-screen.tsx): the tenant its page names, which it paints for. */
export function setDefaultTenant(tenantId: string | undefined): void {
  painted = tenantId && TENANT_ID.test(tenantId) ? tenantId : null;
}

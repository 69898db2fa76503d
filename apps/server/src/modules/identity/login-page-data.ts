import { TenantDetail } from '@portal/contracts/auth';
import { LOGIN_DATA_ELEMENT_ID } from '@portal/contracts/constants';
import { TenantId } from '@portal/contracts/envelope';
import { LoginMode, type LoginPageData } from '@portal/contracts/identity';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defaultTenantOf, visitorTenant } from '../../platform/auth.ts';
import type { PageData } from '../../platform/web.ts';
import { tenantDetail } from '../auth/auth.service.ts';
import { loginMode } from './identity.service.ts';

/** The queries `/login` is painted for: its tenant and the page to go to after signing in, which change nothing on it. */
const PAINTED_QUERY = new Set(['tenantId', 'redirect']);

/**
 * `/login`'s data (ADR 0061): what its two calls answer — nobody/tenant/detail and auth/auth/modelLogin — for the
 * tenant the page opens with (`?tenantId=`, else the default one: DEFAULT_TENANT, defaultTenantOf), encoded by the same contracts as those answers
 * (nothing the calls leave out, such as a provider's secrets, can be in it). The page reads it instead of making the
 * calls, and the server paints its first screen from it when the address asks for nothing else (a logout, a forced
 * re-login and a return from the school's sign-in show notices of their own). Null for a tenant that does not exist
 * or is disabled: the page goes without, and its calls get the errors they always got.
 */
export function loginPageData(app: FastifyInstance): (request: FastifyRequest) => Promise<PageData | null> {
  return async (request) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const named = query.tenantId;
    const asked = named === undefined || named === '' ? defaultTenantOf(app) : named;
    if (typeof asked !== 'string' || !TenantId.safeParse(asked.trim()).success) return null;
    const tenant = await visitorTenant(app, asked.trim());
    if (!tenant) return null;
    const [detail, mode] = await Promise.all([
      tenantDetail(app.deps, tenant.tenantId),
      loginMode(app.deps, tenant.tenantId),
    ]).catch(() => [null, null] as const);
    if (!detail || !mode) return null;
    const data: LoginPageData = {
      tenantId: tenant.tenantId,
      detail: TenantDetail.encode(detail),
      mode: LoginMode.encode(mode),
    };
    const json = JSON.stringify(data);
    const painted = Object.keys(query).every((k) => PAINTED_QUERY.has(k));
    // The page to go to afterwards changes nothing on the page: it is painted at the tenant's address only (as typed:
    // the tenant field shows it).
    const url = named ? `/login?tenantId=${encodeURIComponent(asked)}` : '/login';
    return {
      id: LOGIN_DATA_ELEMENT_ID,
      json,
      firstScreen: painted ? { url, seed: { page: 'login', ...(JSON.parse(json) as LoginPageData) } } : undefined,
    };
  };
}

import type { AppDeps } from '../../platform/http.ts';
import { identityRepository } from './identity.repository.ts';

/**
 * What the auth module asks of the tenant's identity provider when it logs in or answers auth/init. Kept apart from
 * identity.service.ts, which itself uses the auth service, so neither module reads the other's tables.
 */

/** Whether the tenant's password login is on: no enabled identity provider, or one that leaves it on. */
export async function localLoginAllowed(deps: AppDeps, tenantId: string): Promise<boolean> {
  const p = await identityRepository(deps.db).provider(tenantId);
  return !p || p.enabled !== 1 || p.local_login === 1;
}

/**
 * Section 3's login config as it is in force: with an enabled identity provider, unified authentication is on
 * (status 1), and the portal session follows the provider's (isSelfCas 1) when the provider can end it — CAS single
 * logout, OIDC back-channel logout — so the ticket checks of 4.3 notice a sign-out at the school (ADR 0023).
 */
export async function identityAuth(
  deps: AppDeps,
  tenantId: string,
  config: { identity_auth_status: number; is_self_cas: number },
): Promise<{ status: number; isSelfCas: number }> {
  const p = await identityRepository(deps.db).provider(tenantId);
  if (!p || p.enabled !== 1) return { status: config.identity_auth_status, isSelfCas: config.is_self_cas };
  return { status: 1, isSelfCas: p.type === 'ldap' ? config.is_self_cas : 1 };
}

import type { TokenResult } from '@portal/contracts/auth';
import {
  AttributeMapping,
  CasSettings,
  IDENTITY_MESSAGES,
  IDENTITY_REQUEST_TTL_SECONDS,
  IdentityType,
  LdapSettings,
  OidcSettings,
  RoleMappingEntry,
  type IdentityProviderDetail,
  type IdentityProviderSubmit,
  type LoginAddress,
  type LoginMode,
} from '@portal/contracts/identity';
import { createHmac, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { IdentityProviderTable } from '../../db/tables/identity.ts';
import { nowIso } from '../../db/sql-helpers.ts';
import { hashPassword, newId, newToken } from '../../platform/crypto.ts';
import { AppError, badRequest, notFound, tooMany } from '../../platform/errors.ts';
import { MESSAGES, MESSAGES_EN_US } from '@portal/contracts/errors';
import { accountKey, addressKey, loginThrottle } from '../auth/login-throttle.ts';
import type { AppDeps, RequestContext } from '../../platform/http.ts';
import { directory } from '../auth/auth.directory.ts';
import { departments } from '../services/departments.ts';
import { endSession, openSession, type Client } from '../auth/auth.service.ts';
import { identityAuth } from './identity.policy.ts';
import { identityRepository } from './identity.repository.ts';
import { safeReturnPath } from './return-path.ts';
import { openSecret, sealSecret } from './identity.secrets.ts';

/** Paths of the identity module (under the BladeX auth group; /nobody/ ones need no token). */
export const IDENTITY_PATHS = {
  start: '/api/blade-auth/nobody/identity/start',
  oidcCallback: '/api/blade-auth/nobody/identity/oidc/callback',
  casCallback: '/api/blade-auth/nobody/identity/cas/callback',
  oidcBackchannel: '/api/blade-auth/nobody/identity/oidc/backchannel-logout',
  exchange: '/api/blade-auth/nobody/identity/exchange',
  ldapLogin: '/api/blade-auth/nobody/identity/ldap/login',
} as const;

/** The cookie binding a sign-in to the browser that started it (HttpOnly, SameSite=Lax, path of the module). */
export const BROWSER_COOKIE = 'portal_sso';
export const BROWSER_COOKIE_PATH = '/api/blade-auth/nobody/identity';

/** A person as the provider vouched for them, mapped to the portal's fields. */
export type ExternalProfile = {
  /** The provider's stable id (OIDC sub, CAS user, LDAP DN). */
  subject: string;
  account: string;
  name: string;
  department: string;
  /** Values of the role claim or groups, matched against the role mapping. */
  roles: string[];
  /** The provider's session (OIDC sid, CAS service ticket), for logout from its side. */
  sid: string;
  /** The ID token (OIDC), for id_token_hint at logout. */
  idToken: string;
};

/** The tenant's provider with its settings parsed (and the secret opened when asked). */
export type ProviderConfig = {
  tenantId: string;
  type: IdentityType;
  name: string;
  enabled: boolean;
  localLogin: boolean;
  mapping: AttributeMapping;
  roleMapping: RoleMappingEntry[];
  defaultRoleAlias: string;
  settings: Record<string, unknown>;
  hasSecret: boolean;
  secretSealed: string;
  updatedAt: string;
};

/**
 * One interface for every way of signing in elsewhere (issue 17): a redirect provider answers `start` with the
 * address to send the browser to and `finish` with the person from the callback; LDAP checks credentials.
 * Each returns an ExternalProfile, and `signIn` below turns it into the portal's own session.
 */
export interface ExternalSignIn {
  readonly type: IdentityType;
  start?(input: {
    provider: ProviderConfig;
    state: string;
    nonce: string;
    codeVerifier: string;
    callbackUrl: string;
  }): Promise<string>;
  finish?(input: {
    provider: ProviderConfig;
    request: { nonce: string; codeVerifier: string };
    callbackUrl: string;
    currentUrl: URL;
  }): Promise<ExternalProfile>;
  checkCredentials?(input: { provider: ProviderConfig; username: string; password: string }): Promise<ExternalProfile>;
  logoutUrl?(input: {
    provider: ProviderConfig;
    idToken: string;
    sid: string;
    returnUrl: string;
  }): Promise<string | null>;
  /**
   * The provider ends a session from its side (OIDC back-channel logout token, CAS single-logout request): the
   * message is checked and the provider's session id (sid, service ticket) and/or subject it names are returned.
   */
  providerLogout?(input: { provider: ProviderConfig; message: string }): Promise<{ sid: string; subject: string }>;
}

const StoredCommon = z.object({
  mapping: AttributeMapping,
  roleMapping: z.array(RoleMappingEntry),
  defaultRoleAlias: z.string(),
  settings: z.record(z.string(), z.unknown()),
});

function parseProvider(row: IdentityProviderTable): ProviderConfig | null {
  const type = IdentityType.safeParse(row.type);
  let stored: z.infer<typeof StoredCommon>;
  try {
    stored = StoredCommon.parse(JSON.parse(row.settings));
  } catch {
    return null;
  }
  if (!type.success) return null;
  return {
    tenantId: row.tenant_id,
    type: type.data,
    name: row.name,
    enabled: row.enabled === 1,
    localLogin: row.local_login === 1,
    mapping: stored.mapping,
    roleMapping: stored.roleMapping,
    defaultRoleAlias: stored.defaultRoleAlias,
    settings: stored.settings,
    hasSecret: row.secret_sealed !== '',
    secretSealed: row.secret_sealed,
    updatedAt: row.updated_at,
  };
}

/** The tenant's provider when one is configured and enabled. */
export async function activeProvider(deps: AppDeps, tenantId: string): Promise<ProviderConfig | null> {
  const row = await identityRepository(deps.db).provider(tenantId);
  const p = row ? parseProvider(row) : null;
  return p && p.enabled ? p : null;
}

export function providerSecret(deps: AppDeps, p: ProviderConfig): string {
  return openSecret(deps.config.tokenSecret, p.tenantId, p.secretSealed) ?? '';
}

export const oidcSettingsOf = (p: ProviderConfig) => OidcSettings.parse(p.settings);
export const casSettingsOf = (p: ProviderConfig) => CasSettings.parse(p.settings);
export const ldapSettingsOf = (p: ProviderConfig) => LdapSettings.parse(p.settings);

/** The portal's public address: PUBLIC_URL, else the address the request came to. */
export function publicBase(deps: AppDeps, request: { protocol: string; host: string }): string {
  return deps.config.publicUrl ?? `${request.protocol}://${request.host}`;
}

/**
 * The redirect URI (OIDC) or service URL (CAS) of a tenant: the tenant is a path segment, because a relying party
 * derives the redirect_uri of the code exchange from the callback's address without its query (openid-client).
 */
export function callbackUrl(base: string, p: Pick<ProviderConfig, 'tenantId' | 'type'>, state?: string): string {
  const path = `${p.type === 'cas' ? IDENTITY_PATHS.casCallback : IDENTITY_PATHS.oidcCallback}/${encodeURIComponent(p.tenantId)}`;
  return `${base}${path}${state ? `?${new URLSearchParams({ state })}` : ''}`;
}

/** Where the provider sends the browser after RP-initiated logout (register it as a post-logout redirect URI). */
export function postLogoutUrl(base: string, tenantId: string): string {
  return `${base}/login?${new URLSearchParams({ tenantId, logout: '1' })}`;
}

export const identityError = (status: number, key: keyof typeof IDENTITY_MESSAGES) =>
  new AppError(status, IDENTITY_MESSAGES[key][0], IDENTITY_MESSAGES[key][1]);

// ------------------------------------------------------------------ the three calls of 7.3 (ADR 0022)

/** auth/auth/modelLogin: how the tenant signs in (the login page and the re-login dialog ask before showing a form). */
export async function loginMode(deps: AppDeps, tenantId: string): Promise<LoginMode> {
  const [config, provider] = await Promise.all([
    directory.loginConfig(deps.db, tenantId),
    activeProvider(deps, tenantId),
  ]);
  if (!config) throw notFound(...IDENTITY_MESSAGES_LOGIN_CONFIG);
  return {
    tenantId,
    eduSystemManageIdentityAuth: await identityAuth(deps, tenantId, config),
    localLogin: !provider || provider.localLogin,
    provider: provider ? { type: provider.type, name: provider.name } : null,
  };
}
const IDENTITY_MESSAGES_LOGIN_CONFIG = ['loginConfig 失败，尝试重新登录', 'loginConfig'] as const;

/**
 * auth/getAddress: where the browser goes to sign in, with the return path checked; with a token, also where it
 * goes to sign out at the provider (RP-initiated logout with this session's ID token, or CAS /logout).
 */
export async function loginAddress(
  deps: AppDeps,
  tenantId: string,
  input: { redirect?: string | undefined; ctx: RequestContext | null; base: string },
  providers: Record<IdentityType, ExternalSignIn>,
): Promise<LoginAddress> {
  const returnTo = safeReturnPath(input.redirect);
  if (returnTo === null) throw identityError(400, 'badReturnPath');
  const provider = await activeProvider(deps, tenantId);
  const loginPage = `${input.base}/login?${new URLSearchParams({ tenantId, redirect: returnTo })}`;
  if (!provider) return { type: 'local', loginUrl: loginPage, logoutUrl: null };
  if (provider.type === 'ldap') return { type: 'ldap', loginUrl: loginPage, logoutUrl: null };
  const loginUrl = `${input.base}${IDENTITY_PATHS.start}?${new URLSearchParams({ tenantId, redirect: returnTo })}`;
  let logoutUrl: string | null = null;
  const impl = providers[provider.type];
  if (input.ctx && impl.logoutUrl) {
    const session = await identityRepository(deps.db).session(tenantId, input.ctx.sessionId);
    if (session && session.type === provider.type) {
      logoutUrl = await impl
        .logoutUrl({
          provider,
          idToken: session.id_token,
          sid: session.sid,
          returnUrl: postLogoutUrl(input.base, tenantId),
        })
        .catch(() => null);
    }
  }
  return { type: provider.type, loginUrl, logoutUrl };
}

// ------------------------------------------------------------------ administrator configuration

export async function providerDetail(
  deps: AppDeps,
  ctx: RequestContext,
  base: string,
): Promise<IdentityProviderDetail> {
  const row = await identityRepository(deps.db).provider(ctx.tenantId);
  const p = row ? parseProvider(row) : null;
  const redirectUri = p ? callbackUrl(base, p) : callbackUrl(base, { tenantId: ctx.tenantId, type: 'oidc' });
  const serviceUrl = p?.type === 'cas' ? callbackUrl(base, p) : postLogoutUrl(base, ctx.tenantId);
  const backchannelLogoutUri =
    p?.type === 'cas' || p?.type === 'ldap'
      ? ''
      : `${base}${IDENTITY_PATHS.oidcBackchannel}/${encodeURIComponent(ctx.tenantId)}`;
  if (!p) {
    return {
      configured: false,
      type: null,
      name: '',
      enabled: false,
      localLogin: true,
      mapping: AttributeMapping.parse({}),
      roleMapping: [],
      defaultRoleAlias: 'student',
      settings: {},
      hasSecret: false,
      redirectUri,
      serviceUrl,
      backchannelLogoutUri,
      updatedAt: null,
    };
  }
  return {
    configured: true,
    type: p.type,
    name: p.name,
    enabled: p.enabled,
    localLogin: p.localLogin,
    mapping: p.mapping,
    roleMapping: p.roleMapping,
    defaultRoleAlias: p.defaultRoleAlias,
    settings: p.settings,
    hasSecret: p.hasSecret,
    redirectUri,
    serviceUrl,
    backchannelLogoutUri,
    updatedAt: p.updatedAt,
  };
}

export async function submitProvider(deps: AppDeps, ctx: RequestContext, input: IdentityProviderSubmit): Promise<void> {
  const repo = identityRepository(deps.db);
  if (!(await repo.roleByAlias(ctx.tenantId, input.defaultRoleAlias)))
    throw badRequest('默认角色不存在', `defaultRoleAlias ${input.defaultRoleAlias}`);
  for (const m of input.roleMapping) {
    if (!(await repo.roleByAlias(ctx.tenantId, m.roleAlias)))
      throw badRequest('角色映射中的角色不存在', `roleAlias ${m.roleAlias}`);
  }
  const previous = await repo.provider(ctx.tenantId);
  // The secret is write-only: left out or empty keeps the stored one, unless the type changed (a CAS server has none).
  const typeChanged = previous !== undefined && previous.type !== input.type;
  const secret = input.secret ?? '';
  const sealed =
    secret !== ''
      ? sealSecret(deps.config.tokenSecret, ctx.tenantId, secret)
      : typeChanged || input.type === 'cas'
        ? ''
        : null;
  await repo.saveProvider(ctx.tenantId, {
    type: input.type,
    name: input.name,
    enabled: input.enabled ? 1 : 0,
    local_login: input.localLogin ? 1 : 0,
    settings: JSON.stringify({
      mapping: input.mapping,
      roleMapping: input.roleMapping,
      defaultRoleAlias: input.defaultRoleAlias,
      settings: input.settings,
    }),
    secret_sealed: sealed,
  });
}

// ------------------------------------------------------------------ sign-in requests and hand-off

const hashOf = (deps: AppDeps, label: string, value: string) =>
  createHmac('sha256', deps.config.tokenSecret).update(`identity ${label}\u0000${value}`).digest('base64url');

/** Starts a redirect sign-in: a request row bound to the browser (the cookie value returned), and the provider's address. */
export async function startSignIn(
  deps: AppDeps,
  tenantId: string,
  input: { redirect: string | undefined; base: string },
  providers: Record<IdentityType, ExternalSignIn>,
): Promise<{ location: string; browserValue: string }> {
  const returnTo = safeReturnPath(input.redirect);
  if (returnTo === null) throw identityError(400, 'badReturnPath');
  const provider = await activeProvider(deps, tenantId);
  if (!provider) throw identityError(404, 'noProvider');
  const impl = providers[provider.type];
  if (!impl.start) throw identityError(400, 'noProvider');
  const state = newToken();
  const nonce = newToken();
  const codeVerifier = newToken();
  const browserValue = newToken();
  await identityRepository(deps.db).createRequest(tenantId, {
    stateHash: hashOf(deps, 'state', state),
    type: provider.type,
    nonce,
    codeVerifier,
    returnTo,
    browserHash: hashOf(deps, 'browser', browserValue),
    expiresAt: nowIso(Date.now() + IDENTITY_REQUEST_TTL_SECONDS * 1000),
  });
  if (Math.random() < 0.05)
    void identityRepository(deps.db)
      .pruneRequests()
      .catch(() => undefined);
  const location = await impl.start({
    provider,
    state,
    nonce,
    codeVerifier,
    callbackUrl: callbackUrl(input.base, provider, provider.type === 'cas' ? state : undefined),
  });
  return { location, browserValue };
}

/**
 * The provider sent the browser back: the request is taken once (a replayed state finds nothing), must belong to
 * this browser, and the provider's answer is validated by its implementation. The person is provisioned and a
 * one-time hand-off code is made for the web page, which exchanges it for the portal's tokens.
 */
export async function finishSignIn(
  deps: AppDeps,
  tenantId: string,
  input: { state: string; browserValue: string | undefined; currentUrl: URL; base: string },
  providers: Record<IdentityType, ExternalSignIn>,
): Promise<{ handoff: string; returnTo: string }> {
  const repo = identityRepository(deps.db);
  const request = await repo.takeRequest(tenantId, hashOf(deps, 'state', input.state));
  if (!request || request.type === 'handoff') throw identityError(400, 'requestInvalid');
  if (!input.browserValue || hashOf(deps, 'browser', input.browserValue) !== request.browser_hash)
    throw identityError(400, 'requestInvalid');
  const provider = await activeProvider(deps, tenantId);
  if (!provider || provider.type !== request.type) throw identityError(400, 'requestInvalid');
  const impl = providers[provider.type];
  if (!impl.finish) throw identityError(400, 'requestInvalid');
  const profile = await impl.finish({
    provider,
    request: { nonce: request.nonce, codeVerifier: request.code_verifier },
    callbackUrl: callbackUrl(input.base, provider, provider.type === 'cas' ? input.state : undefined),
    currentUrl: input.currentUrl,
  });
  const userId = await provision(deps, provider, profile);
  const handoff = newToken();
  await repo.createRequest(tenantId, {
    stateHash: hashOf(deps, 'handoff', handoff),
    type: 'handoff',
    nonce: '',
    codeVerifier: '',
    returnTo: request.return_to,
    browserHash: request.browser_hash,
    expiresAt: nowIso(Date.now() + 120_000),
    payload: JSON.stringify({ userId, type: provider.type, idToken: profile.idToken, sid: profile.sid }),
  });
  return { handoff, returnTo: request.return_to };
}

const Handoff = z.object({ userId: z.string(), type: IdentityType, idToken: z.string(), sid: z.string() });

/** The web page exchanges the one-time hand-off code (same browser) for the portal's session. */
export async function exchangeHandoff(
  deps: AppDeps,
  tenantId: string,
  input: { code: string; browserValue: string | undefined },
  client: Client,
): Promise<TokenResult & { redirect: string }> {
  const repo = identityRepository(deps.db);
  const row = await repo.takeRequest(tenantId, hashOf(deps, 'handoff', input.code));
  if (!row || row.type !== 'handoff') throw identityError(400, 'requestInvalid');
  if (!input.browserValue || hashOf(deps, 'browser', input.browserValue) !== row.browser_hash)
    throw identityError(400, 'requestInvalid');
  const h = Handoff.parse(JSON.parse(row.payload));
  const { token } = await sessionFor(deps, tenantId, h.userId, client, {
    type: h.type,
    idToken: h.idToken,
    sid: h.sid,
  });
  return { ...token, redirect: row.return_to };
}

/** LDAP: account and password checked by the directory, then the portal's session. No fallback to a local password. */
export async function ldapSignIn(
  deps: AppDeps,
  tenantId: string,
  input: { username: string; password: string },
  client: Client,
  providers: Record<IdentityType, ExternalSignIn>,
): Promise<TokenResult> {
  const provider = await activeProvider(deps, tenantId);
  if (!provider || provider.type !== 'ldap') throw identityError(404, 'noProvider');
  // The same limits as the password login (ADR 0015): the address waits for its slot, the account has 5 checked
  // attempts per window; a directory that cannot be reached counts against neither.
  const throttle = loginThrottle(deps.db, { addressDelayMaxMs: deps.config.loginAddressDelayMaxMs });
  const byAccount = accountKey(tenantId, `ldap:${input.username}`);
  const byAddress = addressKey(client.ip);
  const wait = await throttle.reserveAddressSlot(byAddress);
  if (wait === null) throw tooMany(MESSAGES.loginBusy, MESSAGES_EN_US.loginBusy);
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  const claim = await throttle.claimAccount(byAccount);
  if (!claim.allowed) throw tooMany(MESSAGES.accountLocked, MESSAGES_EN_US.accountLocked);
  let profile: ExternalProfile;
  try {
    profile = await providers.ldap.checkCredentials!({ provider, username: input.username, password: input.password });
  } catch (err) {
    if (err instanceof AppError && err.message === IDENTITY_MESSAGES.badCredentials[0]) {
      await Promise.all([throttle.accountFailed(byAccount, claim.attempt), throttle.addressFailed(byAddress)]);
    }
    throw err;
  }
  await throttle.clearAccount(byAccount);
  const userId = await provision(deps, provider, profile);
  return (await sessionFor(deps, tenantId, userId, client, { type: 'ldap', idToken: '', sid: '' })).token;
}

async function sessionFor(
  deps: AppDeps,
  tenantId: string,
  userId: string,
  client: Client,
  external: { type: IdentityType; idToken: string; sid: string },
) {
  const user = await directory.user(deps.db, tenantId, userId);
  if (!user || user.status !== 1) throw identityError(403, 'accountDisabled');
  const opened = await openSession(deps, user, client);
  await identityRepository(deps.db).saveSession(tenantId, {
    sessionId: opened.sessionId,
    type: external.type,
    idToken: external.idToken,
    sid: external.sid,
  });
  return opened;
}

/**
 * First sign-in creates the account in the provider's tenant with the mapped role; later ones update the name,
 * the department and the role (when a mapping matches). A disabled account is refused, and an existing local
 * account of the same name is linked only when it was not linked to another subject already.
 */
export async function provision(deps: AppDeps, provider: ProviderConfig, profile: ExternalProfile): Promise<string> {
  const repo = identityRepository(deps.db);
  const tenantId = provider.tenantId;
  const account = profile.account.trim().slice(0, 64);
  if (!account || !profile.subject) throw identityError(400, 'noAccountClaim');
  const name = (profile.name.trim() || account).slice(0, 100);
  const department = profile.department.trim().slice(0, 200);
  const mapped = provider.roleMapping.find((m) => profile.roles.includes(m.value));
  const role = await repo.roleByAlias(tenantId, mapped?.roleAlias ?? provider.defaultRoleAlias);

  const link = await repo.link(tenantId, provider.type, profile.subject);
  let userId = link?.user_id;
  if (!userId) {
    const existing = await repo.userByAccount(tenantId, account);
    if (existing) {
      const other = await repo.linkOfUser(tenantId, existing.id);
      if (other && other.type === provider.type && other.subject !== profile.subject)
        throw identityError(403, 'providerFailed');
      userId = existing.id;
    } else {
      if (!role) throw identityError(400, 'providerFailed');
      userId = newId();
      // No usable password: the random one is never told to anyone, so this account signs in through the provider only.
      await directory.createUser(deps.db, tenantId, {
        id: userId,
        account,
        name,
        roleId: role.id,
        passwordHash: await hashPassword(randomBytes(24).toString('base64url')),
      });
    }
  }
  const user = await directory.user(deps.db, tenantId, userId);
  if (!user) throw identityError(400, 'providerFailed');
  if (user.status !== 1) throw identityError(403, 'accountDisabled');
  // An administrator's role is never lowered by a claim (break-glass stays); other roles follow the mapping.
  const roleId = mapped && role && user.role_type !== 'admin' ? role.id : undefined;
  await directory.updateUser(deps.db, tenantId, userId, { name, ...(roleId ? { roleId } : {}) });
  await repo.saveLink(tenantId, { type: provider.type, subject: profile.subject, userId, department });
  // The directory's department (one or several, a path's last part) places the user in the tenant's list, so a
  // notice to a department reaches them; names the list does not hold are left out. No department claim: unchanged.
  // It replaces only the departments a sign-in placed: those an administrator set by hand stay (ADR 0035).
  if (department) {
    const byName = new Map((await departments(deps.db).list(tenantId)).map((d) => [d.name, d.id]));
    const ids = department
      .split(/[;；,，|]/)
      .map((part) => part.split('/').pop()!.trim())
      .map((name) => byName.get(name))
      .filter((id): id is string => Boolean(id));
    await directory.setUserDepartments(deps.db, tenantId, userId, ids, 'identity');
  }
  return userId;
}

/** CAS single logout or OIDC logout from the provider's side: ends the portal sessions of that provider session. */
export async function endProviderSessions(
  deps: AppDeps,
  tenantId: string,
  type: IdentityType,
  sid: string,
  subject = '',
): Promise<number> {
  const repo = identityRepository(deps.db);
  let ids: string[] = [];
  if (sid) ids = await repo.sessionIdsBySid(tenantId, type, sid);
  else if (subject) {
    const link = await repo.link(tenantId, type, subject);
    if (link)
      ids = await repo.sessionIdsOfType(
        tenantId,
        type,
        await directory.liveSessionsOfUser(deps.db, tenantId, link.user_id),
      );
  }
  const sessions = (await directory.liveSessions(deps.db, ids)).filter((s) => s.tenant_id === tenantId);
  for (const s of sessions) await endSession(deps, { tenant_id: s.tenant_id, user_id: s.user_id, id: s.id });
  return sessions.length;
}

/**
 * A logout message from the tenant's provider (ADR 0023): checked by the provider's implementation, then every
 * portal session it names ends (a bad message is 400 and ends nothing).
 */
export async function providerLogout(
  deps: AppDeps,
  tenantId: string,
  type: IdentityType,
  message: string,
  providers: Record<IdentityType, ExternalSignIn>,
): Promise<number> {
  const provider = await activeProvider(deps, tenantId);
  const impl = providers[type];
  if (!provider || provider.type !== type || !impl.providerLogout) throw identityError(400, 'requestInvalid');
  const { sid, subject } = await impl.providerLogout({ provider, message });
  return endProviderSessions(deps, tenantId, type, sid, subject);
}

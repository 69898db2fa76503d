import type {
  TenantDetail,
  LoginInit,
  UnlockUsersResult,
  PasswordConfig,
  PasswordReg,
  RoleItem,
  SessionData,
  SessionValidTime,
  TokenResult,
  UserInfo,
} from '@portal/contracts/auth';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_MAX_SECONDS_DEFAULT,
  REFRESH_REUSE_GRACE_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  SESSION_IDLE_SECONDS,
  SESSION_MAX_SECONDS_DEFAULT,
} from '@portal/contracts/constants';
import { MESSAGES, MESSAGES_EN_US } from '@portal/contracts/errors';
import { IDENTITY_MESSAGES } from '@portal/contracts/identity';
import { CONFIGURATION_MENUS } from '@portal/contracts/routes';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { nowIso } from '../../db/sql-helpers.ts';
import { dummyPasswordHash, newToken, verifyPassword } from '../../platform/crypto.ts';
import { AppError, badRequest, forbidden, notFound, tooMany, unauthorized } from '../../platform/errors.ts';
import type { AppDeps, RequestContext } from '../../platform/http.ts';
import { sessionEnds } from '../../platform/session-events.ts';
import { identityAuth, localLoginAllowed } from '../identity/identity.policy.ts';
import { authRepository } from './auth.repository.ts';
import { ruleOf } from './auth.tenant-setup.ts';
import { accountKey, addressKey, loginThrottle } from './login-throttle.ts';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const secondsFromNow = (s: number) => nowIso(Date.now() + s * 1000);

/**
 * The absolute limits of a session (config SESSION_MAX_HOURS and REFRESH_MAX_DAYS): activity extends it at most
 * until `sessionEnd`, and no refresh token of its family is issued or taken after `refreshEnd`.
 */
export function sessionLimits(
  config: AppDeps['config'],
  createdAt: string,
): { sessionEnd: string; refreshEnd: string } {
  const start = Date.parse(createdAt);
  return {
    sessionEnd: nowIso(start + (config.sessionMaxSeconds ?? SESSION_MAX_SECONDS_DEFAULT) * 1000),
    refreshEnd: nowIso(start + (config.refreshMaxSeconds ?? REFRESH_MAX_SECONDS_DEFAULT) * 1000),
  };
}
const earliest = (a: string, b: string) => (a < b ? a : b);

export type Client = { ip: string; userAgent: string };

/**
 * grant_type=password: the address waits for its attempt slot, the account claims one of its checked attempts
 * (login-throttle.ts), then the password and demo mode are checked and a session opens.
 */
export async function loginWithPassword(
  deps: AppDeps,
  input: { tenantId: string; username: string; password: string },
  client: Client,
): Promise<TokenResult> {
  const throttle = loginThrottle(deps.db, { addressDelayMaxMs: deps.config.loginAddressDelayMaxMs });
  const byAccount = accountKey(input.tenantId, input.username);
  const byAddress = addressKey(client.ip);

  const wait = await throttle.reserveAddressSlot(byAddress);
  if (wait === null) throw tooMany(MESSAGES.loginBusy, MESSAGES_EN_US.loginBusy);
  if (wait > 0) await sleep(wait);
  const claim = await throttle.claimAccount(byAccount);
  if (!claim.allowed) throw tooMany(MESSAGES.accountLocked, MESSAGES_EN_US.accountLocked);

  const repo = authRepository(deps.db);
  const user = await repo.findUserByAccount(input.tenantId, input.username);
  const good = await verifyPassword(input.password, user?.password_hash ?? (await dummyPasswordHash()));
  if (!user || !good || user.status !== 1) {
    await Promise.all([throttle.accountFailed(byAccount, claim.attempt), throttle.addressFailed(byAddress)]);
    // Said only to whoever knows the password (as the identity provider's sign-in says it), and counted as a failure.
    if (user && good) throw forbidden(...IDENTITY_MESSAGES.accountDisabled);
    throw new AppError(400, MESSAGES.badCredentials, MESSAGES_EN_US.badCredentials);
  }
  if (user.is_demo === 1 && !deps.config.demo) throw forbidden(MESSAGES.demoDisabled);
  // A tenant that signs in through its identity provider may switch the password login off; administrators keep it
  // (break-glass), and so do demo accounts in demo mode (modules/identity, ADR 0023).
  if (
    user.role_type !== 'admin' &&
    !(user.is_demo === 1 && deps.config.demo) &&
    !(await localLoginAllowed(deps, user.tenant_id))
  ) {
    throw forbidden(...IDENTITY_MESSAGES.localLoginOff);
  }
  await throttle.clearAccount(byAccount);
  if (Math.random() < 0.02) void throttle.prune().catch(() => undefined);
  return (await openSession(deps, user, client)).token;
}

type SessionUser = {
  id: string;
  user_name: string;
  account: string;
  nick_name: string;
  tenant_id: string;
  role_id: string;
  role_name: string;
};

/**
 * Opens a portal session for a user whose identity is established (password checked, or the identity provider's
 * answer validated): access and refresh tokens, CAS-style ticket and TGT, the idle and absolute limits.
 * Every way of signing in ends here, so a session is the same whichever way it began.
 */
export async function openSession(
  deps: AppDeps,
  user: SessionUser,
  client: Client,
): Promise<{ token: TokenResult; sessionId: string; casTicket: string }> {
  const repo = authRepository(deps.db);
  // A tenant the operator disabled opens no session, whichever way its user signed in.
  if (!(await repo.tenant(user.tenant_id))) throw forbidden(MESSAGES.tenantDisabled, MESSAGES_EN_US.tenantDisabled);
  const access = newToken();
  const refresh = newToken();
  const ticket = newToken();
  const sessionId = await repo.createSession(
    user.tenant_id,
    {
      userId: user.id,
      accessHash: deps.hashToken(access),
      accessExpiresAt: secondsFromNow(ACCESS_TOKEN_TTL_SECONDS),
      casTicket: `ST-${ticket}`,
      tgt: `TGT-${newToken()}`,
      expiresAt: secondsFromNow(SESSION_IDLE_SECONDS),
      ip: client.ip,
      userAgent: client.userAgent,
    },
    {
      hash: deps.hashToken(refresh),
      expiresAt: earliest(secondsFromNow(REFRESH_TOKEN_TTL_SECONDS), sessionLimits(deps.config, nowIso()).refreshEnd),
    },
  );
  return { token: tokenResult(user, access, refresh), sessionId, casTicket: `ST-${ticket}` };
}

function tokenResult(
  user: {
    id: string;
    user_name: string;
    account: string;
    nick_name: string;
    tenant_id: string;
    role_id: string;
    role_name: string;
  },
  access: string,
  refresh: string,
): TokenResult {
  return {
    access_token: access,
    refresh_token: refresh,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    user_id: user.id,
    user_name: user.user_name,
    account: user.account,
    nick_name: user.nick_name,
    tenant_id: user.tenant_id,
    role_id: user.role_id,
    role_name: user.role_name,
  };
}

/**
 * The pair that replaces a refresh token, derived from it under a key of the server's secret. The same spent
 * token always yields the same successor, so within the reuse grace window the server can answer a repeated
 * refresh (a lost response, two tabs racing) with the pair it already issued, without keeping tokens in clear.
 */
function successorOf(secret: string, refreshToken: string): { access: string; refresh: string } {
  const key = createHmac('sha256', secret).update('portal refresh rotation v1').digest();
  const derive = (label: string) =>
    createHmac('sha256', key).update(`${label}\u0000${refreshToken}`).digest('base64url');
  return { access: derive('access'), refresh: derive('refresh') };
}

/**
 * grant_type=refresh_token: a refresh token is single-use. Presented again within REFRESH_REUSE_GRACE_SECONDS of
 * its rotation, while the pair it was rotated into is still the session's current pair, it answers with that
 * same pair; any other reuse ends its session (theft signal).
 */
export async function refreshTokens(
  deps: AppDeps,
  input: { refreshToken: string; tenantId: string | null },
): Promise<TokenResult> {
  const repo = authRepository(deps.db);
  const hash = deps.hashToken(input.refreshToken);
  const stored = await repo.refreshToken(hash);
  if (!stored) throw unauthorized(MESSAGES.invalidRefreshToken);
  if (input.tenantId && input.tenantId !== stored.tenant_id) throw forbidden(MESSAGES.wrongTenant);
  const session = await repo.sessionById(stored.tenant_id, stored.session_id);
  const now = nowIso();
  if (!session || session.revoked_at || session.expires_at <= now || stored.expires_at <= now) {
    throw unauthorized(MESSAGES.invalidRefreshToken);
  }
  // Past its absolute lifetime a session is not refreshed, however recently it was active.
  const limits = sessionLimits(deps.config, session.created_at);
  if (limits.sessionEnd <= now || limits.refreshEnd <= now) throw unauthorized(MESSAGES.invalidRefreshToken);
  const user = await repo.findUserById(session.tenant_id, session.user_id);
  if (!user || user.status !== 1 || user.tenant_status !== 1) throw unauthorized(MESSAGES.invalidRefreshToken);
  const next = successorOf(deps.config.tokenSecret, input.refreshToken);
  if (!stored.used_at) {
    const rotated = await repo.rotate(session.tenant_id, session.id, hash, {
      refreshHash: deps.hashToken(next.refresh),
      refreshExpiresAt: earliest(secondsFromNow(REFRESH_TOKEN_TTL_SECONDS), limits.refreshEnd),
      accessHash: deps.hashToken(next.access),
      accessExpiresAt: secondsFromNow(ACCESS_TOKEN_TTL_SECONDS),
    });
    if (rotated) return tokenResult(user, next.access, next.refresh);
  }
  // Spent already (just now by a parallel call, or earlier): the same pair again if within grace, else theft.
  if (await withinReuseGrace(deps, session.tenant_id, session.id, hash, next))
    return tokenResult(user, next.access, next.refresh);
  await endSession(deps, session);
  throw unauthorized(MESSAGES.invalidRefreshToken);
}

async function withinReuseGrace(
  deps: AppDeps,
  tenantId: string,
  sessionId: string,
  hash: string,
  next: { access: string; refresh: string },
): Promise<boolean> {
  const repo = authRepository(deps.db);
  const [spent, successor, session] = await Promise.all([
    repo.refreshToken(hash),
    repo.refreshToken(deps.hashToken(next.refresh)),
    repo.sessionById(tenantId, sessionId),
  ]);
  const graceStart = nowIso(Date.now() - REFRESH_REUSE_GRACE_SECONDS * 1000);
  return Boolean(
    spent?.used_at &&
    spent.used_at > graceStart &&
    successor &&
    successor.session_id === sessionId &&
    !successor.used_at &&
    session &&
    !session.revoked_at &&
    session.access_token_hash === deps.hashToken(next.access),
  );
}

/**
 * blade-user/user/unlock: an administrator ends the login lock of users of their own tenant (ids of other
 * tenants are not found). Answers with the ids that were found.
 */
export async function unlockUsers(deps: AppDeps, ctx: RequestContext, userIds: string): Promise<UnlockUsersResult> {
  if (ctx.roleType !== 'admin') throw forbidden(MESSAGES.forbidden, 'administrator only');
  const ids = [
    ...new Set(
      userIds
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length === 0 || ids.length > 100 || ids.some((id) => id.length > 64))
    throw badRequest(MESSAGES.badRequest, 'userIds');
  const users = await authRepository(deps.db).usersByIds(ctx.tenantId, ids);
  // All or nothing, as a deletion is: an id of no user of this tenant (another tenant's, or none) refuses the call.
  if (users.length !== ids.length) {
    const found = new Set(users.map((u) => u.id));
    throw notFound(MESSAGES.notFound, `userIds ${ids.filter((id) => !found.has(id)).join(',')}`.slice(0, 200));
  }
  await loginThrottle(deps.db).unlockAccounts(users.map((u) => accountKey(ctx.tenantId, u.account)));
  return { unlocked: users.map((u) => u.id) };
}

/** The configuration menus of a role, in the order of the product's menu list. */
export async function configurationMenu(deps: AppDeps, tenantId: string, roleId: string) {
  const names = new Set(await authRepository(deps.db).menuNames(tenantId, roleId));
  return CONFIGURATION_MENUS.filter((m) => names.has(m.name)).map((m) => ({ ...m }));
}

/** Whether the user's role holds a configuration menu (for scoping data; routes declare `config.menu` instead). */
export async function holdsMenu(deps: AppDeps, ctx: RequestContext, menuName: string): Promise<boolean> {
  return (await authRepository(deps.db).menuNames(ctx.tenantId, ctx.roleId)).includes(menuName);
}

/**
 * Refuses the call unless the user's role holds the configuration menu. Routes declare their menu in
 * `config.menu` (checked by one hook, platform/auth.ts); this is left for checks that depend on stored data
 * (the transfer data sets, the catalogue import).
 */
export async function requireMenu(deps: AppDeps, ctx: RequestContext, menuName: string): Promise<void> {
  const names = await authRepository(deps.db).menuNames(ctx.tenantId, ctx.roleId);
  if (!names.includes(menuName)) throw forbidden(MESSAGES.forbidden, `configurationMenu ${menuName}`);
}

export async function userInfo(deps: AppDeps, ctx: RequestContext): Promise<UserInfo> {
  const user = await authRepository(deps.db).findUserById(ctx.tenantId, ctx.userId);
  if (!user) throw unauthorized();
  return {
    user_id: user.id,
    user_name: user.user_name,
    account: user.account,
    nick_name: user.nick_name,
    tenant_id: user.tenant_id,
    tenant_name: user.tenant_name,
    roleId: user.role_id,
    roleType: user.role_type,
    roleName: user.role_name,
    configurationMenu: await configurationMenu(deps, ctx.tenantId, user.role_id),
    timeZone: user.time_zone,
  };
}

async function sessionData(deps: AppDeps, tenantId: string, sessionId: string): Promise<SessionData> {
  const repo = authRepository(deps.db);
  const [row, config] = await Promise.all([repo.sessionById(tenantId, sessionId), repo.loginConfig(tenantId)]);
  const session = bounded(deps.config, row);
  if (!session) throw unauthorized();
  return {
    expireTime: Date.parse(session.expires_at),
    tgt: session.tgt,
    casTicket: session.cas_ticket,
    outLogTip: config?.out_log_tip ?? '',
  };
}

/** auth/auth/init: the login config of the tenant and the session of the caller. */
export async function loginInit(deps: AppDeps, ctx: RequestContext): Promise<LoginInit> {
  const config = await authRepository(deps.db).loginConfig(ctx.tenantId);
  if (!config) throw notFound(MESSAGES.loginConfigFailed);
  return {
    eduSystemManageIdentityAuth: await identityAuth(deps, ctx.tenantId, config),
    session: await sessionData(deps, ctx.tenantId, ctx.sessionId),
  };
}

/** auth/tokenLogin: the page was handed tokens (single sign-on); answer with who they belong to. */
export async function tokenLogin(deps: AppDeps, accessToken: string | null, refreshToken: string | null) {
  const repo = authRepository(deps.db);
  const now = nowIso();
  let access = accessToken;
  let refresh = refreshToken ?? '';
  let session = access ? await repo.sessionByAccessHash(deps.hashToken(access)) : undefined;
  const usable =
    session &&
    !session.revoked_at &&
    session.expires_at > now &&
    session.access_expires_at > now &&
    sessionLimits(deps.config, session.created_at).sessionEnd > now;
  if (!usable) {
    if (!refreshToken) throw unauthorized(MESSAGES.sessionError);
    const renewed = await refreshTokens(deps, { refreshToken, tenantId: null });
    access = renewed.access_token;
    refresh = renewed.refresh_token;
    session = await repo.sessionByAccessHash(deps.hashToken(access));
  }
  if (!session || !access) throw unauthorized(MESSAGES.sessionError);
  const user = await repo.findUserById(session.tenant_id, session.user_id);
  if (!user || user.status !== 1 || user.tenant_status !== 1) throw unauthorized(MESSAGES.sessionError);
  const ctx: RequestContext = {
    tenantId: user.tenant_id,
    userId: user.id,
    account: user.account,
    userName: user.user_name,
    nickName: user.nick_name,
    roleId: user.role_id,
    roleType: user.role_type,
    sessionId: session.id,
  };
  return {
    user: await userInfo(deps, ctx),
    token: tokenResult(user, access, refresh),
    session: await sessionData(deps, user.tenant_id, session.id),
  };
}

/** auth/loginOut: ends the session of the token, and its refresh tokens. Unknown tokens are ignored. */
export async function logout(deps: AppDeps, accessToken: string | null): Promise<void> {
  if (!accessToken) return;
  const repo = authRepository(deps.db);
  const session = await repo.sessionByAccessHash(deps.hashToken(accessToken));
  if (session) await endSession(deps, session);
}

/** Revokes a session and its refresh tokens, and tells what rides on it (chat sockets on every node) to stop. */
export async function endSession(
  deps: AppDeps,
  session: { tenant_id: string; user_id: string; id: string },
): Promise<void> {
  await authRepository(deps.db).revokeSession(session.tenant_id, session.id);
  sessionEnds.emit(deps, { tenantId: session.tenant_id, userId: session.user_id, sessionId: session.id });
}

function validTime(
  session: { cas_ticket: string; expires_at: string; revoked_at: string | null } | undefined,
  casTicket: string,
): SessionValidTime {
  if (!session || session.revoked_at) return { casTicket, validTime: 0, expireTime: 0 };
  const expireTime = Date.parse(session.expires_at);
  return { casTicket, validTime: Math.max(0, Math.floor((expireTime - Date.now()) / 1000)), expireTime };
}

/** A session row with its end brought forward to its absolute limit (rows written before the limit existed). */
function bounded<T extends { expires_at: string; created_at: string }>(
  config: AppDeps['config'],
  session: T | undefined,
): T | undefined {
  return (
    session && {
      ...session,
      expires_at: earliest(session.expires_at, sessionLimits(config, session.created_at).sessionEnd),
    }
  );
}

export async function getSessionValidTime(deps: AppDeps, casTicket: string): Promise<SessionValidTime> {
  return validTime(bounded(deps.config, await authRepository(deps.db).sessionByTicket(casTicket)), casTicket);
}

/**
 * Extends a live session by the idle lifetime, but never past its absolute limit (SESSION_MAX_HOURS after
 * login); an ended session stays ended.
 */
export async function updateSessionValidTime(deps: AppDeps, casTicket: string): Promise<SessionValidTime> {
  const repo = authRepository(deps.db);
  const session = bounded(deps.config, await repo.sessionByTicket(casTicket));
  if (!session || session.revoked_at || session.expires_at <= nowIso()) return validTime(undefined, casTicket);
  const expiresAt = earliest(
    secondsFromNow(SESSION_IDLE_SECONDS),
    sessionLimits(deps.config, session.created_at).sessionEnd,
  );
  if (expiresAt <= session.expires_at) return validTime(session, casTicket);
  await repo.updateSession(session.tenant_id, session.id, { expires_at: expiresAt });
  return validTime({ ...session, expires_at: expiresAt }, casTicket);
}

export async function removeSessionValidTime(deps: AppDeps, casTicket: string): Promise<SessionValidTime> {
  const repo = authRepository(deps.db);
  const session = await repo.sessionByTicket(casTicket);
  if (session) await endSession(deps, session);
  return validTime(undefined, casTicket);
}

export async function passwordConfig(deps: AppDeps, tenantId: string): Promise<PasswordConfig> {
  const c = await authRepository(deps.db).passwordConfig(tenantId);
  if (!c) throw notFound();
  return { ...ruleOf(c), expireDays: c.expire_days };
}

export async function passwordReg(deps: AppDeps, tenantId: string): Promise<PasswordReg> {
  const { regex, message } = await passwordConfig(deps, tenantId);
  return { regex, message };
}

export async function roleList(deps: AppDeps, tenantId: string): Promise<RoleItem[]> {
  const rows = await authRepository(deps.db).roles(tenantId);
  return rows.map((r) => ({ id: r.id, roleName: r.role_name, roleAlias: r.role_alias, roleType: r.role_type }));
}

/** Checks the OAuth client's basic-auth header (BladeX style) in constant time. */
export function checkClient(deps: AppDeps, header: string | undefined): void {
  const m = /^basic\s+(\S+)$/i.exec(header ?? '');
  const decoded = m ? Buffer.from(m[1]!, 'base64').toString('utf8') : '';
  const expected = `${deps.config.clientId}:${deps.config.clientSecret}`;
  const a = Buffer.from(decoded);
  const b = Buffer.from(expected);
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw unauthorized(MESSAGES.invalidClient);
}

/** A tenant as its pages and files name it (404 for one that does not exist). */
export async function tenantOfId(
  deps: AppDeps,
  tenantId: string,
): Promise<{ tenantId: string; tenantName: string; timeZone: string }> {
  const tenant = await authRepository(deps.db).tenant(tenantId);
  if (!tenant) throw notFound(MESSAGES.unknownTenant);
  return { tenantId: tenant.tenant_id, tenantName: tenant.tenant_name, timeZone: tenant.time_zone };
}

/** What the login page shows of a tenant (nobody/tenant/detail, and /login's painted data). */
export async function tenantDetail(deps: AppDeps, tenantId: string): Promise<TenantDetail> {
  const tenant = await tenantOfId(deps, tenantId);
  return {
    ...tenant,
    // The login page's demo hint names the demo accounts: only where they are, and only when they may log in (a
    // school's tenant beside the demo one, in demo mode, showed it too).
    demo: deps.config.demo && (await authRepository(deps.db).hasDemoAccounts(tenantId)),
  };
}

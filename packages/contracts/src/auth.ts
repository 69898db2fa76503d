import './zod-setup.ts';
import { z } from 'zod';
import { TenantId } from './envelope.ts';

/** POST /api/blade-auth/oauth/token — form or query fields. */
export const TokenRequest = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('password'),
    tenantId: TenantId,
    username: z.string().trim().min(1, '请输入账号').max(64),
    password: z.string().min(1, '请输入密码').max(128),
    scope: z.string().optional(),
  }),
  z.object({
    grant_type: z.literal('refresh_token'),
    tenantId: TenantId.optional(),
    /** Absent: the HttpOnly refresh cookie (REFRESH_COOKIE) is the refresh token. */
    refresh_token: z.string().min(1).max(256).optional(),
    scope: z.string().optional(),
  }),
]);
export type TokenRequest = z.infer<typeof TokenRequest>;

export { REFRESH_COOKIE, REFRESH_COOKIE_HEADER, REFRESH_COOKIE_PATH } from './constants.ts';

/** Section 3, user info, plus token metadata. */
export const TokenResult = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  user_id: z.string(),
  user_name: z.string(),
  account: z.string(),
  nick_name: z.string(),
  tenant_id: z.string(),
  role_id: z.string(),
  role_name: z.string(),
});
export type TokenResult = z.infer<typeof TokenResult>;

export const ConfigurationMenu = z.object({ name: z.string(), path: z.string(), title: z.string() });
export type ConfigurationMenu = z.infer<typeof ConfigurationMenu>;

/** GET /api/blade-user/user/getUserInfo */
export const UserInfo = z.object({
  user_id: z.string(),
  user_name: z.string(),
  account: z.string(),
  nick_name: z.string(),
  tenant_id: z.string(),
  tenant_name: z.string(),
  roleId: z.string(),
  roleType: z.string(),
  roleName: z.string(),
  configurationMenu: z.array(ConfigurationMenu),
  /** The tenant's time zone (IANA name): the web shows dates and days in it, not the browser's. */
  timeZone: z.string().optional(),
});
export type UserInfo = z.infer<typeof UserInfo>;

/** Section 3, "Login config: eduSystemManageIdentityAuth (status, isSelfCas)". */
export const LoginConfig = z.object({
  eduSystemManageIdentityAuth: z.object({ status: z.number().int(), isSelfCas: z.number().int() }),
});
export type LoginConfig = z.infer<typeof LoginConfig>;

/** Section 3, "Session data: expireTime, tgt, outLogTip, casTicket". expireTime is epoch milliseconds. */
export const SessionData = z.object({
  expireTime: z.number().int(),
  tgt: z.string(),
  outLogTip: z.string(),
  casTicket: z.string(),
});
export type SessionData = z.infer<typeof SessionData>;

/** POST auth/auth/init: login config and session data for the logged-in user. */
export const LoginInit = LoginConfig.extend({ session: SessionData });
export type LoginInit = z.infer<typeof LoginInit>;

/** POST auth/tokenLogin: user info, tokens and session for the access-token header. */
export const TokenLoginResult = z.object({ user: UserInfo, token: TokenResult, session: SessionData });
export type TokenLoginResult = z.infer<typeof TokenLoginResult>;

/** POST nobody/cas/getSessionValidTime | updateSessionValidTime | removeSessionValidTime */
export const CasTicketRequest = z.object({ casTicket: z.string().min(1).max(128) });

/** blade-user/user/unlock (administrator): the ids of the users to unlock, comma-separated (BladeX style). */
export const UnlockUsersRequest = z.object({ userIds: z.string().trim().min(1).max(4000) });
export const UnlockUsersResult = z.object({ unlocked: z.array(z.string()) });
export type UnlockUsersResult = z.infer<typeof UnlockUsersResult>;
export const SessionValidTime = z.object({
  casTicket: z.string(),
  /** Seconds left; 0 when expired or unknown. */
  validTime: z.number().int(),
  expireTime: z.number().int(),
});
export type SessionValidTime = z.infer<typeof SessionValidTime>;

/** POST eduSystemManagePwdConfig/getPasswordReg */
export const PasswordReg = z.object({ regex: z.string(), message: z.string() });
export type PasswordReg = z.infer<typeof PasswordReg>;
/** POST eduSystemManagePwdConfig/detail */
export const PasswordConfig = PasswordReg.extend({
  minLength: z.number().int(),
  maxLength: z.number().int(),
  requireLetter: z.boolean(),
  requireDigit: z.boolean(),
  requireSymbol: z.boolean(),
  expireDays: z.number().int(),
});
export type PasswordConfig = z.infer<typeof PasswordConfig>;

/** GET baseService/getRoleList */
export const RoleItem = z.object({ id: z.string(), roleName: z.string(), roleAlias: z.string(), roleType: z.string() });
export type RoleItem = z.infer<typeof RoleItem>;

/** GET nobody/tenant/detail: what the login page shows of a tenant. */
export const TenantDetail = z.object({
  tenantId: z.string(),
  tenantName: z.string(),
  demo: z.boolean(),
  /** The tenant's time zone (IANA name). */
  timeZone: z.string().optional(),
});
export type TenantDetail = z.infer<typeof TenantDetail>;

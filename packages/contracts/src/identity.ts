import './zod-setup.ts';
import { z } from 'zod';
import { LoginConfig, type TenantDetail } from './auth.ts';

/**
 * Signing in with the university's identity provider (issue 17; ADR 0022 for the three calls of 7.3 that lead
 * there, ADR 0023 for the identity module). One provider per tenant: OpenID Connect, CAS or LDAP.
 */

export const IDENTITY_TYPES = ['oidc', 'cas', 'ldap'] as const;
export const IdentityType = z.enum(IDENTITY_TYPES);
export type IdentityType = z.infer<typeof IdentityType>;

/** The name of the configuration menu of the provider page (configurationMenu entry, spec 2.2 and 6). */
export const IDENTITY_CONFIG_MENU = 'identityProviderConfig';

/** A sign-in request lives this long between leaving for the provider and coming back. */
export const IDENTITY_REQUEST_TTL_SECONDS = 600;
/** Clock skew tolerated on tokens and tickets from the provider. */
export const IDENTITY_CLOCK_SKEW_SECONDS = 60;
/** LDAP: a connection, bind or search taking longer than this fails the login. */
export const LDAP_TIMEOUT_MS_DEFAULT = 5000;

import { IDENTITY_MESSAGES } from './identity-messages.ts';

export { IDENTITY_MESSAGES };

/** How an attribute or claim of the provider becomes a field of the portal account. */
export const AttributeMapping = z.object({
  /** '' takes the provider's own id: the OIDC sub, the CAS user, the LDAP account typed. */
  account: z.string().trim().max(100).default('preferred_username'),
  name: z.string().trim().min(1).max(100).default('name'),
  department: z.string().trim().max(100).default(''),
  role: z.string().trim().max(100).default(''),
});
export type AttributeMapping = z.infer<typeof AttributeMapping>;

/** A value of the role claim or group (such as 'staff' or an LDAP group DN) → the portal role's alias. */
export const RoleMappingEntry = z.object({
  value: z.string().trim().min(1).max(300),
  roleAlias: z.string().trim().min(1).max(100),
});
export type RoleMappingEntry = z.infer<typeof RoleMappingEntry>;

const HttpUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password && !u.hash;
    } catch {
      return false;
    }
  }, '请输入 http(s) 地址');

const LdapUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^ldaps?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?\/?$/, '请输入 ldap:// 或 ldaps:// 地址');

export const OidcSettings = z.object({
  issuer: HttpUrl,
  clientId: z.string().trim().min(1).max(200),
  scopes: z
    .string()
    .trim()
    .max(300)
    .regex(/^[\x21-\x7e ]*$/)
    .default('openid profile email'),
});
export const CasSettings = z.object({
  /** The CAS server's base URL, such as https://cas.example.edu/cas (login, serviceValidate and logout below it). */
  serverUrl: HttpUrl,
  version: z.enum(['2.0', '3.0']).default('3.0'),
});
export const LdapSettings = z.object({
  url: LdapUrl,
  bindDn: z.string().trim().max(300).default(''),
  searchBase: z.string().trim().min(1).max(300),
  /** {{username}} is replaced by the escaped account the user typed. */
  filter: z.string().trim().min(1).max(300).default('(uid={{username}})'),
  /** The attribute listing the groups of a person (memberOf), matched against the role mapping's values. */
  groupAttribute: z.string().trim().max(100).default('memberOf'),
  /** Where groups (groupOfNames, groupOfUniqueNames) listing the person are searched; '' = the search base. */
  groupSearchBase: z.string().trim().max(300).default(''),
  startTls: z.boolean().default(false),
  timeoutMs: z.number().int().min(500).max(30_000).default(5000),
});

const Common = {
  name: z
    .string({ error: IDENTITY_MESSAGES.providerNameRequired[0] })
    .trim()
    .min(1, IDENTITY_MESSAGES.providerNameRequired[0])
    .max(100),
  enabled: z.boolean().default(true),
  /** false: the password login is off for this tenant except for administrators (break-glass). */
  localLogin: z.boolean().default(true),
  mapping: AttributeMapping.default({ account: 'preferred_username', name: 'name', department: '', role: '' }),
  roleMapping: z.array(RoleMappingEntry).max(50).default([]),
  /** The role alias of a provisioned account no mapping matched. */
  defaultRoleAlias: z.string().trim().min(1).max(100).default('student'),
};

/**
 * POST identity/provider/submit (administrator). `secret` is write-only: left out or '' keeps the stored one.
 */
export const IdentityProviderSubmit = z.discriminatedUnion('type', [
  z.object({ type: z.literal('oidc'), ...Common, settings: OidcSettings, secret: z.string().max(500).optional() }),
  z.object({ type: z.literal('cas'), ...Common, settings: CasSettings, secret: z.string().max(0).optional() }),
  z.object({ type: z.literal('ldap'), ...Common, settings: LdapSettings, secret: z.string().max(500).optional() }),
]);
export type IdentityProviderSubmit = z.infer<typeof IdentityProviderSubmit>;

/** POST identity/provider/detail: the provider as the page shows it; the secret never leaves the server. */
export const IdentityProviderDetail = z.object({
  configured: z.boolean(),
  type: IdentityType.nullable(),
  name: z.string(),
  enabled: z.boolean(),
  localLogin: z.boolean(),
  mapping: AttributeMapping,
  roleMapping: z.array(RoleMappingEntry),
  defaultRoleAlias: z.string(),
  settings: z.record(z.string(), z.unknown()),
  /** Whether a secret is stored (its value is never returned). */
  hasSecret: z.boolean(),
  /** The redirect URI to register at the provider (PUBLIC_URL + callback path). */
  redirectUri: z.string(),
  /** The CAS service URL / OIDC post-logout URI to register. */
  serviceUrl: z.string(),
  /** OIDC: the back-channel logout URI to register (backchannel_logout_uri); '' for the others. */
  backchannelLogoutUri: z.string(),
  updatedAt: z.string().nullable(),
});
export type IdentityProviderDetail = z.infer<typeof IdentityProviderDetail>;

// ------------------------------------------------------------------ the three calls of 7.3 (ADR 0022)

/** POST auth/auth/modelLogin: the login mode of a tenant (no token; the login page and the re-login dialog ask). */
export const ModelLoginRequest = z.object({ tenantId: z.string().optional() });
export const LoginMode = LoginConfig.extend({
  tenantId: z.string(),
  /** Whether the password form is offered (off when the tenant switched it off; administrators keep it). */
  localLogin: z.boolean(),
  /** The school's sign-in, or null when the tenant has none. */
  provider: z.object({ type: IdentityType, name: z.string() }).nullable(),
});
export type LoginMode = z.infer<typeof LoginMode>;
/**
 * What `/login`'s page carries (ADR 0061): the answers of nobody/tenant/detail and auth/auth/modelLogin for the tenant
 * the page opens with, as those calls encode them.
 */
export type LoginPageData = { tenantId: string; detail: TenantDetail; mode: LoginMode };

/** A return path inside the portal: one leading slash, no scheme, host, backslash or control characters. */
export const ReturnPath = z.string().max(2000);

/** POST auth/getAddress: where the browser goes to sign in (and to sign out at the provider). */
export const GetAddressRequest = z.object({ tenantId: z.string().optional(), redirect: ReturnPath.optional() });
export const LoginAddress = z.object({
  type: z.enum(['local', ...IDENTITY_TYPES]),
  /** The portal URL that starts the sign-in (it sends on to the provider), or the login page for 'local' and 'ldap'. */
  loginUrl: z.string(),
  /** The provider's logout address, when it has one. */
  logoutUrl: z.string().nullable(),
});
export type LoginAddress = z.infer<typeof LoginAddress>;

/** POST serviceItem/getMpList: the public accounts of the caller's tenant (optionally of one mpType or name). */
export const MpListRequest = z.object({
  mpType: z.coerce.number().int().min(0).max(999).optional(),
  keyword: z.string().trim().max(64).optional(),
});
export const MpListItem = z.object({
  id: z.string(),
  name: z.string(),
  mpType: z.number().int(),
  avatar: z.string(),
  intro: z.string(),
});
export type MpListItem = z.infer<typeof MpListItem>;

/** POST /api/blade-auth/identity/ldap/login: account and password checked against the school's directory. */
export const LdapLoginRequest = z.object({
  tenantId: z.string().optional(),
  username: z.string().trim().min(1, '请输入账号').max(64),
  password: z.string().min(1, '请输入密码').max(128),
});

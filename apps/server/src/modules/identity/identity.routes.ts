import { TokenResult } from '@portal/contracts/auth';
import { envelope, TenantId } from '@portal/contracts/envelope';
import { MESSAGES } from '@portal/contracts/errors';
import {
  GetAddressRequest,
  IDENTITY_CONFIG_MENU,
  IDENTITY_MESSAGES,
  IDENTITY_REQUEST_TTL_SECONDS,
  IdentityProviderDetail,
  IdentityProviderSubmit,
  LdapLoginRequest,
  LoginAddress,
  LoginMode,
  ModelLoginRequest,
  MpListItem,
  MpListRequest,
  type IdentityType,
} from '@portal/contracts/identity';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { GROUPS, tenantOf, typed, userOf, type App } from '../../platform/http.ts';
import { directory } from '../auth/auth.directory.ts';
import { mpList } from '../chat/public-accounts.ts';
import { casSignIn, casSingleLogout } from './identity.cas.ts';
import { ldapSignIn as ldapDirectory } from './identity.ldap.ts';
import { oidcSignIn } from './identity.oidc.ts';
import { limitOf } from '../../platform/rate-limit.ts';
import {
  BROWSER_COOKIE,
  BROWSER_COOKIE_PATH,
  IDENTITY_PATHS,
  endProviderSessions,
  providerLogout,
  exchangeHandoff,
  finishSignIn,
  ldapSignIn,
  loginAddress,
  loginMode,
  providerDetail,
  publicBase,
  startSignIn,
  submitProvider,
  type ExternalSignIn,
} from './identity.service.ts';

const tags = ['identity'];

/** The browser-binding cookie of a sign-in under way, read from the Cookie header. */
function browserCookie(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === BROWSER_COOKIE) return v.join('=') || undefined;
  }
  return undefined;
}

function setBrowserCookie(reply: FastifyReply, value: string, secure: boolean, maxAge = IDENTITY_REQUEST_TTL_SECONDS) {
  reply.header(
    'set-cookie',
    `${BROWSER_COOKIE}=${value}; Path=${BROWSER_COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
  );
}

/** Where a browser sign-in ends on failure: the login page, with the reason as a key the page translates. */
function loginPageWithError(base: string, tenantId: string, err: unknown): string {
  const key =
    err instanceof AppError
      ? (Object.entries(IDENTITY_MESSAGES).find(([, [zh]]) => zh === err.message)?.[0] ?? 'providerFailed')
      : 'providerFailed';
  return `${base}/login?${new URLSearchParams({ tenantId, ssoError: key })}`;
}

/**
 * Section 7.3's last calls (auth/auth/modelLogin, auth/getAddress, serviceItem/getMpList; ADR 0022) and the
 * identity module: signing in with the school's OpenID Connect, CAS or LDAP (ADR 0023).
 */
export async function identityRoutes(app: App): Promise<void> {
  const r = typed(app);
  const { deps } = app;
  const providers: Record<IdentityType, ExternalSignIn> = {
    oidc: oidcSignIn(deps),
    cas: casSignIn(deps),
    ldap: ldapDirectory(deps),
  };
  const baseOf = (request: FastifyRequest) => publicBase(deps, { protocol: request.protocol, host: request.host });
  /**
   * Where the portal sends the browser back to its own pages: PUBLIC_URL, else a relative address. The request's Host
   * builds only what must be absolute (the provider's redirect URI, which the provider checks against the one
   * registered); a Location built from it sent the browser, with its one-time sign-in code, to whatever host a
   * proxy or cache let the request name.
   */
  const pages = deps.config.publicUrl ?? '';
  const clientOf = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });

  // ------------------------------------------------------------------ 7.3
  r.post(
    `${GROUPS.workbench}/auth/auth/modelLogin`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          "The tenant's login mode: password form, school sign-in (OIDC, CAS, LDAP) or both (login page, re-login dialog)",
        body: ModelLoginRequest.nullish(),
        response: { 200: envelope(LoginMode) },
      },
    },
    async (request) => ok(await loginMode(deps, tenantOf(request))),
  );

  r.post(
    `${GROUPS.workbench}/auth/getAddress`,
    {
      config: { access: 'optional' },
      schema: {
        tags,
        summary:
          'Where the browser goes to sign in (and, with a token, to sign out at the provider); the return path is checked',
        body: GetAddressRequest.nullish(),
        response: { 200: envelope(LoginAddress) },
      },
    },
    async (request) =>
      ok(
        await loginAddress(
          deps,
          tenantOf(request),
          { redirect: request.body?.redirect, ctx: request.ctx, base: baseOf(request) },
          providers,
        ),
      ),
  );

  r.post(
    `${GROUPS.workbench}/serviceItem/getMpList`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "Public accounts of the caller's tenant (optionally one mpType or a name)",
        body: MpListRequest.nullish(),
        response: { 200: envelope(z.array(MpListItem)) },
      },
    },
    async (request) => ok(await mpList(deps, userOf(request), request.body ?? {})),
  );

  // ------------------------------------------------------------------ browser sign-in (OIDC, CAS)
  /** A visitor's sign-in step: limited per address, generously (a campus behind one NAT signs in through it). */
  const signInStep = { rateLimit: limitOf('signIn') };
  r.get(
    IDENTITY_PATHS.start,
    {
      config: signInStep,
      schema: {
        tags,
        summary: "Start signing in at the tenant's provider: 302 to its login page",
        querystring: z.object({ tenantId: z.string(), redirect: z.string().max(2000).optional() }),
      },
    },
    async (request, reply) => {
      const tenantId = tenantOf(request);
      const base = baseOf(request);
      try {
        const { location, browserValue } = await startSignIn(
          deps,
          tenantId,
          { redirect: request.query.redirect, base },
          providers,
        );
        setBrowserCookie(reply, browserValue, base.startsWith('https:'));
        return reply.header('cache-control', 'no-store').redirect(location, 302);
      } catch (err) {
        request.log.warn({ err }, 'identity: sign-in not started');
        return reply.redirect(loginPageWithError(pages, tenantId, err), 302);
      }
    },
  );

  /** The tenant of a callback, from its path (the redirect URI carries no query of its own); null when unknown. */
  const pathTenant = async (request: { params: unknown }) => {
    const parsed = TenantId.safeParse((request.params as { tenantId?: unknown } | undefined)?.tenantId);
    if (!parsed.success) return null;
    return (await directory.tenant(deps.db, parsed.data))?.tenant_id ?? null;
  };

  const finish = async (
    request: FastifyRequest<{ Querystring: { state?: string | undefined } }>,
    reply: FastifyReply,
  ) => {
    const base = baseOf(request);
    const tenantId = await pathTenant(request);
    if (!tenantId)
      return reply
        .header('cache-control', 'no-store')
        .redirect(`${pages}/login?${new URLSearchParams({ ssoError: 'requestInvalid' })}`, 302);
    try {
      if (!request.query.state) throw new AppError(400, IDENTITY_MESSAGES.requestInvalid[0]);
      const { handoff, returnTo } = await finishSignIn(
        deps,
        tenantId,
        {
          state: request.query.state,
          browserValue: browserCookie(request),
          currentUrl: new URL(`${base}${request.url}`),
          base,
        },
        providers,
      );
      return reply
        .header('cache-control', 'no-store')
        .redirect(`${pages}/login?${new URLSearchParams({ tenantId, sso: handoff, redirect: returnTo })}`, 302);
    } catch (err) {
      request.log.warn({ err, cause: (err as { cause?: unknown }).cause }, 'identity: sign-in refused');
      return reply.header('cache-control', 'no-store').redirect(loginPageWithError(pages, tenantId, err), 302);
    }
  };
  const CallbackQuery = z.object({ state: z.string().max(200).optional() }).passthrough();
  const CallbackParams = z.object({ tenantId: z.string().max(64) });
  r.get(
    `${IDENTITY_PATHS.oidcCallback}/:tenantId`,
    {
      config: signInStep,
      schema: {
        tags,
        summary: 'OpenID Connect redirect URI: the code is exchanged, the ID token checked, then back to the portal',
        params: CallbackParams,
        querystring: CallbackQuery,
      },
    },
    finish,
  );
  r.get(
    `${IDENTITY_PATHS.casCallback}/:tenantId`,
    {
      config: signInStep,
      schema: {
        tags,
        summary: 'CAS service URL: the service ticket is validated, then back to the portal',
        params: CallbackParams,
        querystring: CallbackQuery,
      },
    },
    finish,
  );
  // CAS single logout: the CAS server posts a SAML LogoutRequest naming the service ticket to the service URL.
  r.post(
    `${IDENTITY_PATHS.casCallback}/:tenantId`,
    {
      schema: {
        tags,
        summary: 'CAS single logout (back channel): ends the portal session of the named service ticket',
        params: CallbackParams,
        querystring: CallbackQuery,
        body: z.object({ logoutRequest: z.string().max(20_000) }),
      },
    },
    async (request) => {
      const tenantId = await pathTenant(request);
      if (!tenantId) throw new AppError(400, MESSAGES.unknownTenant);
      const ticket = casSingleLogout(request.body.logoutRequest);
      const ended = ticket ? await endProviderSessions(deps, tenantId, 'cas', ticket) : 0;
      return ok({ ended });
    },
  );
  // OpenID Connect Back-Channel Logout: the provider posts a signed logout token naming its session (sid) or the person.
  r.post(
    `${IDENTITY_PATHS.oidcBackchannel}/:tenantId`,
    {
      schema: {
        tags,
        summary:
          'OpenID Connect back-channel logout: a logout token from the provider ends the portal sessions it names',
        params: CallbackParams,
        body: z.object({ logout_token: z.string().min(1).max(8000) }),
      },
    },
    async (request, reply) => {
      const tenantId = await pathTenant(request);
      if (!tenantId) throw new AppError(400, MESSAGES.unknownTenant);
      const ended = await providerLogout(deps, tenantId, 'oidc', request.body.logout_token, providers);
      reply.header('cache-control', 'no-store');
      return ok({ ended });
    },
  );

  r.post(
    IDENTITY_PATHS.exchange,
    {
      config: signInStep,
      schema: {
        tags,
        summary:
          'The login page exchanges the one-time code of a finished sign-in (same browser) for the portal tokens',
        body: z.object({ tenantId: z.string().optional(), code: z.string().min(1).max(200) }),
        response: { 200: envelope(TokenResult.extend({ redirect: z.string() })) },
      },
    },
    async (request, reply) => {
      const result = await exchangeHandoff(
        deps,
        tenantOf(request),
        { code: request.body.code, browserValue: browserCookie(request) },
        clientOf(request),
      );
      setBrowserCookie(reply, '', baseOf(request).startsWith('https:'), 0);
      return ok(result);
    },
  );

  r.post(
    IDENTITY_PATHS.ldapLogin,
    {
      config: signInStep,
      schema: {
        tags,
        summary: "Sign in with the account and password of the school's directory (LDAP search, then bind)",
        body: LdapLoginRequest,
        response: { 200: envelope(TokenResult) },
      },
    },
    async (request) => ok(await ldapSignIn(deps, tenantOf(request), request.body, clientOf(request), providers)),
  );

  // ------------------------------------------------------------------ administrator configuration
  r.post(
    `${GROUPS.workbench}/identity/provider/detail`,
    {
      config: { menu: IDENTITY_CONFIG_MENU },
      schema: {
        tags,
        summary: "The tenant's identity provider (the secret is never returned)",
        response: { 200: envelope(IdentityProviderDetail) },
      },
    },
    async (request) => ok(await providerDetail(deps, userOf(request), baseOf(request))),
  );
  r.post(
    `${GROUPS.workbench}/identity/provider/submit`,
    {
      config: { menu: IDENTITY_CONFIG_MENU },
      schema: {
        tags,
        summary: "Save the tenant's identity provider (secret write-only: left out keeps the stored one)",
        body: IdentityProviderSubmit,
        response: { 200: envelope(IdentityProviderDetail) },
      },
    },
    async (request) => {
      await submitProvider(deps, userOf(request), request.body);
      return ok(await providerDetail(deps, userOf(request), baseOf(request)));
    },
  );
}

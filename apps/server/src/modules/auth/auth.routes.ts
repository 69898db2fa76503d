import {
  CasTicketRequest,
  LoginInit,
  PasswordConfig,
  PasswordReg,
  RoleItem,
  SessionValidTime,
  TokenLoginResult,
  TokenRequest,
  TenantDetail,
  TokenResult,
  UnlockUsersRequest,
  UnlockUsersResult,
  UserInfo,
} from '@portal/contracts/auth';
import { envelope } from '@portal/contracts/envelope';
import { MESSAGES } from '@portal/contracts/errors';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { bearerToken } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { badRequest, unauthorized } from '../../platform/errors.ts';
import { clearRefreshCookie, refreshCookieOf } from '../../platform/refresh-cookie.ts';
import { GROUPS, tenantOf, typed, userOf, type App } from '../../platform/http.ts';
import * as auth from './auth.service.ts';

const header = (v: string | string[] | undefined) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** Section 7.3: authentication and session. */
export async function authRoutes(app: App): Promise<void> {
  const r = typed(app);
  const { deps } = app;

  // Password login (BladeX) and refresh (7.3). Fields come as query or form; the form wins. A password never comes in
  // the query: the address is written to every proxy's and browser's history and access log (nginx's among them).
  // BladeX took it there; section 7.3 names only tenantId, refresh_token, grant_type and scope for the query.
  r.post(
    `${GROUPS.auth}/oauth/token`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Log in with a password, or refresh the tokens',
        response: { 200: envelope(TokenResult) },
      },
    },
    async (request) => {
      if (request.query && typeof request.query === 'object' && 'password' in request.query)
        throw badRequest(MESSAGES.passwordInQuery);
      const merged = { ...(request.query as object), ...((request.body as object | undefined) ?? {}) };
      const parsed = TokenRequest.safeParse(merged);
      if (!parsed.success) {
        const first = parsed.error.issues[0];
        const tenantGiven =
          'tenantId' in merged && typeof merged.tenantId === 'string' && merged.tenantId.trim() !== '';
        const msg =
          first?.path[0] === 'grant_type'
            ? MESSAGES.unknownGrantType
            : first?.path[0] === 'tenantId' && !tenantGiven
              ? MESSAGES.missingTenant
              : /[\u4e00-\u9fa5]/.test(first?.message ?? '')
                ? first!.message
                : MESSAGES.badRequest;
        throw badRequest(msg, parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
      }
      const input = parsed.data;
      if (input.grant_type === 'password') {
        if (!request.tenantId) throw badRequest(MESSAGES.missingTenant);
        const result = await auth.loginWithPassword(
          deps,
          { tenantId: request.tenantId, username: input.username, password: input.password },
          { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' },
        );
        return ok(result);
      }
      // The form's token, else the HttpOnly cookie the portal's web app holds it in (ADR 0027).
      const refreshToken = input.refresh_token ?? refreshCookieOf(request);
      if (!refreshToken) throw unauthorized(MESSAGES.invalidRefreshToken);
      return ok(await auth.refreshTokens(deps, { refreshToken, tenantId: request.tenantId }));
    },
  );

  r.get(
    `${GROUPS.user}/user/getUserInfo`,
    {
      config: { access: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'The logged-in user, with configurationMenu',
        response: { 200: envelope(UserInfo) },
      },
    },
    async (request) => ok(await auth.userInfo(deps, userOf(request))),
  );

  // An administrator ends the login lock of users of their tenant (the lock also ends by itself, 15 minutes on).
  r.post(
    `${GROUPS.user}/user/unlock`,
    {
      config: { access: 'user', admin: MESSAGES.forbidden },
      schema: {
        tags: ['auth'],
        summary: 'Unlock users locked out by failed logins (administrator; own tenant)',
        body: UnlockUsersRequest,
        response: { 200: envelope(UnlockUsersResult) },
      },
    },
    async (request) => ok(await auth.unlockUsers(deps, userOf(request), request.body.userIds)),
  );

  r.post(
    `${GROUPS.workbench}/auth/auth/init`,
    {
      config: { access: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'Login config and session data (loginInit)',
        response: { 200: envelope(LoginInit) },
      },
    },
    async (request) => ok(await auth.loginInit(deps, userOf(request))),
  );

  r.post(
    `${GROUPS.workbench}/auth/tokenLogin`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Log in with the access-token and refresh-token headers',
        response: { 200: envelope(TokenLoginResult) },
      },
    },
    async (request) =>
      ok(
        await auth.tokenLogin(deps, header(request.headers['access-token']), header(request.headers['refresh-token'])),
      ),
  );

  r.get(
    `${GROUPS.workbench}/auth/loginOut`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Log out: ends the session and its tokens',
        response: { 200: envelope(z.null()) },
      },
    },
    async (request, reply) => {
      await auth.logout(deps, bearerToken(request));
      clearRefreshCookie(request, reply);
      return ok(null);
    },
  );

  const ticketRoute = (
    name: string,
    summary: string,
    run: (ticket: string, request: FastifyRequest) => Promise<SessionValidTime>,
  ) =>
    r.post(
      `${GROUPS.workbench}/nobody/cas/${name}`,
      { schema: { tags: ['auth'], summary, body: CasTicketRequest, response: { 200: envelope(SessionValidTime) } } },
      async (request) => ok(await run(request.body.casTicket, request)),
    );
  ticketRoute('getSessionValidTime', 'Seconds left on the session of a CAS ticket', (t) =>
    auth.getSessionValidTime(deps, t),
  );
  ticketRoute('updateSessionValidTime', 'Extend the session of a CAS ticket', (t) =>
    auth.updateSessionValidTime(deps, t),
  );
  ticketRoute('removeSessionValidTime', 'End the session of a CAS ticket (client basic auth)', async (t, request) => {
    auth.checkClient(deps, request.headers.authorization);
    return auth.removeSessionValidTime(deps, t);
  });

  r.post(
    `${GROUPS.workbench}/eduSystemManagePwdConfig/getPasswordReg`,
    {
      config: { access: 'user' },
      schema: { tags: ['auth'], summary: 'The password rule of the tenant', response: { 200: envelope(PasswordReg) } },
    },
    async (request) => ok(await auth.passwordReg(deps, tenantOf(request))),
  );
  r.post(
    `${GROUPS.workbench}/eduSystemManagePwdConfig/detail`,
    {
      config: { access: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'The password configuration of the tenant',
        response: { 200: envelope(PasswordConfig) },
      },
    },
    async (request) => ok(await auth.passwordConfig(deps, tenantOf(request))),
  );

  r.get(
    `${GROUPS.workbench}/baseService/getRoleList`,
    {
      config: { access: 'optional' },
      schema: {
        tags: ['auth'],
        summary: 'Roles of the tenant (landing page filters use it too)',
        querystring: z.object({ tenantId: z.string().optional() }),
        response: { 200: envelope(z.array(RoleItem)) },
      },
    },
    async (request) => {
      if (!request.tenantId) throw badRequest(MESSAGES.missingTenant);
      return ok(await auth.roleList(deps, request.tenantId));
    },
  );

  r.get(
    `${GROUPS.workbench}/nobody/tenant/detail`,
    {
      schema: {
        tags: ['auth'],
        summary: 'What the login page shows of a tenant',
        querystring: z.object({ tenantId: z.string() }),
        response: { 200: envelope(TenantDetail) },
      },
    },
    async (request) => ok(await auth.tenantDetail(deps, tenantOf(request))),
  );
}

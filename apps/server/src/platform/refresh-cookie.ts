import { REFRESH_COOKIE, REFRESH_COOKIE_HEADER, REFRESH_COOKIE_PATH } from '@portal/contracts/auth';
import { REFRESH_TOKEN_TTL_SECONDS } from '@portal/contracts/constants';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The refresh token as an HttpOnly cookie (ADR 0027). A call that asks for it (header `x-refresh-cookie: 1`, the
 * portal's web app) and is answered with tokens — password login, refresh, the identity hand-off, LDAP — gets the
 * refresh token as a cookie `portal_rt` (HttpOnly, SameSite=Strict, Path=/api/blade-auth/oauth/token, Secure over
 * HTTPS) and an empty `refresh_token` in the body, so no script of the page ever holds it. The refresh call takes the
 * cookie when its form has no refresh_token. The cookie holds the opaque token itself: any node of a cluster checks it
 * against the HMAC in the database, as it does a token in the body.
 */

const wantsCookie = (request: FastifyRequest) => request.headers[REFRESH_COOKIE_HEADER] === '1';

function cookieAttributes(request: FastifyRequest, maxAge: number): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `Path=${REFRESH_COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure}`;
}

function appendSetCookie(reply: FastifyReply, value: string) {
  const prior = reply.getHeader('set-cookie');
  const list = prior === undefined ? [] : Array.isArray(prior) ? prior.map(String) : [String(prior)];
  reply.header('set-cookie', [...list, value]);
}

/** Ends the refresh cookie (logout). */
export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply): void {
  appendSetCookie(reply, `${REFRESH_COOKIE}=; ${cookieAttributes(request, 0)}`);
}

/** The refresh token of the request's cookie, if it has one. */
export function refreshCookieOf(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === REFRESH_COOKIE) {
      const value = part.slice(eq + 1).trim();
      return /^[A-Za-z0-9_-]{1,256}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

type Envelope = { status?: unknown; result?: unknown };

export function registerRefreshCookie(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (!wantsCookie(request) || reply.statusCode !== 200) return payload;
    const result = (payload as Envelope | null)?.result as { refresh_token?: unknown; access_token?: unknown } | null;
    if (!result || typeof result.refresh_token !== 'string' || typeof result.access_token !== 'string') return payload;
    if (!/^[A-Za-z0-9_-]{1,256}$/.test(result.refresh_token)) return payload;
    appendSetCookie(
      reply,
      `${REFRESH_COOKIE}=${result.refresh_token}; ${cookieAttributes(request, REFRESH_TOKEN_TTL_SECONDS)}`,
    );
    reply.header('cache-control', 'no-store');
    return { ...(payload as object), result: { ...result, refresh_token: '' } };
  });
}

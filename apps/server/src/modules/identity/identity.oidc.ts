import { IDENTITY_CLOCK_SKEW_SECONDS } from '@portal/contracts/identity';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { createHash } from 'node:crypto';
import * as oidc from 'openid-client';
import { nowIso } from '../../db/sql-helpers.ts';
import { identityRepository } from './identity.repository.ts';
import type { AppDeps } from '../../platform/http.ts';
import {
  identityError,
  oidcSettingsOf,
  providerSecret,
  type ExternalProfile,
  type ExternalSignIn,
  type ProviderConfig,
} from './identity.service.ts';

/** Discovery documents are kept this long per tenant and configuration (a provider's keys rotate through jwks_uri anyway). */
const DISCOVERY_TTL_MS = 10 * 60_000;
const HTTP_TIMEOUT_SECONDS = 10;

type Cached = { key: string; at: number; config: Promise<oidc.Configuration> };

/**
 * OpenID Connect through openid-client (certified relying party): discovery, authorization code with PKCE (S256),
 * state and nonce, ID token validation (signature against the provider's keys, iss, aud, azp, exp, iat, nonce,
 * clock skew bounded to IDENTITY_CLOCK_SKEW_SECONDS), and RP-initiated logout.
 */
export function oidcSignIn(deps: AppDeps): ExternalSignIn {
  const cache = new Map<string, Cached>();
  const jwks = new Map<string, JWTVerifyGetKey>();

  const configOf = (p: ProviderConfig): Promise<oidc.Configuration> => {
    const s = oidcSettingsOf(p);
    const secret = providerSecret(deps, p);
    const key = JSON.stringify([s.issuer, s.clientId, secret, p.updatedAt]);
    const hit = cache.get(p.tenantId);
    if (hit && hit.key === key && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
    const issuer = new URL(s.issuer);
    const config = oidc
      .discovery(
        issuer,
        s.clientId,
        {
          [oidc.clockTolerance]: IDENTITY_CLOCK_SKEW_SECONDS,
          ...(secret ? {} : { token_endpoint_auth_method: 'none' }),
        },
        secret ? oidc.ClientSecretPost(secret) : oidc.None(),
        // Plain http only for a provider on this machine (tests, a local IdP); anything else must be https.
        // enableNonRepudiationChecks: the ID token's signature is checked against the provider's keys even though it
        // came straight from the token endpoint (openid-client otherwise relies on TLS alone there, OIDC Core 3.1.3.7).
        {
          timeout: HTTP_TIMEOUT_SECONDS,
          execute: [
            oidc.enableNonRepudiationChecks,
            ...(issuer.protocol === 'http:' && isLoopback(issuer.hostname) ? [oidc.allowInsecureRequests] : []),
          ],
        },
      )
      .catch((err: unknown) => {
        cache.delete(p.tenantId);
        throw unreachable(err);
      });
    cache.set(p.tenantId, { key, at: Date.now(), config });
    return config;
  };

  return {
    type: 'oidc',
    async start({ provider, state, nonce, codeVerifier, callbackUrl }) {
      const config = await configOf(provider);
      const s = oidcSettingsOf(provider);
      const scope = s.scopes.split(/\s+/).includes('openid') ? s.scopes : `openid ${s.scopes}`.trim();
      return oidc
        .buildAuthorizationUrl(config, {
          redirect_uri: callbackUrl,
          scope,
          state,
          nonce,
          code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
          code_challenge_method: 'S256',
        })
        .toString();
    },

    async finish({ provider, request, currentUrl }): Promise<ExternalProfile> {
      const config = await configOf(provider);
      let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: request.codeVerifier,
          expectedState: currentUrl.searchParams.get('state') ?? undefined,
          expectedNonce: request.nonce,
          idTokenExpected: true,
        });
      } catch (err) {
        throw refused(err);
      }
      const claims = tokens.claims();
      if (!claims || !tokens.id_token) throw identityError(400, 'providerFailed');
      let all: Record<string, unknown> = { ...claims };
      // Claims the ID token left out (name, department) come from the userinfo endpoint, checked against the same sub.
      const needed = [
        provider.mapping.account,
        provider.mapping.name,
        provider.mapping.department,
        provider.mapping.role,
      ].filter(Boolean);
      if (
        needed.some((c) => all[c] === undefined) &&
        tokens.access_token &&
        config.serverMetadata().userinfo_endpoint
      ) {
        try {
          all = { ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)), ...all };
        } catch {
          // The ID token's claims are enough to go on; missing fields fall back (name → account).
        }
      }
      const text = (name: string) => {
        const v = name ? all[name] : undefined;
        return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
      };
      const roleClaim = provider.mapping.role ? all[provider.mapping.role] : undefined;
      const roles = Array.isArray(roleClaim)
        ? roleClaim.filter((r): r is string => typeof r === 'string')
        : typeof roleClaim === 'string'
          ? roleClaim.split(/[\s,]+/).filter(Boolean)
          : [];
      return {
        subject: claims.sub,
        account: text(provider.mapping.account) || (provider.mapping.account ? '' : claims.sub),
        name: text(provider.mapping.name),
        department: text(provider.mapping.department),
        roles,
        sid: typeof claims.sid === 'string' ? claims.sid : '',
        idToken: tokens.id_token,
      };
    },

    /**
     * OpenID Connect Back-Channel Logout 1.0, 2.6: the logout token is a JWT signed with the provider's keys, for
     * this client, recent, with the back-channel logout event, a sid or a sub, and no nonce.
     */
    async providerLogout({ provider, message }) {
      const config = await configOf(provider);
      const meta = config.serverMetadata();
      if (!meta.jwks_uri) throw identityError(400, 'requestInvalid');
      let keys = jwks.get(meta.jwks_uri);
      if (!keys)
        jwks.set(
          meta.jwks_uri,
          (keys = createRemoteJWKSet(new URL(meta.jwks_uri), { timeoutDuration: HTTP_TIMEOUT_SECONDS * 1000 })),
        );
      try {
        const { payload, protectedHeader } = await jwtVerify(message, keys, {
          issuer: meta.issuer,
          audience: config.clientMetadata().client_id,
          clockTolerance: IDENTITY_CLOCK_SKEW_SECONDS,
          maxTokenAge: '5m',
          requiredClaims: ['iat', 'jti', 'events'],
        });
        if (protectedHeader.typ && protectedHeader.typ !== 'logout+jwt' && protectedHeader.typ !== 'JWT')
          throw new Error('typ');
        const events = payload.events as Record<string, unknown> | undefined;
        if (!events || typeof events !== 'object' || !('http://schemas.openid.net/event/backchannel-logout' in events))
          throw new Error('events');
        if ('nonce' in payload) throw new Error('nonce');
        const sid = typeof payload.sid === 'string' ? payload.sid : '';
        const subject = typeof payload.sub === 'string' ? payload.sub : '';
        if (!sid && !subject) throw new Error('sid or sub');
        // A logout token is single use (jti), within its short life, on every node (kept in the database).
        const key = createHash('sha256')
          .update(`oidc logout jti\u0000${provider.tenantId}\u0000${payload.jti}`)
          .digest('base64url');
        if (
          !(await identityRepository(deps.db).claimOnce(
            provider.tenantId,
            key,
            'logout',
            nowIso(Date.now() + 10 * 60_000),
          ))
        )
          throw new Error('replayed');
        return { sid, subject };
      } catch (err) {
        throw refused(err);
      }
    },

    async logoutUrl({ provider, idToken, returnUrl }) {
      const config = await configOf(provider);
      if (!config.serverMetadata().end_session_endpoint) return null;
      return oidc
        .buildEndSessionUrl(config, {
          ...(idToken ? { id_token_hint: idToken } : {}),
          client_id: config.clientMetadata().client_id,
          post_logout_redirect_uri: returnUrl,
        })
        .toString();
    },
  };
}

const isLoopback = (host: string) => host === 'localhost' || host === '127.0.0.1' || host === '[::1]';

function unreachable(err: unknown) {
  const e = identityError(502, 'providerUnreachable');
  (e as Error & { cause?: unknown }).cause = err;
  return e;
}

/** Any failure of the code grant or the ID token checks: the sign-in is refused, with the provider's reason kept for the log only. */
function refused(err: unknown) {
  const e = identityError(400, 'providerFailed');
  (e as Error & { cause?: unknown }).cause = err;
  return e;
}

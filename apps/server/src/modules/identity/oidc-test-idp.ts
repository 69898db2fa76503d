import { createServer, type Server } from 'node:http';
import { generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * The school's OpenID Connect provider in tests: the certified `oidc-provider` package, on a free port of this
 * machine, with two people (and whoever else a test adds). Its login page is the package's own development
 * interaction (a login field and a password field; it does not check passwords, the accounts are what matter),
 * consent is granted by the school for its portal, and RP-initiated logout is on.
 *
 * `tamper` lets a test change the ID token the token endpoint hands out: re-signed with the provider's real key
 * (a wrong audience, a foreign issuer) or changed without re-signing (a broken signature).
 */
/** The login typed on the provider's page is the person's sub (oidc-provider's account id); the portal account comes from preferred_username. */
export type TestPerson = { sub: string; preferred_username: string; name: string; department: string; roles: string[] };

export const IDP_PEOPLE: TestPerson[] = [
  { sub: 'zhang.san', preferred_username: '20260001', name: '张三', department: '计算机学院', roles: ['student'] },
  { sub: 'li.si', preferred_username: 'T0002', name: '李四', department: '教务处', roles: ['staff', 'teacher'] },
];

export type TestIdp = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  people: Map<string, TestPerson>;
  /** A logout token (OIDC Back-Channel Logout 1.0) signed with the provider's key; `claims` overrides or adds. */
  logoutToken: (claims: Record<string, unknown>, opts?: { key?: KeyObject }) => string;
  /** Set by a test to change the next ID tokens; null hands them out as issued. */
  tamper: null | ((payload: Record<string, unknown>) => { payload: Record<string, unknown>; resign: boolean });
  close: () => Promise<void>;
};

const b64 = (v: Buffer | string) => Buffer.from(v).toString('base64url');

export async function startTestIdp(opts: {
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  /** The portal's back-channel logout URI; the ID tokens then carry the provider's session id (sid). */
  backchannelLogoutUri?: string;
  clientId?: string;
  clientSecret?: string;
}): Promise<TestIdp> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = {
    ...(privateKey.export({ format: 'jwk' }) as Record<string, string>),
    kid: 'test-key-1',
    use: 'sig',
    alg: 'RS256',
  };
  const people = new Map(IDP_PEOPLE.map((p) => [p.sub, { ...p }]));
  const byLogin = (login: string) => people.get(login);
  const clientId = opts.clientId ?? 'campus-portal';
  const clientSecret = opts.clientSecret ?? 'idp-client-secret-0123456789';

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        post_logout_redirect_uris: opts.postLogoutRedirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
        ...(opts.backchannelLogoutUri
          ? { backchannel_logout_uri: opts.backchannelLogoutUri, backchannel_logout_session_required: true }
          : {}),
      },
    ],
    jwks: { keys: [jwk] },
    pkce: { required: () => true },
    cookies: { keys: ['test-idp-cookie-key-0123456789'] },
    claims: {
      openid: ['sub', 'sid'],
      profile: ['name', 'preferred_username', 'department', 'roles'],
      email: ['email'],
    },
    scopes: ['openid', 'profile', 'email'],
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: true },
      rpInitiatedLogout: { enabled: true },
      backchannelLogout: { enabled: true },
    },
    async findAccount(_ctx, id) {
      const person = byLogin(id);
      if (!person) return undefined;
      return { accountId: person.sub, claims: async () => ({ ...person, sub: person.sub }) };
    },
    // The school has agreed for its portal: no consent page.
    async loadExistingGrant(ctx) {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid profile email');
      grant.addOIDCClaims(['name', 'preferred_username', 'department', 'roles', 'sid']);
      await grant.save();
      return grant;
    },
  });
  provider.proxy = false;
  provider.on('server_error', (_ctx, err) => console.error('test IdP server_error', err));
  const idp: TestIdp = {
    issuer,
    clientId,
    clientSecret,
    people,
    tamper: null,
    logoutToken: (claims, o = {}) => {
      const header = b64(JSON.stringify({ alg: 'RS256', typ: 'logout+jwt', kid: 'test-key-1' }));
      const now = Math.floor(Date.now() / 1000);
      const payload = b64(
        JSON.stringify({
          iss: issuer,
          aud: clientId,
          iat: now,
          exp: now + 120,
          jti: randomBytes(12).toString('hex'),
          events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
          ...claims,
        }),
      );
      return `${header}.${payload}.${signRs256(o.key ?? privateKey, `${header}.${payload}`)}`;
    },
    close: async () => void (await new Promise((r) => server.close(r))),
  };

  // The token endpoint's answer, changed when a test asks (after oidc-provider has issued it).
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path !== '/token' || !idp.tamper || ctx.status !== 200) return;
    const body = (typeof ctx.body === 'string' ? JSON.parse(ctx.body) : ctx.body) as Record<string, unknown>;
    if (typeof body.id_token !== 'string') return;
    const [h, p] = body.id_token.split('.') as [string, string, string];
    const changed = idp.tamper(JSON.parse(Buffer.from(p, 'base64url').toString('utf8')));
    const payload = b64(JSON.stringify(changed.payload));
    const signature = changed.resign ? signRs256(privateKey, `${h}.${payload}`) : body.id_token.split('.')[2]!;
    ctx.body = { ...body, id_token: `${h}.${payload}.${signature}` };
  });

  server.on('request', provider.callback());
  server.closeAllConnections?.();
  return idp;
}

function signRs256(key: KeyObject, input: string): string {
  return sign('sha256', Buffer.from(input), key).toString('base64url');
}

/** A browser stand-in for tests without Chromium: cookies per host, redirects followed by hand. */
export class CookieJar {
  private jar = new Map<string, Map<string, string>>();
  header(url: string): string {
    const m = this.jar.get(new URL(url).host);
    return m ? [...m].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  }
  store(url: string, setCookie: string[] | string | undefined): void {
    const host = new URL(url).host;
    const m = this.jar.get(host) ?? new Map<string, string>();
    for (const c of [setCookie ?? []].flat()) {
      const [pair, ...attrs] = c.split(';');
      const [k, ...v] = pair!.trim().split('=');
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (expired || v.join('=') === '') m.delete(k!);
      else m.set(k!, v.join('='));
    }
    this.jar.set(host, m);
  }
}

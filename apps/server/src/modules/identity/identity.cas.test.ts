import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from '../../db/seed/demo.ts';
import { bearer, createPeerTestApp, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { CAS_PEOPLE, startTestCas, type TestCas } from './cas-test-server.ts';
import { casSingleLogout, parseXml } from './identity.cas.ts';
import { GET_ADDRESS, submitProvider } from './identity.test-support.ts';
import { CookieJar } from './oidc-test-idp.ts';

const PORTAL = 'http://portal.test';
const CALLBACK = `${PORTAL}/api/blade-auth/nobody/identity/cas/callback/${DEMO_TENANT_ID}`;
const EXCHANGE = '/api/blade-auth/nobody/identity/exchange';

/**
 * CAS 2.0 and 3.0 against a protocol-conformant test server written in the suite from the CAS 3.0 specification
 * (cas-test-server.ts; no CAS server is in the registries we reach).
 */
describe.each(testDatabases)('signing in with CAS on %s', (engine) => {
  let t: TestApp;
  let cas: TestCas;
  let adminToken: string;

  const configure = (version: '2.0' | '3.0', serverUrl = cas.url) =>
    submitProvider(t, adminToken, {
      type: 'cas',
      name: '统一身份认证',
      settings: { serverUrl, version },
      mapping: { account: '', name: 'cn', department: 'department', role: 'eduPersonAffiliation' },
      roleMapping: [
        { value: 'faculty', roleAlias: 'teacher' },
        { value: 'student', roleAlias: 'student' },
      ],
      defaultRoleAlias: 'staff',
    });

  beforeAll(async () => {
    cas = await startTestCas();
    t = await createTestApp(engine, { publicUrl: PORTAL });
    adminToken = (await t.login('admin')).access_token;
    // Single logout reaches the portal (which this test drives through inject, not a socket).
    cas.deliver = async (serviceUrl, form) => {
      const u = new URL(serviceUrl);
      await t.app.inject({
        method: 'POST',
        url: `${u.pathname}${u.search}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', host: u.host },
        payload: form.toString(),
      });
    };
    await configure('3.0');
  });
  afterAll(async () => {
    await t?.close();
    await cas?.close();
  });

  const portal = async (jar: CookieJar, url: string) => {
    const u = new URL(url);
    const res = await t.app.inject({
      method: 'GET',
      url: `${u.pathname}${u.search}`,
      headers: { cookie: jar.header(url), host: u.host },
    });
    jar.store(url, res.headers['set-cookie'] as string[] | string | undefined);
    return new URL(res.headers.location as string, url);
  };

  /** Portal → CAS login (a form post, as the browser would) → the service URL with its ticket. */
  async function toCallback(user: string, password: string, jar = new CookieJar()) {
    const address = (
      await t.app.inject({
        method: 'POST',
        url: GET_ADDRESS,
        payload: { tenantId: DEMO_TENANT_ID, redirect: '/home/homePage' },
      })
    ).json();
    expect(address.result.type).toBe('cas');
    const login = await portal(jar, address.result.loginUrl);
    expect(`${login.origin}${login.pathname}`).toBe(`${cas.url}/login`);
    const service = login.searchParams.get('service')!;
    expect(service.startsWith(`${CALLBACK}?state=`)).toBe(true);
    const res = await fetch(`${cas.url}/login`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ username: user, password, service }),
    });
    jar.store(`${cas.url}/login`, res.headers.getSetCookie());
    return { callback: res.headers.get('location')!, jar, service };
  }

  async function finish(jar: CookieJar, callback: string) {
    const back = await portal(jar, callback);
    const code = back.searchParams.get('sso');
    if (!code) return { error: back.searchParams.get('ssoError'), token: null };
    const res = await t.app.inject({
      method: 'POST',
      url: EXCHANGE,
      headers: { cookie: jar.header(PORTAL) },
      payload: { tenantId: DEMO_TENANT_ID, code },
    });
    expect(res.json(), res.body).toMatchObject({ status: 1000 });
    return { error: null, token: res.json().result.access_token as string };
  }

  const userInfo = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/blade-user/user/getUserInfo', headers: bearer(token) })).json();

  it('CAS 3.0: the service ticket is validated at /p3/serviceValidate and the released attributes make the account', async () => {
    const chen = CAS_PEOPLE[0]!;
    const { callback, jar, service } = await toCallback(chen.user, chen.password);
    const { token } = await finish(jar, callback);
    const info = (await userInfo(token!)).result;
    expect(info).toMatchObject({ account: 'chen.ba', user_name: '陈八', roleType: 'student' });
    expect(cas.validations.at(-1)).toMatchObject({ path: '/p3/serviceValidate', service });
    const link = await t.db.db
      .selectFrom('identity_links')
      .where('user_id', '=', info.user_id)
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(link).toMatchObject({ type: 'cas', subject: 'chen.ba', department: '外国语学院' });
    // A multi-valued attribute maps to a role through any of its values.
    const zhou = CAS_PEOPLE[1]!;
    const second = await toCallback(zhou.user, zhou.password);
    expect((await userInfo((await finish(second.jar, second.callback)).token!)).result).toMatchObject({
      user_name: '周九',
      roleType: 'teacher',
    });
  });

  it('CAS 2.0: /serviceValidate, the user only; the account gets the default role', async () => {
    await configure('2.0');
    try {
      const zhou = CAS_PEOPLE[1]!;
      await t.db.db.deleteFrom('identity_links').where('subject', '=', 'zhou.jiu').execute();
      await t.db.db
        .deleteFrom('users')
        .where('tenant_id', '=', DEMO_TENANT_ID)
        .where('account', '=', 'zhou.jiu')
        .execute();
      const { callback, jar } = await toCallback(zhou.user, zhou.password);
      const { token } = await finish(jar, callback);
      expect(cas.validations.at(-1)!.path).toBe('/serviceValidate');
      expect((await userInfo(token!)).result).toMatchObject({
        account: 'zhou.jiu',
        user_name: 'zhou.jiu',
        roleType: 'staff',
      });
    } finally {
      await configure('3.0');
    }
  });

  it('refuses an invalid ticket, a replayed one, and a ticket issued for another service', async () => {
    const chen = CAS_PEOPLE[0]!;
    // A ticket the CAS server never issued.
    const forged = await toCallback(chen.user, chen.password);
    const forgedUrl = forged.callback.replace(/ticket=ST-[^&]+/, 'ticket=ST-forged-0001');
    expect((await finish(forged.jar, forgedUrl)).error).toBe('providerFailed');

    // A real ticket, used once; the same callback again is refused by the portal (state spent) …
    const real = await toCallback(chen.user, chen.password);
    expect((await finish(real.jar, real.callback)).token).toBeTruthy();
    expect((await finish(real.jar, real.callback)).error).toBe('requestInvalid');
    // … and the same ticket under a fresh sign-in is refused by the CAS server (single use, 3.1.1).
    const fresh = await toCallback(chen.user, chen.password);
    const reused = fresh.callback.replace(
      /ticket=ST-[^&]+/,
      `ticket=${new URL(real.callback).searchParams.get('ticket')}`,
    );
    expect((await finish(fresh.jar, reused)).error).toBe('providerFailed');

    // A ticket issued for another service (another portal, or another tenant's service URL).
    const other = await toCallback(chen.user, chen.password);
    const foreign = cas.issueTicket('chen.ba', 'https://other-portal.example.edu/cas/callback');
    expect((await finish(other.jar, other.callback.replace(/ticket=ST-[^&]+/, `ticket=${foreign}`))).error).toBe(
      'providerFailed',
    );

    // Not a service ticket at all: refused without asking the CAS server.
    const before = cas.validations.length;
    const odd = await toCallback(chen.user, chen.password);
    expect((await finish(odd.jar, odd.callback.replace(/ticket=ST-[^&]+/, 'ticket=PT-123'))).error).toBe(
      'providerFailed',
    );
    expect(cas.validations.length).toBe(before);
  });

  it('single logout: the CAS server names the service ticket and the portal ends that session', async () => {
    const chen = CAS_PEOPLE[0]!;
    const { callback, jar } = await toCallback(chen.user, chen.password);
    const { token } = await finish(jar, callback);
    expect((await userInfo(token!)).status).toBe(1000);
    // The portal's logout address is the CAS server's /logout, back to the login page.
    const address = (
      await t.app.inject({ method: 'POST', url: GET_ADDRESS, headers: bearer(token!), payload: {} })
    ).json();
    const logout = new URL(address.result.logoutUrl);
    expect(`${logout.origin}${logout.pathname}`).toBe(`${cas.url}/logout`);
    expect(logout.searchParams.get('service')).toBe(`${PORTAL}/login?tenantId=${DEMO_TENANT_ID}&logout=1`);
    const res = await fetch(logout, { redirect: 'manual', headers: { cookie: jar.header(logout.toString()) } });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${PORTAL}/login?tenantId=${DEMO_TENANT_ID}&logout=1`);
    expect((await userInfo(token!)).status).toBe(401);
  });

  it('a single-logout request that names no known ticket ends nothing; a malformed one is refused', async () => {
    expect(
      casSingleLogout(
        '<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol"><samlp:SessionIndex>ST-unknown</samlp:SessionIndex></samlp:LogoutRequest>',
      ),
    ).toBe('ST-unknown');
    expect(
      casSingleLogout(
        '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><LogoutRequest><SessionIndex>&e;</SessionIndex></LogoutRequest>',
      ),
    ).toBeNull();
    expect(parseXml('<a><b>')).toBeNull();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/blade-auth/nobody/identity/cas/callback/${DEMO_TENANT_ID}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'logoutRequest=%3Cnot-xml',
    });
    expect(res.json()).toMatchObject({ status: 1000, result: { ended: 0 } });
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/blade-auth/nobody/identity/cas/callback/999999`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'logoutRequest=x',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('sends the browser back to its own pages by a relative address without PUBLIC_URL, never to the Host a request names', async () => {
    const bare = await createPeerTestApp(t, { publicUrl: undefined });
    try {
      const callback = new URL(CALLBACK).pathname;
      for (const url of [
        `${callback}?ticket=ST-1`,
        `${callback}?state=forged&ticket=ST-1`,
        '/api/blade-auth/nobody/identity/cas/callback/nosuch?ticket=ST-1',
      ]) {
        const res = await bare.app.inject({ method: 'GET', url, headers: { host: 'evil.example' } });
        expect(res.statusCode, url).toBe(302);
        expect(res.headers.location, url).toMatch(/^\/login\?/);
      }
    } finally {
      await bare.close();
    }
  });

  it('tells the login page when the CAS server cannot be reached', async () => {
    await configure('3.0', 'http://127.0.0.1:9/cas');
    try {
      const chen = CAS_PEOPLE[0]!;
      const { callback, jar } = await toCallback(chen.user, chen.password).catch(async () => {
        // The browser cannot reach CAS either; the validation step is what the portal does itself.
        const j = new CookieJar();
        const address = (
          await t.app.inject({ method: 'POST', url: GET_ADDRESS, payload: { tenantId: DEMO_TENANT_ID } })
        ).json();
        const login = await portal(j, address.result.loginUrl);
        return { callback: `${login.searchParams.get('service')}&ticket=ST-12345`, jar: j, service: '' };
      });
      expect((await finish(jar, callback)).error).toBe('providerUnreachable');
    } finally {
      await configure('3.0');
    }
  });
});

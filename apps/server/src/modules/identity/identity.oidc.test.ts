import { IDENTITY_MESSAGES } from '@portal/contracts/identity';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID, DEMO_USERS } from '../../db/seed/demo.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { GET_ADDRESS, MODEL_LOGIN, expectEnvelope, submitProvider } from './identity.test-support.ts';
import { CookieJar, startTestIdp, type TestIdp } from './oidc-test-idp.ts';

const PORTAL = 'http://portal.test';
const CALLBACK = `${PORTAL}/api/blade-auth/nobody/identity/oidc/callback/${DEMO_TENANT_ID}`;
const AFTER_LOGOUT = `${PORTAL}/login?tenantId=${DEMO_TENANT_ID}&logout=1`;
const EXCHANGE = '/api/blade-auth/nobody/identity/exchange';
const BACKCHANNEL = `${PORTAL}/api/blade-auth/nobody/identity/oidc/backchannel-logout/${DEMO_TENANT_ID}`;
const ADMIN = DEMO_USERS.find((u) => u.account === 'admin')!;

type Hop = { status: number; location: string | null; body: string; url: string };

/**
 * OpenID Connect against a real provider (oidc-provider) started by the test: the whole redirect dance, driven by
 * a cookie jar instead of a browser (the Chromium journey is e2e/identity.spec.ts).
 */
describe.each(testDatabases)('signing in with OpenID Connect on %s', (engine) => {
  let t: TestApp;
  let idp: TestIdp;
  let adminToken: string;

  beforeAll(async () => {
    idp = await startTestIdp({
      redirectUris: [CALLBACK],
      postLogoutRedirectUris: [AFTER_LOGOUT],
      backchannelLogoutUri: BACKCHANNEL,
    });
    t = await createTestApp(engine, { publicUrl: PORTAL });
    adminToken = (await t.login('admin')).access_token;
    await submitProvider(t, adminToken, {
      type: 'oidc',
      name: '统一身份认证',
      settings: { issuer: idp.issuer, clientId: idp.clientId, scopes: 'openid profile' },
      secret: idp.clientSecret,
      mapping: { account: 'preferred_username', name: 'name', department: 'department', role: 'roles' },
      roleMapping: [
        { value: 'teacher', roleAlias: 'teacher' },
        { value: 'student', roleAlias: 'student' },
      ],
      defaultRoleAlias: 'student',
    });
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });
  beforeEach(() => {
    idp.tamper = null;
  });

  /** One request as a browser makes it: to the portal through inject, to the provider over HTTP. */
  async function hop(
    jar: CookieJar,
    url: string,
    init: { method?: string; form?: Record<string, string> } = {},
  ): Promise<Hop> {
    const method = init.method ?? 'GET';
    const body = init.form ? new URLSearchParams(init.form).toString() : undefined;
    const headers: Record<string, string> = {
      cookie: jar.header(url),
      ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    };
    if (url.startsWith(PORTAL)) {
      const u = new URL(url);
      const res = await t.app.inject({
        method: method as 'GET',
        url: `${u.pathname}${u.search}`,
        headers: { ...headers, host: u.host },
        ...(body ? { payload: body } : {}),
      });
      jar.store(url, res.headers['set-cookie'] as string[] | string | undefined);
      const location = (res.headers.location as string | undefined) ?? null;
      return { status: res.statusCode, location: location && new URL(location, url).toString(), body: res.body, url };
    }
    const res = await fetch(url, { method, headers, redirect: 'manual', ...(body ? { body } : {}) });
    jar.store(url, res.headers.getSetCookie());
    const location = res.headers.get('location');
    return { status: res.status, location: location && new URL(location, url).toString(), body: await res.text(), url };
  }

  /** Follows redirects until the portal's login page (or a page that is not a redirect). */
  async function follow(jar: CookieJar, url: string, login?: string): Promise<Hop> {
    let current = await hop(jar, url);
    for (let i = 0; i < 20; i++) {
      if (current.location) {
        if (current.location.startsWith(`${PORTAL}/login`)) return current;
        current = await hop(jar, current.location);
        continue;
      }
      // The provider's login page: fill in the account.
      const form = /<form[^>]*action="([^"]+)"[^>]*method="post"[\s\S]*?name="prompt" value="login"/.exec(current.body);
      if (form && login) {
        current = await hop(jar, new URL(form[1]!.replaceAll('&amp;', '&'), current.url).toString(), {
          method: 'POST',
          form: { prompt: 'login', login, password: 'any-password' },
        });
        login = undefined;
        continue;
      }
      return current;
    }
    throw new Error('too many redirects');
  }

  const landing = (h: Hop) => new URL(h.location!);

  async function startAt(_jar: CookieJar): Promise<string> {
    const address = (
      await t.app.inject({
        method: 'POST',
        url: GET_ADDRESS,
        payload: { tenantId: DEMO_TENANT_ID, redirect: '/home/homePage' },
      })
    ).json();
    expect(address.result.type).toBe('oidc');
    return address.result.loginUrl as string;
  }

  /** The full journey: portal → provider's login page → callback → hand-off exchanged for the portal's tokens. */
  async function signIn(login: string, jar = new CookieJar()) {
    const end = await follow(jar, await startAt(jar), login);
    const back = landing(end);
    const code = back.searchParams.get('sso');
    if (!code) return { error: back.searchParams.get('ssoError'), jar, tokens: null };
    expect(back.searchParams.get('redirect')).toBe('/home/homePage');
    const res = await t.app.inject({
      method: 'POST',
      url: EXCHANGE,
      headers: { cookie: jar.header(PORTAL) },
      payload: { tenantId: DEMO_TENANT_ID, code },
    });
    expect(res.json(), res.body).toMatchObject({ status: 1000 });
    return {
      error: null,
      jar,
      tokens: res.json().result as { access_token: string; refresh_token: string; user_id: string; redirect: string },
      code,
    };
  }

  const userInfo = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/blade-user/user/getUserInfo', headers: bearer(token) })).json();

  it('a person unknown to the portal signs in at the provider and comes back with a portal session; the account is provisioned', async () => {
    const mode = (
      await t.app.inject({ method: 'POST', url: MODEL_LOGIN, payload: { tenantId: DEMO_TENANT_ID } })
    ).json();
    expect(mode.result).toMatchObject({ provider: { type: 'oidc', name: '统一身份认证' }, localLogin: true });

    const { tokens } = await signIn('zhang.san');
    expect(tokens!.redirect).toBe('/home/homePage');
    const info = await userInfo(tokens!.access_token);
    expect(info.result).toMatchObject({
      account: '20260001',
      user_name: '张三',
      tenant_id: DEMO_TENANT_ID,
      roleType: 'student',
    });
    const link = await t.db.db
      .selectFrom('identity_links')
      .where('user_id', '=', info.result.user_id)
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(link).toMatchObject({
      tenant_id: DEMO_TENANT_ID,
      type: 'oidc',
      subject: 'zhang.san',
      department: '计算机学院',
    });

    // The session is the portal's own: ticket checks, token login and refresh work unchanged.
    const init = (
      await t.app.inject({
        method: 'POST',
        url: '/api/blade-workbench/auth/auth/init',
        headers: bearer(tokens!.access_token),
      })
    ).json();
    expect(init.result.session.casTicket).toMatch(/^ST-/);
    // Section 3's login config follows the provider: unified authentication on, the session follows the provider's.
    expect(init.result.eduSystemManageIdentityAuth).toEqual({ status: 1, isSelfCas: 1 });
    const valid = (
      await t.app.inject({
        method: 'POST',
        url: '/api/blade-workbench/nobody/cas/getSessionValidTime',
        payload: { casTicket: init.result.session.casTicket },
      })
    ).json();
    expect(valid.result.validTime).toBeGreaterThan(0);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      query: {
        tenantId: DEMO_TENANT_ID,
        refresh_token: tokens!.refresh_token,
        grant_type: 'refresh_token',
        scope: 'all',
      },
    });
    expect(refreshed.json()).toMatchObject({ status: 1000, result: { account: '20260001' } });
  });

  it('a later sign-in updates name and department, maps the role, and keeps the same account', async () => {
    const first = await signIn('li.si');
    const before = (await userInfo(first.tokens!.access_token)).result;
    expect(before).toMatchObject({ account: 'T0002', user_name: '李四', roleType: 'teacher' });
    idp.people.get('li.si')!.name = '李四（改名）';
    idp.people.get('li.si')!.department = '人事处';
    const second = await signIn('li.si');
    const after = (await userInfo(second.tokens!.access_token)).result;
    expect(after).toMatchObject({ user_id: before.user_id, user_name: '李四（改名）', roleType: 'teacher' });
    const link = await t.db.db
      .selectFrom('identity_links')
      .where('subject', '=', 'li.si')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(link.department).toBe('人事处');
    // 人事处 is in the tenant's department list: the user belongs to it now, so a notice to 人事处 reaches them;
    // a department the list does not hold (计算机学院 before) placed them nowhere.
    const depts = async () =>
      (
        await t.db.db
          .selectFrom('user_depts as u')
          .innerJoin('svc_depts as d', 'd.id', 'u.dept_id')
          .where('u.user_id', '=', before.user_id)
          .select('d.name')
          .execute()
      ).map((r) => r.name);
    expect(await depts()).toEqual(['人事处']);
    idp.people.get('li.si')!.department = '财务处；外国语学院/人事处';
    await signIn('li.si');
    expect((await depts()).sort()).toEqual(['人事处', '财务处']);

    // An administrator adds 图书馆 by hand (用户部门配置, ADR 0035); the next sign-in that sends the attribute
    // replaces only the departments sign-ins placed: 财务处 goes, 图书馆 stays.
    const idOf = async (name: string) =>
      (
        await t.db.db
          .selectFrom('svc_depts')
          .where('tenant_id', '=', DEMO_TENANT_ID)
          .where('name', '=', name)
          .select('id')
          .executeTakeFirstOrThrow()
      ).id;
    const byHand = await t.app.inject({
      method: 'POST',
      url: '/api/blade-user/userDept/submit',
      headers: bearer(adminToken),
      payload: { userId: before.user_id, deptIds: [await idOf('人事处'), await idOf('财务处'), await idOf('图书馆')] },
    });
    expect(byHand.json()).toMatchObject({ status: 1000 });
    idp.people.get('li.si')!.department = '人事处';
    await signIn('li.si');
    expect((await depts()).sort()).toEqual(['人事处', '图书馆'].sort());
  });

  it('refuses a replayed callback (same state and code), and a replayed code under a fresh state', async () => {
    const jar = new CookieJar();
    let callback = '';
    let current = await hop(jar, await startAt(jar));
    for (let i = 0; i < 20 && !callback; i++) {
      if (current.location?.startsWith(CALLBACK)) callback = current.location;
      else if (current.location) current = await hop(jar, current.location);
      else {
        const form = /<form[^>]*action="([^"]+)"/.exec(current.body)!;
        current = await hop(jar, new URL(form[1]!, current.url).toString(), {
          method: 'POST',
          form: { prompt: 'login', login: 'zhang.san', password: 'x' },
        });
      }
    }
    const ok = await hop(jar, callback);
    expect(landing(ok).searchParams.get('sso')).toBeTruthy();
    const sessionsBefore = (await t.db.db.selectFrom('sessions').select('id').execute()).length;

    const replay = await hop(jar, callback);
    expect(replay.status).toBe(302);
    expect(landing(replay).searchParams.get('ssoError')).toBe('requestInvalid');

    // The same code under a new sign-in of the same browser: the provider refuses it (and PKCE would not match).
    const started = await hop(jar, await startAt(jar));
    const freshState = new URL(started.location!).searchParams.get('state')!;
    const code = new URL(callback).searchParams.get('code')!;
    const replayedCode = await hop(
      jar,
      `${CALLBACK}?${new URLSearchParams({ code, state: freshState, iss: idp.issuer })}`,
    );
    expect(landing(replayedCode).searchParams.get('ssoError')).toBe('providerFailed');
    expect((await t.db.db.selectFrom('sessions').select('id').execute()).length).toBe(sessionsBefore);
  });

  it('refuses an ID token for another audience', async () => {
    idp.tamper = (p) => ({ payload: { ...p, aud: 'another-portal' }, resign: true });
    const r = await signIn('zhang.san');
    expect(r.error).toBe('providerFailed');
  });

  it('refuses a tampered ID token (changed after signing)', async () => {
    idp.tamper = (p) => ({ payload: { ...p, preferred_username: 'admin' }, resign: false });
    const r = await signIn('zhang.san');
    expect(r.error).toBe('providerFailed');
  });

  it('refuses an ID token with a nonce of another sign-in', async () => {
    idp.tamper = (p) => ({ payload: { ...p, nonce: 'someone-elses-nonce' }, resign: true });
    expect((await signIn('zhang.san')).error).toBe('providerFailed');
  });

  it('refuses a disabled account with a clear message', async () => {
    await t.db.db
      .updateTable('users')
      .set({ status: 0 })
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .where('account', '=', '20260001')
      .execute();
    try {
      expect((await signIn('zhang.san')).error).toBe('accountDisabled');
    } finally {
      await t.db.db
        .updateTable('users')
        .set({ status: 1 })
        .where('tenant_id', '=', DEMO_TENANT_ID)
        .where('account', '=', '20260001')
        .execute();
    }
  });

  it('binds the sign-in to the browser that started it, and the hand-off code works once', async () => {
    const jar = new CookieJar();
    const end = await follow(jar, await startAt(jar), 'zhang.san');
    const code = landing(end).searchParams.get('sso')!;
    const other = await t.app.inject({ method: 'POST', url: EXCHANGE, payload: { tenantId: DEMO_TENANT_ID, code } });
    expectEnvelope(other, 400);
    expect(other.json().msg).toBe(IDENTITY_MESSAGES.requestInvalid[0]);
  });

  it('a hand-off code is single use', async () => {
    const r = await signIn('zhang.san');
    const again = await t.app.inject({
      method: 'POST',
      url: EXCHANGE,
      headers: { cookie: r.jar.header(PORTAL) },
      payload: { tenantId: DEMO_TENANT_ID, code: r.code },
    });
    expectEnvelope(again, 400);
  });

  it('signs out at both ends: the portal session ends and the provider ends its session (RP-initiated logout)', async () => {
    const r = await signIn('zhang.san');
    const address = (
      await t.app.inject({ method: 'POST', url: GET_ADDRESS, headers: bearer(r.tokens!.access_token), payload: {} })
    ).json();
    const logoutUrl = new URL(address.result.logoutUrl);
    expect(`${logoutUrl.origin}${logoutUrl.pathname}`).toBe(`${idp.issuer}/session/end`);
    expect(logoutUrl.searchParams.get('id_token_hint')).toBeTruthy();
    expect(logoutUrl.searchParams.get('post_logout_redirect_uri')).toBe(AFTER_LOGOUT);

    await t.app.inject({
      method: 'GET',
      url: '/api/blade-workbench/auth/loginOut',
      headers: bearer(r.tokens!.access_token),
    });
    expectEnvelope(
      await t.app.inject({
        method: 'GET',
        url: '/api/blade-user/user/getUserInfo',
        headers: bearer(r.tokens!.access_token),
      }),
      401,
    );

    // At the provider: its confirmation form, then back to the portal's login page.
    const page = await hop(r.jar, logoutUrl.toString());
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)![1]!;
    const action = /<form[^>]*action="([^"]+)"/.exec(page.body)![1]!;
    const confirmed = await hop(r.jar, new URL(action, page.url).toString(), {
      method: 'POST',
      form: { xsrf, logout: 'yes' },
    });
    expect(confirmed.location).toBe(AFTER_LOGOUT);

    // The provider's session is gone: a new sign-in meets its login page again instead of coming straight back.
    let current = await hop(r.jar, await startAt(r.jar));
    while (current.location && !current.location.startsWith(PORTAL)) current = await hop(r.jar, current.location);
    expect(current.body).toContain('name="prompt" value="login"');
  });

  it('back-channel logout: a logout token from the provider ends the portal session it names, once', async () => {
    const r = await signIn('zhang.san');
    const session = await t.db.db
      .selectFrom('identity_sessions as i')
      .innerJoin('sessions as s', 's.id', 'i.session_id')
      .where('s.access_token_hash', '=', t.app.deps.hashToken(r.tokens!.access_token))
      .select(['i.sid', 'i.id_token'])
      .executeTakeFirstOrThrow();
    expect(session.sid).toBeTruthy();
    expect(session.id_token).toBeTruthy();
    const post = (logout_token: string, tenant = DEMO_TENANT_ID) =>
      t.app.inject({
        method: 'POST',
        url: `/api/blade-auth/nobody/identity/oidc/backchannel-logout/${tenant}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ logout_token }).toString(),
      });

    // Refused, and nothing ends: another signer, another audience, a nonce, no event, neither sid nor sub, a stale token.
    const { generateKeyPairSync } = await import('node:crypto');
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    for (const bad of [
      idp.logoutToken({ sid: session.sid }, { key: stranger }),
      idp.logoutToken({ sid: session.sid, aud: 'another-portal' }),
      idp.logoutToken({ sid: session.sid, nonce: 'n' }),
      idp.logoutToken({ sid: session.sid, events: {} }),
      idp.logoutToken({}),
      idp.logoutToken({
        sid: session.sid,
        iat: Math.floor(Date.now() / 1000) - 3600,
        exp: Math.floor(Date.now() / 1000) + 60,
      }),
      'not.a.jwt',
    ]) {
      const res = await post(bad);
      expectEnvelope(res, 400);
    }
    expect((await userInfo(r.tokens!.access_token)).status).toBe(1000);

    const token = idp.logoutToken({ sid: session.sid });
    expect((await post(token)).json()).toMatchObject({ status: 1000, result: { ended: 1 } });
    expect((await userInfo(r.tokens!.access_token)).status).toBe(401);
    // The same token again is refused (single use).
    expectEnvelope(await post(token), 400);
    // By subject: every portal session of that person ends.
    const a = await signIn('zhang.san');
    const b = await signIn('zhang.san');
    expect((await post(idp.logoutToken({ sub: 'zhang.san' }))).json().result.ended).toBeGreaterThanOrEqual(2);
    expect((await userInfo(a.tokens!.access_token)).status).toBe(401);
    expect((await userInfo(b.tokens!.access_token)).status).toBe(401);
  });

  it('tells the login page when the provider cannot be reached, and starts nothing', async () => {
    await submitProvider(t, adminToken, {
      type: 'oidc',
      name: '统一身份认证',
      settings: { issuer: 'http://127.0.0.1:9', clientId: 'x' },
    });
    try {
      const jar = new CookieJar();
      const res = await hop(jar, await startAt(jar));
      expect(res.status).toBe(302);
      expect(landing(res).searchParams.get('ssoError')).toBe('providerUnreachable');
    } finally {
      await submitProvider(t, adminToken, {
        type: 'oidc',
        name: '统一身份认证',
        settings: { issuer: idp.issuer, clientId: idp.clientId, scopes: 'openid profile' },
        secret: idp.clientSecret,
        mapping: { account: 'preferred_username', name: 'name', department: 'department', role: 'roles' },
        roleMapping: [
          { value: 'teacher', roleAlias: 'teacher' },
          { value: 'student', roleAlias: 'student' },
        ],
      });
    }
  });

  it('with the password login off, an ordinary account is refused and the administrator keeps it', async () => {
    await t.db.db
      .updateTable('identity_providers')
      .set({ local_login: 0 })
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .execute();
    try {
      expect(
        (await t.app.inject({ method: 'POST', url: MODEL_LOGIN, payload: { tenantId: DEMO_TENANT_ID } })).json().result
          .localLogin,
      ).toBe(false);
      // zhang.san was provisioned with an unknown random password; an administrator signs in with the password.
      expect(ADMIN).toBeDefined();
      await t.login('admin');
    } finally {
      await t.db.db
        .updateTable('identity_providers')
        .set({ local_login: 1 })
        .where('tenant_id', '=', DEMO_TENANT_ID)
        .execute();
    }
  });
});

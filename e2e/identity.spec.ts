import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestIdp, type TestIdp } from '../apps/server/src/modules/identity/oidc-test-idp.ts';
import { seriousA11yViolations } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { storedSession } from './support/session.ts';

const TENANT = '000000';

/**
 * Signing in with the school's identity provider (issue 17), in Chromium: the portal's login page shows the
 * school's button, the browser goes to the provider's own login page (oidc-provider, started here), and comes back
 * signed in with the portal's session; signing out ends the provider's session too.
 */
describe('school sign-in with OpenID Connect (real server, real provider, Debian Chromium)', () => {
  const journey = useJourney();
  let idp: TestIdp;
  let page: Page;

  const api = async (path: string, body: object, token?: string) => {
    const res = await fetch(`${journey.server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { status: number; result: Record<string, unknown> };
  };

  beforeAll(async () => {
    const base = journey.server.url;
    idp = await startTestIdp({
      redirectUris: [`${base}/api/blade-auth/nobody/identity/oidc/callback/${TENANT}`],
      postLogoutRedirectUris: [`${base}/login?tenantId=${TENANT}&logout=1`],
    });
    const form = new URLSearchParams({
      grant_type: 'password',
      tenantId: TENANT,
      username: 'admin',
      password: 'Demo@12345',
    });
    const token = (await (
      await fetch(`${base}/api/blade-auth/oauth/token`, { method: 'POST', body: form })
    ).json()) as { result: { access_token: string } };
    const saved = await api(
      '/api/blade-workbench/identity/provider/submit',
      {
        type: 'oidc',
        name: '统一身份认证',
        settings: { issuer: idp.issuer, clientId: idp.clientId, scopes: 'openid profile' },
        secret: idp.clientSecret,
        mapping: { account: 'preferred_username', name: 'name', department: 'department', role: 'roles' },
        roleMapping: [{ value: 'student', roleAlias: 'student' }],
        defaultRoleAlias: 'student',
      },
      token.result.access_token,
    );
    expect(saved.status).toBe(1000);
  });
  afterAll(async () => {
    await idp?.close();
  });
  beforeEach(() => {
    page = journey.page;
  });

  /** The password form beside the school's button (its submit button; the school's button also reads 登录). */
  const passwordLogin = async (account: string) => {
    await page.goto(`${journey.server.url}/login`);
    await page.getByLabel('账号').fill(account);
    await page.getByLabel(/^密码$/).fill('Demo@12345');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/\/home\//);
    await page
      .getByRole('button', { name: /用户菜单$/ })
      .first()
      .waitFor({ state: 'visible' });
  };

  it('/login is painted by the server with the school’s button, and the browser takes it over without an error', async () => {
    const html = await (await fetch(`${journey.server.url}/login`)).text();
    expect(html).toContain('data-first-screen');
    expect(html).toContain('统一身份认证登录');
    expect(html).not.toMatch(/identity\.login\./);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto(`${journey.server.url}/login`);
      await page.getByLabel('账号').waitFor({ state: 'visible' });
      await expect.poll(() => page.locator('[data-until-script]').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      page.removeAllListeners('pageerror');
    }
  });

  it("portal → the provider's login page → back signed in, then out at both ends", async () => {
    await page.goto(`${journey.server.url}/login?redirect=/home/homePage`);
    const school = page.getByRole('button', { name: /统一身份认证登录/ });
    await school.waitFor({ state: 'visible' });
    // The password form stays beside it (this tenant keeps the password login).
    await page.getByLabel('账号').waitFor({ state: 'visible' });
    expect(await seriousA11yViolations(page, '.login-card')).toEqual([]);
    await school.click();

    // The provider's own page, on its own address.
    await page.waitForURL((u) => u.toString().startsWith(idp.issuer));
    await page.locator('input[name="login"]').fill('zhang.san');
    await page.locator('input[name="password"]').fill('any-password');
    await page.getByRole('button', { name: 'Sign-in' }).click();

    // Back in the portal with its own session: the shell greets the person the provider named.
    await page.waitForURL(/\/home\/homePage/);
    await page.getByRole('button', { name: '张三 用户菜单' }).waitFor({ state: 'visible' });
    const stored = JSON.stringify(await storedSession(page));
    expect(stored).toContain('20260001');
    // No token ever travelled in an address.
    expect(page.url()).not.toMatch(/access_token|sso=/);

    // A reload keeps the session (the guard, refresh and ticket checks of 4.3 are the portal's own).
    await page.reload();
    await page.getByRole('button', { name: '张三 用户菜单' }).waitFor({ state: 'visible' });

    // Signing out: the portal's session ends, then the provider asks to end its own, and sends the browser back.
    await page.getByRole('button', { name: '张三 用户菜单' }).click();
    await page.getByRole('menuitem', { name: /退出登录/ }).click();
    await page.waitForURL((u) => u.toString().startsWith(idp.issuer));
    await page.getByRole('button', { name: /Yes, sign me out/ }).click();
    await page.waitForURL(/\/login\?tenantId=000000&logout=1/);
    await page.getByText('您已安全退出').waitFor({ state: 'visible' });

    // The provider's session is gone: the school's button leads to its login page again.
    await page.getByRole('button', { name: /统一身份认证登录/ }).click();
    await page.waitForURL((u) => u.toString().startsWith(idp.issuer));
    await page.locator('input[name="login"]').waitFor({ state: 'visible' });
  });

  it('an administrator opens the provider page from the configuration menu; the secret is not shown', async () => {
    await passwordLogin('admin');
    await page.goto(`${journey.server.url}/home/identityProviderConfig`);
    await page.getByRole('heading', { name: '统一身份认证配置' }).waitFor({ state: 'visible' });
    // The form fills in when the saved configuration has answered.
    await expect.poll(() => page.getByLabel('签发者地址（Issuer）').inputValue()).toBe(idp.issuer);
    const secret = page.getByLabel('客户端密钥');
    await expect(secret.inputValue()).resolves.toBe('');
    await expect(secret.getAttribute('placeholder')).resolves.toBe('已保存，留空则不修改');
    expect(await page.content()).not.toContain(idp.clientSecret);
  });

  it('a student is sent to noPower for the provider page', async () => {
    await passwordLogin('student01');
    await page.goto(`${journey.server.url}/home/identityProviderConfig`);
    await page.waitForURL(/\/home\/noPower/);
  });
});

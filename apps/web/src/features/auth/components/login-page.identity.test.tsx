import type { LoginMode } from '@portal/contracts/identity';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetClickGuard } from '../../../lib/click-guard.ts';
import { i18n, I18nProvider, setLanguage } from '../../../lib/i18n/i18n.ts';

const api = vi.hoisted(() => ({
  mode: null as unknown as LoginMode,
  getLoginMode: vi.fn(async () => api.mode),
  getAddress: vi.fn(async () => ({
    type: 'oidc',
    loginUrl: 'https://portal.example.edu/api/blade-auth/nobody/identity/start?tenantId=000000',
    logoutUrl: null,
  })),
  exchangeSignIn: vi.fn(async () => ({
    access_token: 'a',
    refresh_token: 'r',
    tenant_id: '000000',
    redirect: '/home/homePage',
  })),
  ldapLogin: vi.fn(),
  login: vi.fn(),
  getUserInfo: vi.fn(async () => ({
    user_id: 'u1',
    user_name: '张三',
    account: '20260001',
    nick_name: '张三',
    tenant_id: '000000',
    configurationMenu: [],
  })),
  tenantDetail: vi.fn(async (): Promise<unknown> => ({ tenantId: '000000', tenantName: '示例大学', demo: false })),
  loginInit: vi.fn(async () => ({
    eduSystemManageIdentityAuth: { status: 1, isSelfCas: 1 },
    session: { expireTime: Date.now() + 1e6, tgt: 'TGT-1', outLogTip: '', casTicket: 'ST-1' },
  })),
}));
vi.mock('../api/model-login.ts', async (original) => {
  const real = await original<typeof import('../api/model-login.ts')>();
  const { useQuery } = await import('@tanstack/react-query');
  return {
    ...real,
    useLoginMode: (tenantId: string) =>
      useQuery({ ...real.loginModeQueryOptions(tenantId), queryFn: () => api.getLoginMode(), enabled: !!tenantId }),
  };
});
vi.mock('../api/get-address.ts', () => ({ getAddress: api.getAddress }));
vi.mock('../api/exchange-sign-in.ts', () => ({ exchangeSignIn: api.exchangeSignIn }));
vi.mock('../api/ldap-login.ts', () => ({ ldapLogin: api.ldapLogin }));
vi.mock('../api/login.ts', () => ({ login: api.login }));
vi.mock('../api/get-user-info.ts', () => ({ getUserInfo: api.getUserInfo }));
vi.mock('../api/login-init.ts', () => ({ loginInit: api.loginInit }));
vi.mock('../api/get-tenant-detail.ts', async (original) => {
  const real = await original<typeof import('../api/get-tenant-detail.ts')>();
  const { useQuery } = await import('@tanstack/react-query');
  return {
    ...real,
    useTenantDetail: (tenantId: string) =>
      useQuery({
        ...real.tenantDetailQueryOptions(tenantId),
        queryFn: () => api.tenantDetail() as ReturnType<typeof real.getTenantDetail>,
      }),
  };
});
const { LoginPage } = await import('./login-page.tsx');
const { usePlainToasts } = await import('../../../components/plain-toast.tsx');
const { SESSION_STORAGE_KEY, sessionStorageBackend, sessionStore } =
  await import('../../../lib/session/session-store.ts');

const oidc = (localLogin: boolean): LoginMode => ({
  tenantId: '000000',
  localLogin,
  provider: { type: 'oidc', name: '统一身份认证' },
  eduSystemManageIdentityAuth: { status: 1, isSelfCas: 1 },
});

/** What localStorage held for the session when the first page after the login first rendered. */
let storedAtEntry: string | null | undefined;
function HomeProbe() {
  storedAtEntry ??= localStorage.getItem(SESSION_STORAGE_KEY);
  return <p>home page</p>;
}

let client: QueryClient;
function renderAt(url: string) {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        {/* No Ant Design provider: /login is plain React and CSS (ADR 0038). */}
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/home/homePage" element={<HomeProbe />} />
            <Route path="/" element={<p>landing page</p>} />
          </Routes>
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe("login page with the school's identity provider", () => {
  const assign = vi.fn();
  beforeEach(() => {
    vi.stubGlobal('location', { ...window.location, assign });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it("shows the school's button beside the password form, and follows getAddress with the return path", async () => {
    api.mode = oidc(true);
    renderAt('/login?redirect=/home/serviceHall');
    await userEvent.click(await screen.findByRole('button', { name: /统一身份认证登录/ }));
    expect(screen.getByLabelText('账号')).toBeTruthy();
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(
        'https://portal.example.edu/api/blade-auth/nobody/identity/start?tenantId=000000',
      ),
    );
    expect(api.getAddress).toHaveBeenCalledWith({ tenantId: '000000', redirect: '/home/serviceHall' });
  });

  it('goes straight to the school when the password login is off, but not after a logout or a failed sign-in', async () => {
    api.mode = oidc(false);
    renderAt('/login');
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    vi.clearAllMocks();
    renderAt('/login?logout=1');
    await screen.findAllByRole('button', { name: /统一身份认证登录/ });
    renderAt('/login?ssoError=providerUnreachable');
    expect((await screen.findAllByText('统一身份认证服务暂不可用，请稍后再试')).length).toBeGreaterThan(0);
    expect(assign).not.toHaveBeenCalled();
  });

  it('exchanges the one-time code on return and enters the page asked for', async () => {
    api.mode = oidc(true);
    renderAt('/login?tenantId=000000&sso=one-time-code&redirect=/home/homePage');
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(api.exchangeSignIn).toHaveBeenCalledTimes(1);
    expect(api.exchangeSignIn).toHaveBeenCalledWith('000000', 'one-time-code', { silent: true });
  });
});

describe('the plain password form', () => {
  const password: LoginMode = {
    tenantId: '000000',
    localLogin: true,
    provider: null,
    eduSystemManageIdentityAuth: { status: 1, isSelfCas: 1 },
  };
  afterEach(() => vi.clearAllMocks());

  it('names each missing field under it, marks it invalid and sends nothing', async () => {
    api.mode = password;
    renderAt('/login');
    await userEvent.clear(screen.getByLabelText('租户编号'));
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    for (const [label, text] of [
      ['租户编号', '请输入租户编号'],
      ['账号', '请输入账号'],
      ['密码', '请输入密码'],
    ] as const) {
      const input = screen.getByLabelText(label, { selector: 'input' });
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe(text);
    }
    expect(api.login).not.toHaveBeenCalled();
    // Typing a value clears its message.
    await userEvent.type(screen.getByLabelText('账号'), 'student01');
    expect(screen.queryByText('请输入账号')).toBeNull();
  });

  it('logs in with the three values, shows and hides the password, and enters the page asked for', async () => {
    api.mode = password;
    api.login.mockResolvedValueOnce({ access_token: 'a', refresh_token: 'r', tenant_id: '000000' });
    renderAt('/login?redirect=/home/homePage');
    await userEvent.type(screen.getByLabelText('账号'), 'student01');
    const secret = screen.getByLabelText('密码', { selector: 'input' });
    await userEvent.type(secret, 'Demo@12345');
    expect(secret.getAttribute('type')).toBe('password');
    await userEvent.click(screen.getByRole('button', { name: '显示密码' }));
    expect(secret.getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: '隐藏密码' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(api.login).toHaveBeenCalledWith(
      { tenantId: '000000', username: 'student01', password: 'Demo@12345' },
      { silent: true },
    );
  });

  it("forgets what was answered to the visitor: the user's pages ask again", async () => {
    api.mode = password;
    api.login.mockResolvedValueOnce({ access_token: 'a', refresh_token: 'r', tenant_id: '000000' });
    renderAt('/login?redirect=/home/homePage');
    // The three lists as a visitor saw them before signing in (fewer services than a student may open).
    client.setQueryData(['threeLists', 'inventory', 'page', { current: 1 }], { records: [], total: 0 });
    await userEvent.type(screen.getByLabelText('账号'), 'student01');
    await userEvent.type(screen.getByLabelText('密码', { selector: 'input' }), 'Demo@12345');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(client.getQueryData(['threeLists', 'inventory', 'page', { current: 1 }])).toBeUndefined();
  });

  it('has stored the session before the first page renders, so a reload at once stays logged in', async () => {
    sessionStore.getState().logoutClear();
    await sessionStorageBackend.flush();
    localStorage.removeItem(SESSION_STORAGE_KEY);
    storedAtEntry = undefined;
    // Encrypting takes a while, as on a slow phone: the page must wait for it.
    const encrypt = crypto.subtle.encrypt.bind(crypto.subtle);
    const slow = vi.spyOn(crypto.subtle, 'encrypt').mockImplementation(async (...args) => {
      await new Promise((r) => setTimeout(r, 60));
      return encrypt(...args);
    });
    try {
      api.mode = password;
      api.login.mockResolvedValueOnce({ access_token: 'token-at-entry', refresh_token: 'r', tenant_id: '000000' });
      renderAt('/login');
      await userEvent.type(screen.getByLabelText('账号'), 'student01');
      await userEvent.type(screen.getByLabelText('密码', { selector: 'input' }), 'Demo@12345');
      await userEvent.click(screen.getByRole('button', { name: '登录' }));
      expect(await screen.findByText('home page')).toBeTruthy();
      expect(storedAtEntry).toEqual(expect.any(String));
      const stored = JSON.parse((await sessionStorageBackend.getItem(SESSION_STORAGE_KEY))!) as {
        state: { token: string };
      };
      expect(stored.state.token).toBe('token-at-entry');
    } finally {
      slow.mockRestore();
    }
  });

  it("shows the server's message for a wrong password in an alert and stays", async () => {
    api.mode = password;
    const { HttpError } = await import('../../../lib/http/errors.ts');
    api.login.mockRejectedValueOnce(new HttpError(400, '账号或密码错误'));
    renderAt('/login');
    await userEvent.type(screen.getByLabelText('账号'), 'student01');
    await userEvent.type(screen.getByLabelText('密码', { selector: 'input' }), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.some((a) => a.textContent?.includes('账号或密码错误'))).toBe(true);
    expect(screen.queryByText('home page')).toBeNull();
  });

  it.each([
    ['zh-CN', '账号', '密码', '登录', '账号或密码错误'],
    ['en-US', 'Account', 'Password', 'Log in', 'Wrong account or password'],
  ] as const)(
    'says a wrong password once (%s): in the form, not in a toast as well',
    async (lang, accountLabel, passwordLabel, submit, wrong) => {
      api.mode = password;
      await setLanguage(lang);
      // Every toast /login shows (session-root.tsx's plain toasts), however short-lived.
      const toasts: string[] = [];
      const off = usePlainToasts.subscribe((s) => toasts.push(...s.toasts.map((toast) => toast.text)));
      try {
        const { HttpError } = await import('../../../lib/http/errors.ts');
        api.login.mockRejectedValueOnce(new HttpError(400, '账号或密码错误'));
        renderAt('/login');
        await userEvent.type(screen.getByLabelText(accountLabel), 'student01');
        await userEvent.type(screen.getByLabelText(passwordLabel, { selector: 'input' }), 'wrong');
        await userEvent.click(screen.getByRole('button', { name: submit }));
        // Next to the form, in an alert a screen reader reads out; once.
        const alert = await screen.findByRole('alert');
        expect(alert.textContent).toContain(wrong);
        expect(screen.getAllByText(wrong, { exact: false })).toHaveLength(1);
        expect(toasts).toEqual([]);
      } finally {
        off();
        await setLanguage('zh-CN');
      }
    },
  );

  it('keeps the error where it is while the next login is under way, and a second submit or tap meanwhile does nothing', async () => {
    api.mode = password;
    const { HttpError } = await import('../../../lib/http/errors.ts');
    const long = '登录失败次数过多，请15分钟后再试。如忘记密码，请携带校园卡到信息中心服务台办理密码重置';
    api.login.mockRejectedValueOnce(new HttpError(400, long));
    renderAt('/login');
    await userEvent.type(screen.getByLabelText('账号'), 'student01');
    await userEvent.type(screen.getByLabelText('密码', { selector: 'input' }), 'wrong');
    const submit = screen.getByRole('button', { name: '登录' });
    await userEvent.click(submit);
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain(long);

    // The next try: its answer is held back.
    let answer!: (err: unknown) => void;
    api.login.mockImplementationOnce(() => new Promise((_, reject) => (answer = reject)));
    resetClickGuard(); // a second try, not the second tap of a double tap
    // The clock stands still from the tap on: whatever follows is within the 800 ms of the tap.
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    await userEvent.click(submit);
    await waitFor(() => expect(submit.getAttribute('aria-busy')).toBe('true'));
    // The banner stays in place (the same element, its box kept) until the answer: the button does not move.
    expect(banner.isConnected).toBe(true);
    expect(screen.getByRole('alert')).toBe(banner);
    // Another submit meanwhile sends nothing; a tap on the link below lands on nothing either.
    fireEvent.submit(submit.closest('form')!);
    await userEvent.click(screen.getByRole('link', { name: '返回门户首页' }));
    expect(api.login).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('landing page')).toBeNull();
    clock.mockRestore();

    // The answer replaces the words in the same box.
    answer(new HttpError(400, '账号或密码错误'));
    await waitFor(() => expect(banner.textContent).toContain('账号或密码错误'));
    expect(banner.textContent).not.toContain(long);
    expect(screen.getByRole('alert')).toBe(banner);
    expect(submit.getAttribute('aria-busy')).toBeNull();
  });

  it('takes a double tap on 登录 as one login (800 ms guard)', async () => {
    api.mode = password;
    const { HttpError } = await import('../../../lib/http/errors.ts');
    api.login.mockRejectedValue(new HttpError(400, '账号或密码错误'));
    try {
      renderAt('/login');
      await userEvent.type(screen.getByLabelText('账号'), 'student01');
      await userEvent.type(screen.getByLabelText('密码', { selector: 'input' }), 'wrong');
      const form = screen.getByRole('button', { name: '登录' }).closest('form')!;
      fireEvent.submit(form);
      await screen.findByRole('alert');
      // The answer came at once (the button is pressable again); a tap within 800 ms is still the same tap.
      fireEvent.submit(form);
      expect(api.login).toHaveBeenCalledTimes(1);
    } finally {
      api.login.mockReset();
    }
  });

  it('offers the language switch before the login: English labels at once', async () => {
    renderAt('/login');
    await screen.findByLabelText('账号');
    await userEvent.click(screen.getByRole('button', { name: /语言|Language/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'English' }));
    try {
      expect(await screen.findByLabelText('Account')).toBeTruthy();
      expect(screen.getByLabelText(/^Password$/)).toBeTruthy();
    } finally {
      await setLanguage('zh-CN');
    }
  });

  it('says at once that a disabled tenant is disabled, not only after a login is tried', async () => {
    const { HttpError } = await import('../../../lib/http/errors.ts');
    api.mode = { tenantId: '100001', localLogin: true, provider: null, eduSystemManageIdentityAuth: null } as never;
    api.tenantDetail.mockRejectedValueOnce(new HttpError(8008, '该租户已停用，请联系管理员', '', 403));
    renderAt('/login?tenantId=100001');
    expect(await screen.findByText('该租户已停用，请联系管理员')).toBeTruthy();
  });
});

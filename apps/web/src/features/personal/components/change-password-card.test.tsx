import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, I18nProvider, setLanguage } from '../../../lib/i18n/i18n.ts';

const http = vi.hoisted(() => ({ post: vi.fn() }));
vi.mock('../../../lib/http/clients.ts', () => ({ workbenchHttp: { post: http.post } }));
const { ChangePasswordCard, reasonIn } = await import('./change-password-card.tsx');

const RULE = {
  regex: '^(?=.*[A-Za-z])(?=.*\\d)(?=.*[^A-Za-z\\d]).{8,20}$',
  message: '密码须为8-20位，包含字母、数字和符号',
  minLength: 8,
  maxLength: 20,
};

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <App>
          <ChangePasswordCard />
        </App>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

afterEach(() => vi.clearAllMocks());

describe('change password in the personal center', () => {
  it('checks the rule and the repeat before sending, then sends the current and the new password', async () => {
    http.post.mockImplementation(async (path: string) =>
      path.endsWith('/changePasswordInfo') ? { allowed: true, reason: '', ...RULE } : { otherSessionsEnded: 1 },
    );
    renderCard();
    const old = await screen.findByLabelText('原密码');
    const user = userEvent.setup();
    await user.type(old, 'Start#2026pw');
    await user.type(screen.getByLabelText('新密码'), 'password');
    await user.type(screen.getByLabelText('确认新密码'), 'passw0rd');
    await user.click(screen.getByRole('button', { name: /修改密码|修\s*改\s*密\s*码/ }));
    expect(await screen.findAllByText(RULE.message)).not.toHaveLength(0);
    expect(await screen.findByText('两次输入的新密码不一致')).toBeTruthy();
    expect(http.post).not.toHaveBeenCalledWith(expect.stringMatching(/\/changePassword$/), expect.anything());

    await user.clear(screen.getByLabelText('新密码'));
    await user.type(screen.getByLabelText('新密码'), 'Fresh#2026pw');
    await user.clear(screen.getByLabelText('确认新密码'));
    await user.type(screen.getByLabelText('确认新密码'), 'Fresh#2026pw');
    await user.click(screen.getByRole('button', { name: /修改密码|修\s*改\s*密\s*码/ }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('/eduSystemManagePwdConfig/changePassword', {
        oldPassword: 'Start#2026pw',
        newPassword: 'Fresh#2026pw',
      }),
    );
    expect(await screen.findByText('密码已修改，其他设备上的登录已退出')).toBeTruthy();
  });

  it('says a new password too short and of the wrong kind once, under the hint of the same words', async () => {
    http.post.mockImplementation(async () => ({ allowed: true, reason: '', ...RULE }));
    renderCard();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('新密码'), 'abc');
    await user.click(screen.getByRole('button', { name: /修改密码|修\s*改\s*密\s*码/ }));
    await waitFor(() => expect(screen.getAllByText(RULE.message)).toHaveLength(2));
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.getAllByText(RULE.message)).toHaveLength(2);
  });

  it('shows why, and no form, to a user who may not change it here', async () => {
    http.post.mockResolvedValue({ allowed: false, reason: '演示账号不能修改密码', ...RULE });
    renderCard();
    expect(await screen.findByText('演示账号不能修改密码')).toBeTruthy();
    expect(screen.queryByLabelText('原密码')).toBeNull();
  });

  it('in English, says the same reason in English; a reason it does not know stays as the server wrote it', async () => {
    expect(reasonIn('en-US', '本校使用统一身份认证，请到统一身份认证平台修改密码')).toBe(
      'Your school signs in through its identity provider: change your password there',
    );
    expect(reasonIn('zh-CN', '演示账号不能修改密码')).toBe('演示账号不能修改密码');
    expect(reasonIn('en-US', '别的原因')).toBe('别的原因');
    http.post.mockResolvedValue({ allowed: false, reason: '演示账号不能修改密码', ...RULE });
    await setLanguage('en-US');
    try {
      renderCard();
      expect(await screen.findByText('Demo accounts cannot change their password')).toBeTruthy();
    } finally {
      await setLanguage('zh-CN');
    }
  });
});

import type { Theme, ThemeDetail } from '@portal/contracts/workbench';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/http/errors.ts';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { UserThemeDialog } from './user-theme-dialog.tsx';

const tenant: Theme = {
  themeName: '学校蓝',
  themeId: 'school',
  themeColor: '#1d39c4',
  themeImg: '',
  themeImgBorderColor: '',
  WaitingForMeToHandleBCImg: '',
};
const detail = (own: Partial<Theme> | null): ThemeDetail => ({ ...tenant, ...own, personal: own !== null, tenant });

function setup(start: ThemeDetail) {
  const api = {
    load: vi.fn(async () => start),
    submit: vi.fn(async (t: Theme) => t),
    remove: vi.fn(async () => detail(null)),
  };
  const onClose = vi.fn();
  render(
    <I18nProvider i18n={i18n}>
      <App>
        <UserThemeDialog open onClose={onClose} api={api as never} />
      </App>
    </I18nProvider>,
  );
  return { api, onClose };
}

describe('user theme dialog (7.4 userThemeSetUp/submit)', () => {
  afterEach(() => sessionStore.getState().logoutClear());

  it("follows the school's theme by default, and saving a preset applies it at once as the user's own", async () => {
    sessionStore.getState().setTheme(detail(null));
    const { api, onClose } = setup(detail(null));
    await waitFor(() => expect(api.load).toHaveBeenCalled());
    expect((screen.getByRole('radio', { name: /跟随学校主题/ }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: /中国红/ }));
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.submit).toHaveBeenCalledWith(expect.objectContaining({ themeId: 'red', themeColor: '#c8102e' }));
    expect(sessionStore.getState().theme).toMatchObject({
      themeColor: '#c8102e',
      personal: true,
      tenant: { themeColor: '#1d39c4' },
    });
    expect(await screen.findByText('保存成功')).toBeTruthy();
  });

  it("shows the user's own theme as chosen, and going back to the school's theme drops it", async () => {
    sessionStore.getState().setTheme(detail({ themeId: 'green', themeColor: '#00a870' }));
    const { api } = setup(detail({ themeId: 'green', themeColor: '#00a870' }));
    await waitFor(() => expect((screen.getByRole('radio', { name: /翡翠绿/ }) as HTMLInputElement).checked).toBe(true));
    await userEvent.click(screen.getByRole('radio', { name: /跟随学校主题/ }));
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.remove).toHaveBeenCalled());
    expect(api.submit).not.toHaveBeenCalled();
    expect(sessionStore.getState().theme).toMatchObject({ themeColor: '#1d39c4', personal: false });
  });

  it('takes a custom colour, refusing one that is not a colour', async () => {
    const { api } = setup(detail(null));
    await userEvent.click(screen.getByRole('radio', { name: /自定义颜色/ }));
    const input = screen.getByTestId('user-theme-color');
    await userEvent.clear(input);
    await userEvent.type(input, 'pink');
    expect((await screen.findByRole('alert')).textContent).toBe('主题色格式不正确');
    expect(screen.getByRole('button', { name: /保\s*存/ }).hasAttribute('disabled')).toBe(true);
    await userEvent.clear(input);
    await userEvent.type(input, '#7a1f5c');
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(api.submit).toHaveBeenCalledWith(expect.objectContaining({ themeId: 'custom', themeColor: '#7a1f5c' })),
    );
  });

  it('keeps the shown theme and says why when the server refuses', async () => {
    sessionStore.getState().setTheme(detail(null));
    const { api, onClose } = setup(detail(null));
    api.submit.mockRejectedValueOnce(new HttpError(8008, '主题色格式不正确'));
    await userEvent.click(screen.getByRole('radio', { name: /典雅紫/ }));
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('主题色格式不正确')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(sessionStore.getState().theme?.themeColor).toBe('#1d39c4');
  });
});

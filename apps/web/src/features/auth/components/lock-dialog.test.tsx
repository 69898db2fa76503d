import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AntdTheme } from '../../../components/antd-theme.tsx';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';

const lock = vi.hoisted(() => ({ lockScreen: vi.fn(async () => undefined) }));
vi.mock('../lock.ts', () => lock);
const { LockDialog } = await import('./lock-dialog.tsx');

describe('the lock dialog', () => {
  const renderDialog = () =>
    render(
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient()}>
          <I18nProvider i18n={i18n}>
            <App>
              <LockDialog open onClose={() => undefined} />
            </App>
          </I18nProvider>
        </QueryClientProvider>
      </MemoryRouter>,
    );

  it('asks for a password when it is locked empty, and does not lock (nor throw)', async () => {
    renderDialog();
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /^锁\s*定$/ }));
    expect(await screen.findByText(i18n.t('lock.passwordRequired'))).toBeTruthy();
    expect(lock.lockScreen).not.toHaveBeenCalled();
  });

  it('refuses a password of spaces alone with the same message, and locks with one that has more', async () => {
    renderDialog();
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('锁屏密码'), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: /^锁\s*定$/ }));
    expect(await screen.findByText(i18n.t('lock.passwordRequired'))).toBeTruthy();
    expect(lock.lockScreen).not.toHaveBeenCalled();

    await userEvent.type(within(dialog).getByLabelText('锁屏密码'), 'a');
    await userEvent.click(within(dialog).getByRole('button', { name: /^锁\s*定$/ }));
    await waitFor(() => expect(lock.lockScreen).toHaveBeenCalledWith('   a'));
  });

  it('opened from the keyboard, has the focus in its password field: the user types at once', async () => {
    function Opener() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            锁屏
          </button>
          <LockDialog open={open} onClose={() => setOpen(false)} />
        </>
      );
    }
    render(
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient()}>
          <I18nProvider i18n={i18n}>
            <AntdTheme>
              <Opener />
            </AntdTheme>
          </I18nProvider>
        </QueryClientProvider>
      </MemoryRouter>,
    );
    screen.getByRole('button', { name: '锁屏' }).focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('锁屏密码')));
  });
});

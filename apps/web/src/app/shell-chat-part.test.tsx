import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../lib/session/session-store.ts';
import { STUDENT_USER } from '../test/student-user.ts';
import { Providers } from './providers.tsx';
import { AppRoutes } from './router.tsx';

// A page left open across a redeploy: the chat's code part of the old build is gone (404).
vi.mock('./chat-composition.tsx', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/chat-composition-OLD.js');
});

describe("the shell's chat entry when the chat's code part does not arrive", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    sessionStore.getState().logoutClear({ announce: false });
  });

  it('says so at the press, with 重新加载, instead of doing nothing', async () => {
    sessionStore.setState({
      token: 'a1',
      tenantId: '000000',
      user: STUDENT_USER,
    });
    render(
      <Providers>
        <MemoryRouter initialEntries={['/home/threelists']}>
          <AppRoutes />
        </MemoryRouter>
      </Providers>,
    );
    const entry = await screen.findByRole('button', { name: '即时通讯' }, { timeout: 15_000 });
    // Pressed whether the failure is known yet or not (it comes after the shell's first paint): it is said.
    const said = '聊天加载失败：网络不稳定或系统已更新。';
    expect(screen.queryByText(said)).toBeNull();
    await userEvent.click(entry);
    const alert = await screen.findByText(said);
    expect(alert.getAttribute('role')).toBe('alert');
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    await userEvent.click(within(alert.parentElement!).getByRole('button', { name: '重新加载' }));
    await waitFor(() => expect(reload).toHaveBeenCalled());
  });
});

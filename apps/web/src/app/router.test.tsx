import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lockScreen } from '../features/auth/lock.ts';
import { sessionStore } from '../lib/session/session-store.ts';
import { STUDENT_USER } from '../test/student-user.ts';
import { Providers } from './providers.tsx';
import { AppRoutes } from './router.tsx';

let where = '';
function LocationProbe() {
  const location = useLocation();
  where = location.pathname + location.search;
  return null;
}
const at = (path: string, children: ReactNode = <AppRoutes />) =>
  render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>
        {children}
        <LocationProbe />
      </MemoryRouter>
    </Providers>,
  );

describe('the route table (issue 10, ADR 0059)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('renders nothing while the route parts load, then the page and its title, without a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { container } = at('/deleteNoPag');
    expect(container.innerHTML).toBe('');
    await screen.findByRole('heading', { name: '消息已被删除' }, { timeout: 15_000 });
    await waitFor(() => expect(document.title).toBe('消息已删除 - 网上办事服务大厅'));
    expect(warn).not.toHaveBeenCalled();
  });

  it("lets the guard see the deepest route's handle: a public page of the shell stays, another one asks for a login", async () => {
    at('/home/threelists');
    await waitFor(() => expect(document.title).toBe('三清单 - 网上办事服务大厅'), { timeout: 15_000 });
    expect(where).toBe('/home/threelists');
    at('/home/serviceHall');
    await waitFor(() => expect(where).toBe('/login?redirect=%2Fhome%2FserviceHall'));
  });

  it('sends a locked session to the lock page from a page a visitor may open too (/, /allServices), but leaves /login open', async () => {
    sessionStore.setState({
      token: 'a1',
      tenantId: '000000',
      lock: true,
      user: STUDENT_USER,
    });
    try {
      at('/home/threelists');
      await waitFor(() => expect(where).toBe('/lock'), { timeout: 15_000 });
      // The landing pages showed the signed-in user's stars and buttons behind the lock.
      for (const path of ['/', '/allServices']) {
        at(path);
        await waitFor(() => expect(where).toBe('/lock'), { timeout: 15_000 });
      }
      at('/login');
      await waitFor(() => expect(document.title).toBe('统一身份认证登录 - 网上办事服务大厅'), { timeout: 15_000 });
      expect(where).toBe('/login');
    } finally {
      sessionStore.getState().logoutClear({ announce: false });
    }
  });

  it('gives the focus to the main landmark of the page returned to after unlocking, not to the body', async () => {
    const user = STUDENT_USER;
    sessionStore.setState({ token: 'a1', tenantId: '000000', user });
    await lockScreen('锁屏密码1');
    try {
      at('/home/threelists', <AppRoutes />);
      await waitFor(() => expect(where).toBe('/lock'), { timeout: 15_000 });
      fireEvent.change(await screen.findByLabelText('锁屏密码', {}, { timeout: 15_000 }), {
        target: { value: '锁屏密码1' },
      });
      fireEvent.click(screen.getByRole('button', { name: /^解\s?锁$/ }));
      await waitFor(() => expect(where).toBe('/home/threelists'), { timeout: 15_000 });
      await waitFor(() => expect(document.activeElement?.id).toBe('main-content'), { timeout: 15_000 });
      expect(document.activeElement?.tagName).toBe('MAIN');
    } finally {
      sessionStore.getState().logoutClear({ announce: false });
    }
  });

  it('titles a path no route has, outside the guard, as the page that does not exist', async () => {
    at('/no-such-page');
    await screen.findByRole('heading', { name: '页面不存在' }, { timeout: 15_000 });
    await waitFor(() => expect(document.title).toBe('页面不存在 - 网上办事服务大厅'));
    // Its own main landmark (it is outside the shell), and one link back, not a button inside a link (two tab stops).
    expect(screen.getAllByRole('main')).toHaveLength(1);
    const back = screen.getByRole('link', { name: '返回首页' });
    expect(back.getAttribute('href')).toBe('/');
    expect(back.querySelector('button, a')).toBeNull();
    expect(screen.queryByRole('button', { name: '返回首页' })).toBeNull();
  });
});

import { act, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, I18nProvider } from '../lib/i18n/i18n.ts';
import { zhCN } from '../lib/i18n/zh-CN.ts';
import { SessionDialogs } from './session-dialogs.tsx';
import { useSessionDialogs } from './session-dialogs-store.ts';

function Where() {
  const l = useLocation();
  return <output data-testid="where">{`${l.pathname}${l.search}`}</output>;
}

function renderAt(path: string) {
  return render(
    <I18nProvider i18n={i18n}>
      <App>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="*" element={<SessionDialogs />} />
          </Routes>
          <Where />
        </MemoryRouter>
      </App>
    </I18nProvider>,
  );
}

afterEach(() => useSessionDialogs.getState().close());

describe('the session dialogs (2.4, 4.3)', () => {
  it('says a session whose time ran out has expired; only failing checks get section 8’s 当前登录信息异常', async () => {
    renderAt('/home/serviceHall');
    act(() => useSessionDialogs.getState().show('forced'));
    expect((await screen.findByRole('alert')).textContent).toBe(zhCN.session.expiredBody);
    expect(screen.getByRole('dialog', { name: zhCN.session.forcedTitle })).toBeTruthy();
    act(() => useSessionDialogs.getState().close());
    act(() => useSessionDialogs.getState().show('failing'));
    expect((await screen.findByRole('alert')).textContent).toBe(zhCN.errors.session);
  });

  it('keeps the forced dialog over a later 401, and opens none twice', () => {
    const { show } = useSessionDialogs.getState();
    show('expired');
    show('forced');
    expect(useSessionDialogs.getState().open).toBe('forced');
    show('expired');
    show('failing');
    expect(useSessionDialogs.getState().open).toBe('forced');
  });

  it('重新登录 goes to the re-login page, which comes back to this page after the login', async () => {
    window.history.replaceState(null, '', '/home/serviceHall?serviceType=');
    renderAt('/home/serviceHall?serviceType=');
    act(() => useSessionDialogs.getState().show('expired'));
    act(() => screen.getByRole('button', { name: zhCN.session.reLogin }).click());
    expect(screen.getByTestId('where').textContent).toBe(
      '/login?isLogin=true&redirect=%2Fhome%2FserviceHall%3FserviceType%3D',
    );
    expect(useSessionDialogs.getState().open).toBeNull();
  });
});

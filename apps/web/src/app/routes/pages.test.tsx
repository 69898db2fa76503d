import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, I18nProvider } from '../../lib/i18n/i18n.ts';
import { sessionStore } from '../../lib/session/session-store.ts';
import { DeletedMessagePage } from './pages.tsx';

function renderDeleted() {
  return render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/deleteNoPag']}>
        <Routes>
          <Route path="/deleteNoPag" element={<DeletedMessagePage />} />
          <Route path="/" element={<p>landing page</p>} />
          <Route path="/home/homePage" element={<p>home page</p>} />
        </Routes>
      </MemoryRouter>
    </I18nProvider>,
  );
}

describe('/deleteNoPag', () => {
  afterEach(() => sessionStore.getState().logoutClear());

  it('is no dead end: a visitor goes on to the landing page', async () => {
    renderDeleted();
    expect(screen.getByRole('heading', { name: '消息已被删除' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '返回首页' }));
    expect(await screen.findByText('landing page')).toBeTruthy();
  });

  it('takes a signed-in user to their home page', async () => {
    sessionStore.getState().setTokens({ access_token: 'a', refresh_token: 'r', tenant_id: '000000' });
    renderDeleted();
    await userEvent.click(screen.getByRole('button', { name: '返回首页' }));
    expect(await screen.findByText('home page')).toBeTruthy();
  });
});

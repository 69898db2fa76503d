import { act, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { LockPage } from './lock-page.tsx';

describe('the lock page', () => {
  beforeEach(() => sessionStore.setState({ lock: true }));
  afterEach(async () => {
    sessionStore.setState({ lock: false });
    await act(() => i18n.changeLanguage('zh-CN'));
  });

  it.each([
    ['zh-CN', '屏幕已锁定'],
    ['en-US', 'Screen locked'],
  ] as const)('%s: its heading reads %s, without the lock icon\'s English name ("lock")', async (lang, name) => {
    await act(() => i18n.changeLanguage(lang));
    render(
      <MemoryRouter>
        <I18nProvider i18n={i18n}>
          <App>
            <LockPage onLogout={() => undefined} />
          </App>
        </I18nProvider>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name })).toBeTruthy();
  });
});

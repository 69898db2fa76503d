import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';

vi.mock('../api/get-robot-greet.ts', () => ({
  useRobotGreet: () => ({ data: undefined, isLoading: false }),
}));
vi.mock('../api/get-robot-recommend-list.ts', () => ({
  useRobotRecommendList: () => ({ data: [] }),
}));
const { RobotWindow } = await import('./robot-window.tsx');

afterEach(() => act(() => i18n.changeLanguage('zh-CN')));

describe("the robot assistant's window", () => {
  it.each([
    ['zh-CN', '更多'],
    ['en-US', 'More'],
  ] as const)('%s: the button listing the tabs that do not fit is named %s', async (lang, name) => {
    await act(() => i18n.changeLanguage(lang));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nProvider i18n={i18n}>
          <App>
            <RobotWindow open onClose={() => undefined} />
          </App>
        </I18nProvider>
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog');
    // Ant Design hides it (visibility: hidden) while every tab fits, as jsdom's zero widths make them; shown, as when
    // a phone's width leaves a tab out, it is a button with a name.
    const more = dialog.querySelector<HTMLElement>('.ant-tabs-nav-more');
    expect(more).not.toBeNull();
    more!.style.visibility = 'visible';
    expect(screen.getByRole('button', { name })).toBe(more);
  });
});

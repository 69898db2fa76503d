import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';
import { RobotEntry } from './robot-entry.tsx';

afterEach(() => act(() => i18n.changeLanguage('zh-CN')));

describe("the robot assistant's button", () => {
  it.each([
    ['zh-CN', '智能助手'],
    ['en-US', 'Assistant'],
  ] as const)('%s: is named %s alone, without its icon\'s English name ("robot")', async (lang, name) => {
    await act(() => i18n.changeLanguage(lang));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nProvider i18n={i18n}>
          <App>
            <RobotEntry />
          </App>
        </I18nProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('button', { name })).toBeTruthy();
  });
});

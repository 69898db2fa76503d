import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import type { NavigationItem } from '@portal/contracts/workbench';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';

const ITEMS: NavigationItem[] = [
  {
    id: 'n1',
    navigationName: '图书馆',
    navigationType: 'ADD',
    isBuilt: 2,
    isAuto: 1,
    configPath: 'https://lib.demo.edu.cn',
    embedded: true,
    sort: 1,
  },
];
vi.mock('../../../lib/http/clients.ts', () => ({
  ospHttp: { post: async (path: string) => (path === '/indexnavigationconfig/list' ? ITEMS : null) },
  workbenchHttp: { post: async () => null },
}));
const { NavigationConfigPage } = await import('./navigation-config-page.tsx');

afterEach(() => act(() => i18n.changeLanguage('zh-CN')));

function renderPage() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider i18n={i18n}>
        <App>
          <NavigationConfigPage />
        </App>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('navigation configuration dialog title', () => {
  it.each([
    // Ant Design spaces a two-character Chinese button label (编 辑).
    ['zh-CN', '添加导航', /^编\s?辑$/, '编辑导航'],
    ['en-US', 'Add navigation item', /^Edit$/, 'Edit navigation item'],
  ] as const)('%s: adding is titled as an add, editing an item as an edit', async (lang, add, edit, editTitle) => {
    await act(() => i18n.changeLanguage(lang));
    const user = userEvent.setup();
    renderPage();
    const row = (await screen.findByText('图书馆')).closest('tr')!;
    await user.click(screen.getByRole('button', { name: add }));
    expect(within(await screen.findByRole('dialog')).getByText(add)).toBeTruthy();
    await user.keyboard('{Escape}');
    await user.click(within(row as HTMLElement).getByRole('button', { name: edit }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(editTitle)).toBeTruthy();
    expect(within(dialog).queryByText(add)).toBeNull();
    expect(
      within(dialog)
        .getAllByRole('textbox')
        .map((b) => (b as HTMLInputElement).value),
    ).toContain('图书馆');
  });
});

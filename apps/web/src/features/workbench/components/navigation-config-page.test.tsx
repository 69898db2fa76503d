import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { CUSTOM_NAVIGATION_LIMIT } from '@portal/contracts/constants';
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
/** The list the server answers; a test may put more items in. */
let listed = ITEMS;
/** The paths posted, in order. */
const sent: string[] = [];
vi.mock('../../../lib/http/clients.ts', () => ({
  ospHttp: {
    post: async (path: string) => {
      sent.push(path);
      return path === '/indexnavigationconfig/list' ? listed : null;
    },
  },
  workbenchHttp: { post: async () => null },
}));
const { NavigationConfigPage } = await import('./navigation-config-page.tsx');

afterEach(async () => {
  listed = ITEMS;
  sent.length = 0;
  await act(() => i18n.changeLanguage('zh-CN'));
});

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
    // A row's button names its row (编辑 图书馆).
    ['zh-CN', '添加导航', '编辑 图书馆', '编辑导航'],
    ['en-US', 'Add navigation item', 'Edit 图书馆', 'Edit navigation item'],
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

describe('navigation configuration at the limit of custom items', () => {
  const custom = (n: number): NavigationItem[] =>
    Array.from({ length: n }, (_, i) => ({
      ...ITEMS[0]!,
      id: `n${i + 1}`,
      navigationName: `导航${i + 1}`,
      sort: i + 1,
    }));

  it(`disables 添加导航 with ${CUSTOM_NAVIGATION_LIMIT} custom items and says why`, async () => {
    listed = custom(CUSTOM_NAVIGATION_LIMIT);
    const user = userEvent.setup();
    renderPage();
    await screen.findByText(`导航${CUSTOM_NAVIGATION_LIMIT}`);
    const add = screen.getByRole('button', { name: '添加导航' });
    expect(add).toHaveProperty('disabled', true);
    // The reason is the button's description, for a screen reader as for the eye.
    const reason = document.getElementById(add.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe(`自定义导航最多可添加6个 (${CUSTOM_NAVIGATION_LIMIT}/${CUSTOM_NAVIGATION_LIMIT})`);
    // The disabled button takes no focus; its wrapper does, and shows the reason as a tooltip.
    await user.tab();
    expect(document.activeElement).toBe(add.parentElement);
    expect((await screen.findByRole('tooltip')).textContent).toBe('自定义导航最多可添加6个');
    await user.click(add);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps 添加导航 enabled below the limit', async () => {
    listed = custom(CUSTOM_NAVIGATION_LIMIT - 1);
    const user = userEvent.setup();
    renderPage();
    await screen.findByText(`导航${CUSTOM_NAVIGATION_LIMIT - 1}`);
    const add = screen.getByRole('button', { name: '添加导航' });
    expect(add).toHaveProperty('disabled', false);
    expect(add.getAttribute('aria-describedby')).toBeNull();
    await user.click(add);
    const dialog = await screen.findByRole('dialog');
    // The name's limit is shown as it is typed: at 20 more is not taken, and the count says so.
    await user.type(within(dialog).getByLabelText('导航名称'), 'L'.repeat(24));
    expect((within(dialog).getByLabelText('导航名称') as HTMLInputElement).value).toHaveLength(20);
    expect(within(dialog).getByText('20 / 20')).toBeTruthy();
  });
});

describe('navigation item names', () => {
  it('refuses a name of white space only in the field, with its required message, and sends nothing', async () => {
    renderPage();
    await screen.findByText('图书馆');
    fireEvent.click(screen.getByText('添加导航'));
    const name = await screen.findByLabelText('导航名称');
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.change(screen.getByLabelText('链接地址'), { target: { value: 'https://www.demo.edu.cn' } });
    fireEvent.click(screen.getByText(/^保\s*存$/));
    expect(await screen.findByText('请输入导航名称')).toBeTruthy();
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(sent).not.toContain('/indexnavigationconfig/submit');
  });
});

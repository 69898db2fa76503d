import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { WORKBENCH_MESSAGES, type NavigationItem } from '@portal/contracts/workbench';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/http/errors.ts';
import { i18n, I18nProvider, serverTextsReady, setLanguage } from '../../../lib/i18n/i18n.ts';

const item = (navigationName: string, version: string): NavigationItem => ({
  id: 'n1',
  navigationName,
  navigationType: 'ADD',
  isBuilt: 2,
  isAuto: 1,
  configPath: 'https://lib.demo.edu.cn',
  embedded: true,
  sort: 1,
  version,
});
const http = vi.hoisted(() => ({ osp: vi.fn() }));
vi.mock('../../../lib/http/clients.ts', () => ({
  ospHttp: { post: http.osp },
  workbenchHttp: { post: async () => null },
}));
const { NavigationConfigPage } = await import('./navigation-config-page.tsx');

afterEach(async () => {
  vi.clearAllMocks();
  await setLanguage('zh-CN');
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

/** ADR 0075: another administrator saved the item after this one opened it. */
describe('the navigation dialog and a change made meanwhile', () => {
  it.each([
    ['zh-CN', '编辑 图书馆', /保\s*存/, '该配置已被他人修改，请刷新后重试', '重新加载'],
    ['en-US', 'Edit 图书馆', /Save/, 'This item was changed by someone else; reload it and try again', 'Reload'],
  ] as const)(
    '%s: sends the version it opened on; refused, says so and reloads the item',
    async (lang, edit, save, text, reload) => {
      await setLanguage(lang);
      await serverTextsReady();
      let current = item('图书馆', 'v-opened');
      http.osp.mockImplementation(async (path: string) => {
        if (path === '/indexnavigationconfig/list') return [current];
        if (path === '/indexnavigationconfig/submit')
          throw new HttpError(409, WORKBENCH_MESSAGES.changedMeanwhile, 'navigation', 409);
        return null;
      });
      renderPage();
      const row = (await screen.findByText('图书馆')).closest('tr')!;
      await userEvent.click(within(row as HTMLElement).getByRole('button', { name: edit }));
      const dialog = await screen.findByRole('dialog');
      // Meanwhile another administrator renames the item.
      current = item('新图书馆', 'v-now');
      await userEvent.click(within(dialog).getByRole('button', { name: save }));
      await waitFor(() =>
        expect(http.osp).toHaveBeenCalledWith(
          '/indexnavigationconfig/submit',
          expect.objectContaining({ id: 'n1', version: 'v-opened' }),
          expect.anything(),
        ),
      );
      const refusal = await waitFor(() => {
        const found = screen.getAllByRole('dialog').find((d) => within(d).queryAllByText(text).length > 0);
        expect(found).toBeTruthy();
        return found!;
      });
      await userEvent.click(within(refusal).getByRole('button', { name: reload }));
      // The dialog now holds the item as the other administrator saved it.
      await waitFor(() => expect(screen.getAllByDisplayValue('新图书馆').length).toBeGreaterThan(0));
    },
  );
});

/** ADR 0074: the dialog shows an item's English and sends the one the administrator typed. */
describe("the navigation dialog and an item's English", () => {
  it('shows the English the item has, and saves the one typed', async () => {
    const user = userEvent.setup();
    http.osp.mockImplementation(async (path: string) =>
      path === '/indexnavigationconfig/list' ? [{ ...item('图书馆', 'v1'), navigationNameEn: 'Library' }] : null,
    );
    renderPage();
    // The list shows it beside the Chinese.
    const row = (await screen.findByText('图书馆')).closest('tr')!;
    expect(within(row as HTMLElement).getByText('Library')).toBeTruthy();
    await user.click(within(row as HTMLElement).getByRole('button', { name: '编辑 图书馆' }));
    const dialog = await screen.findByRole('dialog');
    const english = within(dialog).getByLabelText('英文名称');
    expect((english as HTMLInputElement).value).toBe('Library');
    await user.clear(english);
    await user.type(english, 'Campus library');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(http.osp).toHaveBeenCalledWith(
        '/indexnavigationconfig/submit',
        expect.objectContaining({
          id: 'n1',
          navigationName: '图书馆',
          navigationNameEn: 'Campus library',
          version: 'v1',
        }),
        expect.anything(),
      ),
    );
  });
});

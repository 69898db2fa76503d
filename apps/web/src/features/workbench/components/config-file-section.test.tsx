import type { ConfigImportSummary } from '@portal/contracts/config-transfer';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';

const summary = (preview: boolean): ConfigImportSummary => ({
  preview,
  tenantName: '示例大学',
  exportedAt: '2026-11-24T06:00:00.000Z',
  counts: { tabs: 2, cards: 5, columns: 7, navigation: 3, tools: 4, settings: 4, landing: 9, holidays: 3, specials: 2 },
  skipped: [{ section: 'cards', item: '办事直通车 / librarian', reason: '目标租户没有该角色，已跳过该授权' }],
  leftOut: '不含用户、会话、密码与任何密钥',
});
const api = vi.hoisted(() => ({
  exportFile: vi.fn(),
  importFile: vi.fn(),
  save: vi.fn(),
  theme: vi.fn(async () => ({
    themeName: '默认',
    themeId: 'default',
    themeColor: '#123456',
    themeImg: '',
    themeImgBorderColor: '',
    WaitingForMeToHandleBCImg: '',
    personal: false,
    tenant: {
      themeName: '默认',
      themeId: 'default',
      themeColor: '#123456',
      themeImg: '',
      themeImgBorderColor: '',
      WaitingForMeToHandleBCImg: '',
    },
  })),
}));
vi.mock('../api/export-config-file.ts', () => ({ exportConfigFile: api.exportFile }));
vi.mock('../api/import-config-file.ts', () => ({ importConfigFile: api.importFile }));
vi.mock('../../../lib/download.ts', () => ({ saveBlob: api.save }));
vi.mock('../api/get-theme.ts', () => ({ getTheme: api.theme }));
const { ConfigFileSection } = await import('./config-file-section.tsx');

function renderSection() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider i18n={i18n}>
        <App>
          <ConfigFileSection />
        </App>
      </I18nProvider>
    </QueryClientProvider>,
  );
}
const file = () =>
  new File(['{"format":"campus-portal.workbench-config"}'], 'config.json', { type: 'application/json' });

/** Issue 16: the workbench configuration moves as one file (export, then import with a preview and a confirmation). */
describe('configuration file (homePageConfig)', () => {
  afterEach(() => vi.clearAllMocks());

  it('downloads the exported file under the name the server gave', async () => {
    const blob = new Blob(['{}']);
    api.exportFile.mockResolvedValue({ blob, fileName: 'workbench-config-000000-20261124-0600.json' });
    renderSection();
    await userEvent.click(screen.getByRole('button', { name: '导出配置' }));
    await waitFor(() => expect(api.save).toHaveBeenCalledWith(blob, 'workbench-config-000000-20261124-0600.json'));
  });

  it('previews the file, asks before replacing, then imports it and shows the result', async () => {
    api.importFile.mockImplementation(async (_f: File, preview: boolean) => summary(preview));
    renderSection();
    expect(screen.getByRole('button', { name: '导入配置' })).toBeTruthy();
    await userEvent.upload(screen.getByLabelText('选择配置文件（.json）'), file());
    const dialog = await screen.findByRole('dialog');
    expect(api.importFile).toHaveBeenCalledTimes(1);
    expect(api.importFile.mock.calls[0]![1]).toBe(true);
    expect(within(dialog).getByText('导入将替换当前租户的首页配置，确定吗？')).toBeTruthy();
    expect(within(dialog).getByText(/首页标签 2 个，卡片 5 张/)).toBeTruthy();
    expect(within(dialog).getByText(/以下 1 项将被跳过/)).toBeTruthy();
    expect(within(dialog).getByText(/办事直通车 \/ librarian：目标租户没有该角色/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: /导\s*入/ }));
    await waitFor(() => expect(api.importFile).toHaveBeenCalledTimes(2));
    expect(api.importFile.mock.calls[1]![1]).toBe(false);
    expect(await screen.findByTestId('config-result')).toBeTruthy();
    // The shell takes the imported theme at once.
    await waitFor(() => expect(sessionStore.getState().theme?.themeColor).toBe('#123456'));
    expect(screen.getByText(/以下 1 项已跳过/)).toBeTruthy();
  });

  it('writes nothing when the administrator cancels', async () => {
    api.importFile.mockImplementation(async (_f: File, preview: boolean) => summary(preview));
    renderSection();
    await userEvent.upload(screen.getByLabelText('选择配置文件（.json）'), file());
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.importFile).toHaveBeenCalledTimes(1);
  });

  it("shows the server's message for a bad file and asks nothing", async () => {
    api.importFile.mockRejectedValue(
      Object.assign(new Error('x'), { msg: '文件不是工作台配置文件（format 应为 campus-portal.workbench-config）' }),
    );
    renderSection();
    await userEvent.upload(screen.getByLabelText('选择配置文件（.json）'), file());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('文件不是工作台配置文件');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.importFile).toHaveBeenCalledTimes(1);
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';

const http = vi.hoisted(() => ({ osp: vi.fn(), wb: vi.fn() }));
vi.mock('../../../lib/http/clients.ts', () => ({
  ospHttp: { post: http.osp },
  workbenchHttp: { post: http.wb },
}));
const { ManagementGuideConfigPage } = await import('./management-guide-config-page.tsx');

const SERVICES = [
  { serviceId: 's1', serviceName: '成绩查询', serviceDeptName: '教务处', hasGuide: true },
  { serviceId: 's2', serviceName: '宿舍报修', serviceDeptName: '后勤处', hasGuide: false },
];

function renderPage() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider i18n={i18n}>
        <App>
          <ManagementGuideConfigPage />
        </App>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.clearAllMocks());

describe('办事指南配置 (issue 16)', () => {
  it('writes a guide in the rich-text editor and saves it, and refuses an empty one', async () => {
    http.osp.mockResolvedValue(SERVICES);
    http.wb.mockImplementation(async (path: string, body: { serviceId: string; content?: string }) =>
      path.endsWith('/detail')
        ? { serviceId: body.serviceId, serviceName: '宿舍报修', content: '', updatedAt: null }
        : { serviceId: body.serviceId, serviceName: '宿舍报修', content: body.content, updatedAt: 'now' },
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: '编写办事指南（宿舍报修）' }));
    const dialog = await screen.findByRole('dialog', { name: '办事指南：宿舍报修' });
    const editor = await within(dialog).findByRole('textbox', { name: '指南内容' });
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请输入办事指南内容')).toBeTruthy();
    expect(http.wb).not.toHaveBeenCalledWith('/guide/manage/save', expect.anything());

    editor.innerHTML = '<p>报修电话：88886666</p><script>alert(1)</script>';
    fireEvent.input(editor);
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(http.wb).toHaveBeenCalledWith('/guide/manage/save', {
        serviceId: 's2',
        content: '<p>报修电话：88886666</p>',
      }),
    );
    expect(await screen.findByText('办事指南已保存')).toBeTruthy();
  });

  it('deletes a guide only after the confirmation', async () => {
    http.osp.mockResolvedValue(SERVICES);
    http.wb.mockResolvedValue({ removed: true });
    renderPage();
    expect(screen.queryByRole('button', { name: '删除办事指南（宿舍报修）' })).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: '删除办事指南（成绩查询）' }));
    expect(http.wb).not.toHaveBeenCalled();
    const confirm = await screen.findByRole('dialog');
    await userEvent.click(within(confirm).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(http.wb).toHaveBeenCalledWith('/guide/manage/remove', { serviceId: 's1' }));
  });
});

describe('办事指南配置: the pages of its service list', () => {
  it('names the pagination arrows in the interface language, not by their icons (left, right)', async () => {
    http.osp.mockResolvedValue(
      Array.from({ length: 12 }, (_, i) => ({
        serviceId: `s${i}`,
        serviceName: `服务${i}`,
        serviceDeptName: '教务处',
        hasGuide: false,
      })),
    );
    renderPage();
    expect(await screen.findByRole('button', { name: '下一页' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '上一页' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^(left|right)$/ })).toBeNull();
  });
});

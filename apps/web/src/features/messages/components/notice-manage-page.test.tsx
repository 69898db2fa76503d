import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';

const http = vi.hoisted(() => ({ platform: vi.fn(), chat: vi.fn() }));
vi.mock('../../../lib/http/clients.ts', () => ({
  platformHttp: { post: http.platform, get: vi.fn() },
  chatHttp: { post: http.chat, get: vi.fn() },
}));

const { NoticeManagePage } = await import('./notice-manage-page.tsx');

const row = {
  id: 'n1',
  title: '期末考试安排',
  mpId: 'mp-jwc',
  mpName: '教务处',
  important: true,
  everyone: false,
  roleIds: ['r-teacher'],
  recipients: 3,
  readCount: 1,
  fileName: null,
  createdAt: '2026-11-23T08:00:00Z',
  createdByName: '系统管理员',
  withdrawnAt: null,
};

describe('the notice page (issue 14)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
    http.platform.mockReset();
    http.platform.mockImplementation(async (path: string) => {
      if (path === '/app/msg/manage/page') return { records: [row], total: 1, size: 10, current: 1, pages: 1 };
      if (path === '/app/msg/manage/options')
        return {
          accounts: [{ id: 'mp-jwc', name: '教务处' }],
          roles: [
            { id: 'r-teacher', name: '教师' },
            { id: 'r-student', name: '学生' },
          ],
          depts: [
            { id: 'd-jwc', name: '教务处', parentId: '' },
            { id: 'd-ks', name: '考试中心', parentId: 'd-jwc' },
          ],
          timeZone: 'Asia/Shanghai',
        };
      if (path === '/app/msg/manage/scheduled')
        return [
          {
            id: 's1',
            title: '寒假放假通知',
            mpName: '教务处',
            important: false,
            everyone: false,
            roleIds: [],
            deptIds: ['d-ks'],
            publishAt: '2030-01-02T01:30:00.000Z',
            publishAtLocal: '2030-01-02 09:30',
            createdByName: '系统管理员',
          },
        ];
      if (path === '/app/msg/manage/publish') return { id: 'n2', recipients: 2 };
      if (path === '/app/msg/manage/withdraw') return null;
      throw new Error(path);
    });
  });

  const show = () =>
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <I18nProvider i18n={i18n}>
          <App>
            <NoticeManagePage uploadFile={vi.fn()} />
          </App>
        </I18nProvider>
      </QueryClientProvider>,
    );

  it(
    'lists notices with their audience and read counts, and publishes a cleaned rich-text notice to the chosen roles',
    { timeout: 60_000 },
    async () => {
      show();
      const line = (await screen.findByText('期末考试安排')).closest('tr')!;
      expect(within(line).getByTestId('notice-read-count').textContent).toBe('1/3');
      await within(line).findByText('教师');
      expect(within(line).getByText('重要')).toBeTruthy();

      await userEvent.click(screen.getByRole('button', { name: '写通知' }));
      const dialog = await screen.findByRole('dialog', { name: '写通知' });
      fireEvent.change(within(dialog).getByLabelText('标题'), { target: { value: '教师例会' } });
      const editor = within(dialog).getByRole('textbox', { name: '正文' });
      editor.innerHTML = '<p><strong>周五</strong>开会<script>alert(1)</script><img src="x" onerror="alert(2)"></p>';
      fireEvent.input(editor);
      await userEvent.click(within(dialog).getByText('按角色'));
      await userEvent.click(within(dialog).getByLabelText('角色', { selector: 'input' }));
      await userEvent.click(await screen.findByTitle('教师'));
      await userEvent.click(within(dialog).getByRole('button', { name: /发\s*布/ }));
      await waitFor(() =>
        expect(http.platform).toHaveBeenCalledWith(
          '/app/msg/manage/publish',
          expect.objectContaining({ mpId: 'mp-jwc', title: '教师例会', roleIds: ['r-teacher'], important: false }),
        ),
      );
      const sent = http.platform.mock.calls.find((c) => c[0] === '/app/msg/manage/publish')![1] as { body: string };
      expect(sent.body).toContain('<strong>周五</strong>开会');
      expect(sent.body).not.toMatch(/script|onerror/);
    },
  );

  it(
    'lists the scheduled notices in the tenant’s time and cancels one; publishes to a department at a time of the tenant’s clock',
    { timeout: 60_000 },
    async () => {
      show();
      const scheduled = await screen.findByTestId('notice-scheduled');
      expect(scheduled.textContent).toContain('寒假放假通知');
      expect(scheduled.textContent).toContain('2030-01-02 09:30 发布（Asia/Shanghai）');
      expect(scheduled.textContent).toContain('考试中心');
      await userEvent.click(screen.getByRole('button', { name: '写通知' }));
      const dialog = await screen.findByRole('dialog', { name: '写通知' });
      fireEvent.change(within(dialog).getByLabelText('标题'), { target: { value: '监考培训' } });
      await userEvent.click(within(dialog).getByText('按部门'));
      await userEvent.click(within(dialog).getByLabelText('部门（含下级部门）', { selector: 'input' }));
      await userEvent.click(await screen.findByTitle('考试中心'));
      await userEvent.click(within(dialog).getByText('定时发布'));
      const time = within(dialog).getByLabelText('发布时间（Asia/Shanghai）', { selector: 'input' });
      await userEvent.click(time);
      await userEvent.type(time, '2030-01-03 08:15{Enter}');
      await userEvent.click(within(dialog).getByRole('button', { name: /发\s*布/ }));
      await waitFor(() =>
        expect(http.platform).toHaveBeenCalledWith(
          '/app/msg/manage/publish',
          expect.objectContaining({ title: '监考培训', deptIds: ['d-ks'], publishAt: '2030-01-03 08:15' }),
        ),
      );
      await userEvent.click(within(scheduled).getByRole('button', { name: '取消发布 寒假放假通知' }));
      await userEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
      await waitFor(() => expect(http.platform).toHaveBeenCalledWith('/app/msg/manage/withdraw', { id: 's1' }));
    },
  );

  it(
    'chooses the first account when the accounts arrive after the form opened (a busy server), and publishes',
    {
      timeout: 60_000,
    },
    async () => {
      const answer = http.platform.getMockImplementation()!;
      let release: () => void = () => undefined;
      const later = new Promise<void>((resolve) => (release = resolve));
      http.platform.mockImplementation(async (path: string, body?: unknown) => {
        if (path === '/app/msg/manage/options') await later;
        return answer(path, body);
      });
      show();
      await userEvent.click(screen.getByRole('button', { name: '写通知' }));
      const dialog = await screen.findByRole('dialog', { name: '写通知' });
      fireEvent.change(within(dialog).getByLabelText('标题'), { target: { value: '全校停电通知' } });
      release();
      await within(dialog).findByTitle('教务处');
      await userEvent.click(within(dialog).getByRole('button', { name: /发\s*布/ }));
      await waitFor(() =>
        expect(http.platform).toHaveBeenCalledWith(
          '/app/msg/manage/publish',
          expect.objectContaining({ mpId: 'mp-jwc', title: '全校停电通知' }),
        ),
      );
    },
  );

  it.each([
    ['zh-CN', '写通知', ['接收范围', '发布方式'], '选择文件', ['撤回 期末考试安排', '取消发布 寒假放假通知']],
    [
      'en-US',
      'Write a notice',
      ['Audience', 'Publish'],
      'Choose a file',
      ['Withdraw 期末考试安排', 'Cancel 寒假放假通知'],
    ],
  ] as const)(
    '%s: names its option groups, its file button without the icon ("paper-clip"), and the notice of each row button',
    async (lang, write, groups, chooseFile, rowButtons) => {
      await act(() => i18n.changeLanguage(lang));
      show();
      for (const name of rowButtons) expect(await screen.findByRole('button', { name })).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: write }));
      const dialog = await screen.findByRole('dialog', { name: write });
      for (const name of groups) expect(within(dialog).getByRole('radiogroup', { name })).toBeTruthy();
      expect(within(dialog).getByRole('button', { name: chooseFile })).toBeTruthy();
    },
  );
});

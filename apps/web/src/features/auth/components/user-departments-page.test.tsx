import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';

const http = vi.hoisted(() => ({ post: vi.fn(), get: vi.fn() }));
vi.mock('../../../lib/http/clients.ts', () => ({ userHttp: http }));

const { UserDepartmentsPage } = await import('./user-departments-page.tsx');

const depts = [
  { id: 'd-jwc', name: '教务处', parentId: '' },
  { id: 'd-ks', name: '考试中心', parentId: 'd-jwc' },
  { id: 'd-cw', name: '财务处', parentId: '' },
];
const teacher = {
  userId: 'u-t',
  account: 'teacher01',
  userName: '李老师',
  roleName: '教师',
  departments: [{ id: 'd-jwc', name: '教务处', source: 'identity' }],
};
const student = { userId: 'u-s', account: 'student02', userName: '王同学', roleName: '学生', departments: [] };

describe('用户部门配置 (issue 14, ADR 0035)', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
    http.post.mockReset();
    http.post.mockImplementation(
      async (path: string, body: { keyword?: string; deptId?: string; deptIds?: string[] }) => {
        if (path === '/userDept/options') return { depts };
        if (path === '/userDept/page') {
          const records = [teacher, student].filter(
            (u) =>
              (!body.keyword || u.account.includes(body.keyword) || u.userName.includes(body.keyword)) &&
              (!body.deptId || u.departments.some((d) => d.id === body.deptId)),
          );
          return { records, total: records.length, size: 10, current: 1, pages: 1 };
        }
        if (path === '/userDept/submit') return { ...student, departments: [] };
        throw new Error(path);
      },
    );
  });

  const show = () =>
    render(
      <MemoryRouter initialEntries={['/home/userDeptConfig']}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <I18nProvider i18n={i18n}>
            <App>
              <UserDepartmentsPage />
            </App>
          </I18nProvider>
        </QueryClientProvider>
      </MemoryRouter>,
    );

  it('lists users with their departments, the sign-in’s marked, and filters by name or account and by department', async () => {
    show();
    expect(await screen.findByRole('heading', { level: 1, name: '用户部门配置' })).toBeTruthy();
    const teacherRow = (await screen.findByText('李老师')).closest('tr')!;
    expect(within(teacherRow).getByText('教务处（统一身份认证）')).toBeTruthy();
    const studentRow = screen.getByText('王同学').closest('tr')!;
    expect(within(studentRow).getByText('未设置')).toBeTruthy();
    expect(screen.getByText('共 2 人')).toBeTruthy();

    await userEvent.type(screen.getByRole('searchbox', { name: '搜索姓名或账号' }), 'student02{Enter}');
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('/userDept/page', expect.objectContaining({ keyword: 'student02' })),
    );
    await waitFor(() => expect(screen.queryByText('李老师')).toBeNull());
    await userEvent.clear(screen.getByRole('searchbox', { name: '搜索姓名或账号' }));
    await userEvent.type(screen.getByRole('searchbox', { name: '搜索姓名或账号' }), '{Enter}');

    // The department filter is the tree of the one list: 考试中心 under 教务处.
    await userEvent.click(screen.getByRole('combobox', { name: '按部门筛选' }));
    await userEvent.click(await screen.findByTitle('教务处'));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('/userDept/page', expect.objectContaining({ deptId: 'd-jwc' })),
    );
    await waitFor(() => expect(screen.queryByText('王同学')).toBeNull());
    expect(screen.getByText('李老师')).toBeTruthy();
  });

  it('sets a user’s departments, several, from the tree; the request carries exactly the chosen ids', async () => {
    show();
    await userEvent.click(await screen.findByRole('button', { name: '设置部门 王同学' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('王同学（student02）')).toBeTruthy();
    const select = within(dialog).getByRole('combobox', { name: '所属部门' });
    await userEvent.click(select);
    await userEvent.click(await screen.findByTitle('考试中心'));
    await userEvent.click(await screen.findByTitle('财务处'));
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('/userDept/submit', { userId: 'u-s', deptIds: ['d-ks', 'd-cw'] }),
    );
    expect(await screen.findByText('已保存王同学的部门')).toBeTruthy();
  });

  it('clears a user’s departments when none is chosen', async () => {
    show();
    await userEvent.click(await screen.findByRole('button', { name: '设置部门 李老师' }));
    const dialog = await screen.findByRole('dialog');
    // The dialog starts from the user's departments: 教务处 is chosen; removing it leaves none.
    const chosen = within(dialog).getByTitle('教务处');
    await userEvent.click(
      within(chosen.closest('.ant-select-selection-item')! as HTMLElement).getByRole('img', { hidden: true }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(http.post).toHaveBeenCalledWith('/userDept/submit', { userId: 'u-t', deptIds: [] }));
  });
});

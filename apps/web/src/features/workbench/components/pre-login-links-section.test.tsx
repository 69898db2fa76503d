import { STATUS_CONFLICT } from '@portal/contracts/errors';
import { WORKBENCH_MESSAGES } from '@portal/contracts/workbench';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/http/errors.ts';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';

const http = vi.hoisted(() => ({ osp: vi.fn() }));
vi.mock('../../../lib/http/clients.ts', () => ({ ospHttp: { post: http.osp } }));
const { PreLoginLinksSection } = await import('./pre-login-links-section.tsx');

const READ = {
  links: [
    { name: '学校主页', nameEn: 'Home', url: 'https://www.example.edu.cn' },
    { name: '图书馆', nameEn: '', url: 'https://lib.example.edu.cn' },
  ],
  version: 'v1',
};

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider i18n={i18n}>
        <App>
          <PreLoginLinksSection />
        </App>
      </I18nProvider>
    </QueryClientProvider>,
  );
const submits = () => http.osp.mock.calls.filter(([p]) => p === '/preLogin/submitLinks');

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  http.osp
    .mockReset()
    .mockImplementation(async (path: string, body: { links?: unknown[] }) =>
      path === '/preLogin/links' ? READ : { links: body.links, version: 'v2' },
    );
});

describe('页头链接 on the pre-login configuration', () => {
  it('adds a link with its English, puts it first and removes another; saves them in that order with the version read', async () => {
    show();
    await screen.findByDisplayValue('学校主页');
    await userEvent.click(screen.getByRole('button', { name: '添加链接' }));
    const names = screen.getAllByLabelText('链接名称');
    await userEvent.type(names[2]!, '校历');
    await userEvent.type(screen.getAllByLabelText('英文名称')[2]!, 'Calendar');
    await userEvent.type(screen.getAllByLabelText('链接地址')[2]!, '/home/PersonalCenter');
    await userEvent.click(screen.getByRole('button', { name: '上移 校历' }));
    await userEvent.click(screen.getByRole('button', { name: '上移 校历' }));
    await userEvent.click(screen.getByRole('button', { name: '删除 图书馆' }));
    expect(screen.getByRole('button', { name: '上移 校历' })).toHaveProperty('disabled', true);
    // Each row is a group of its own, by its place: its fields and buttons inside it (set apart on a phone).
    const first = screen.getByRole('group', { name: '链接 1' });
    expect(within(first).getByDisplayValue('校历')).toBeTruthy();
    expect(within(first).getByRole('button', { name: '删除 校历' })).toBeTruthy();
    expect(within(screen.getByRole('group', { name: '链接 2' })).getByDisplayValue('学校主页')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '保存 页头链接' }));
    await waitFor(() => expect(submits()).toHaveLength(1));
    expect(submits()[0]![1]).toEqual({
      links: [
        { name: '校历', nameEn: 'Calendar', url: '/home/PersonalCenter' },
        { name: '学校主页', nameEn: 'Home', url: 'https://www.example.edu.cn' },
      ],
      version: 'v1',
    });
  });

  it('a link without a name or address is marked in the form, and nothing is sent', async () => {
    show();
    await screen.findByDisplayValue('学校主页');
    await userEvent.click(screen.getByRole('button', { name: '添加链接' }));
    await userEvent.click(screen.getByRole('button', { name: '保存 页头链接' }));
    expect(await screen.findByText(WORKBENCH_MESSAGES.linkNameRequired)).toBeTruthy();
    expect(screen.getByText(WORKBENCH_MESSAGES.linkRequired)).toBeTruthy();
    expect(submits()).toHaveLength(0);
  });

  it('refused because another administrator saved meanwhile: says so and offers to load their links', async () => {
    show();
    await screen.findByDisplayValue('学校主页');
    http.osp.mockImplementation(async (path: string) => {
      if (path === '/preLogin/links') return { links: [{ name: '门户', nameEn: '', url: '/' }], version: 'v3' };
      throw new HttpError(STATUS_CONFLICT, WORKBENCH_MESSAGES.changedMeanwhile, '', STATUS_CONFLICT);
    });
    await userEvent.click(screen.getByRole('button', { name: '保存 页头链接' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText(WORKBENCH_MESSAGES.changedMeanwhile).length).toBeGreaterThan(0);
    await userEvent.click(within(dialog).getByRole('button', { name: '重新加载' }));
    expect(await screen.findByDisplayValue('门户')).toBeTruthy();
    expect(screen.queryByDisplayValue('学校主页')).toBeNull();
  });
});

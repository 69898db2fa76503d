import { UNSAFE_LINK_MESSAGE } from '@portal/contracts/input';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/http/errors.ts';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';

const http = vi.hoisted(() => ({ osp: vi.fn(), wb: vi.fn() }));
vi.mock('../../../lib/http/clients.ts', () => ({ ospHttp: { post: http.osp }, workbenchHttp: { post: http.wb } }));
const { FooterSetting } = await import('./home-page-config-page.tsx');

const FOOTER = {
  copyright: '© 示例大学',
  address: '',
  phone: '',
  email: '',
  links: [{ name: '教育部', url: 'http://www.moe.gov.cn' }],
};

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider i18n={i18n}>
        <App>
          <FooterSetting />
        </App>
      </I18nProvider>
    </QueryClientProvider>,
  );
const submits = () => http.osp.mock.calls.filter(([p]) => p === '/indexfooterinfo/submit').map(([, b]) => b);

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  http.osp
    .mockReset()
    .mockImplementation(async (path: string, body: unknown) => (path === '/homePage/getFooterInfo' ? FOOTER : body));
});

describe('页脚信息: its links', () => {
  it('an administrator adds a link, puts it first and saves the links in that order with the texts', async () => {
    show();
    await screen.findByDisplayValue('教育部');
    await userEvent.click(screen.getByRole('button', { name: '添加链接' }));
    await userEvent.type(screen.getAllByLabelText('链接名称')[1]!, '图书馆');
    await userEvent.type(screen.getAllByLabelText('链接地址')[1]!, 'https://lib.example.edu.cn');
    // The footer's links have no English: no such field.
    expect(screen.queryByLabelText('英文名称')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '上移 图书馆' }));
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(submits()).toHaveLength(1));
    expect(submits()[0]).toMatchObject({
      copyright: '© 示例大学',
      links: [
        { name: '图书馆', url: 'https://lib.example.edu.cn' },
        { name: '教育部', url: 'http://www.moe.gov.cn' },
      ],
    });
  });

  it('removes a link; a link the server refuses keeps the form as it was typed', async () => {
    show();
    await screen.findByDisplayValue('教育部');
    await userEvent.click(screen.getByRole('button', { name: '删除 教育部' }));
    await userEvent.click(screen.getByRole('button', { name: '添加链接' }));
    await userEvent.type(screen.getByLabelText('链接名称'), '坏链接');
    await userEvent.type(screen.getByLabelText('链接地址'), 'javascript:alert(1)');
    http.osp.mockImplementation(async (path: string) => {
      if (path === '/homePage/getFooterInfo') return FOOTER;
      throw new HttpError(400, UNSAFE_LINK_MESSAGE, '', 400);
    });
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(http.osp).toHaveBeenCalledWith('/indexfooterinfo/submit', expect.anything()));
    expect(screen.getByDisplayValue('javascript:alert(1)')).toBeTruthy();
    expect(screen.queryByDisplayValue('教育部')).toBeNull();
  });
});

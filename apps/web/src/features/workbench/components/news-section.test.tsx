import type { NewsItem } from '@portal/contracts/workbench';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';
import { polyfillDialog } from '../lib/jsdom-dialog.ts';

const http = vi.hoisted(() => ({ osp: vi.fn(), wb: vi.fn() }));
vi.mock('../../../lib/http/clients.ts', () => ({
  ospHttp: { post: http.osp },
  workbenchHttp: { post: http.wb },
}));
const { NewsSection } = await import('./news-section.tsx');
const { NewsTitle } = await import('./news-title.tsx');
polyfillDialog();

const RECORDS = [
  {
    id: 'n1',
    kind: 'news',
    title: '图书馆延长开放时间',
    category: '学校要闻',
    fieldSet: '',
    important: true,
    releaseTime: '2026-01-01T18:06:00.000Z',
    url: '',
    hasContent: true,
  },
  {
    id: 'a1',
    kind: 'announcement',
    title: '寒假闭馆公告',
    category: '',
    fieldSet: '图书馆',
    important: false,
    releaseTime: '2099-01-01T00:00:00.000Z',
    url: 'https://lib.demo.edu.cn/1',
    hasContent: false,
  },
];

function renderWith(node: ReactNode) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider i18n={i18n}>
        <App>{node}</App>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.clearAllMocks());

describe('校园新闻与公告 (issue 16)', () => {
  it('lists items on the tenant clock, marks those not yet released, and publishes a cleaned body', async () => {
    http.wb.mockImplementation(async (path: string, body: Record<string, unknown>) =>
      path === '/news/manage/page' ? { total: 2, records: RECORDS } : { id: 'new', ...body },
    );
    renderWith(<NewsSection />);
    // 18:06 UTC is 02:06 the next day in Beijing (the default tenant zone).
    expect(await screen.findByText('2026-01-02 02:06')).toBeTruthy();
    expect(screen.getByText('待发布')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: '发布新闻或公告' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('发布新闻或公告', { selector: '.ant-modal-title' })).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('标题'), { target: { value: '校运会通知' } });
    await userEvent.click(within(dialog).getByRole('button', { name: /发\s*布/ }));
    expect(await within(dialog).findByText('请填写正文或链接')).toBeTruthy();
    expect(http.wb).not.toHaveBeenCalledWith('/news/manage/save', expect.anything());

    fireEvent.change(within(dialog).getByLabelText('链接'), { target: { value: 'javascript:alert(1)' } });
    await userEvent.click(within(dialog).getByRole('button', { name: /发\s*布/ }));
    expect(await within(dialog).findByText('链接须以 http:// 或 https:// 开头')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('链接'), { target: { value: '' } });

    fireEvent.change(within(dialog).getByLabelText('新闻分类'), { target: { value: '学校要闻' } });
    const editor = within(dialog).getByRole('textbox', { name: '正文' });
    editor.innerHTML = '<p>下周三举行</p><img src="x" onerror="alert(1)">';
    fireEvent.input(editor);
    await userEvent.click(within(dialog).getByRole('button', { name: /发\s*布/ }));
    await waitFor(() =>
      expect(http.wb).toHaveBeenCalledWith(
        '/news/manage/save',
        expect.objectContaining({
          kind: 'news',
          title: '校运会通知',
          category: '学校要闻',
          important: false,
          url: '',
          content: '<p>下周三举行</p><img src="x">',
        }),
      ),
    );
    const sent = http.wb.mock.calls.find(([p]) => p === '/news/manage/save')![1] as { releaseTime: string };
    expect(Math.abs(Date.parse(sent.releaseTime) - Date.now())).toBeLessThan(120_000);
  });

  it('deletes an item only after the confirmation', async () => {
    http.wb.mockImplementation(async (path: string) =>
      path === '/news/manage/page' ? { total: 2, records: RECORDS } : { removed: true },
    );
    renderWith(<NewsSection />);
    await userEvent.click(await screen.findByRole('button', { name: '删除 寒假闭馆公告' }));
    expect(http.wb).not.toHaveBeenCalledWith('/news/manage/remove', expect.anything());
    const confirm = await screen.findByRole('dialog');
    await userEvent.click(within(confirm).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(http.wb).toHaveBeenCalledWith('/news/manage/remove', { id: 'a1' }));
  });

  it('opens a written body on the card, cleaned again; a linked item stays a link', async () => {
    http.wb.mockResolvedValue({ ...RECORDS[0], content: '<p>延长至22:00</p><script>alert(1)</script>' });
    const item: NewsItem = { ...RECORDS[0]!, create_time: '', hasContent: true };
    renderWith(
      <>
        <NewsTitle item={item} />
        <NewsTitle
          item={{ ...item, id: 'a1', title: '寒假闭馆公告', url: 'https://lib.demo.edu.cn/1', hasContent: false }}
        />
      </>,
    );
    expect(screen.getByRole('link', { name: '寒假闭馆公告' }).getAttribute('href')).toBe('https://lib.demo.edu.cn/1');
    await userEvent.click(screen.getByRole('button', { name: '图书馆延长开放时间' }));
    const dialog = await screen.findByRole('dialog', { name: '图书馆延长开放时间' });
    expect(await within(dialog).findByText('延长至22:00')).toBeTruthy();
    expect(dialog.innerHTML).not.toContain('<script');
    expect(within(dialog).getByText('2026-01-02 02:06')).toBeTruthy();
    expect(http.wb).toHaveBeenCalledWith('/news/detail', { id: 'n1' });
    // A plain dialog (issue 10): its close button closes it.
    await userEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

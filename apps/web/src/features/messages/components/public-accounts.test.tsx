import type { MpMsgListEntry, NoticeItem } from '@portal/contracts/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/http/errors.ts';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';

const http = vi.hoisted(() => ({ platform: vi.fn(), postForFile: vi.fn() }));
vi.mock('../../../lib/http/clients.ts', () => ({
  chatHttp: { post: vi.fn(), get: vi.fn() },
  platformHttp: { post: http.platform, get: vi.fn(), postForFile: http.postForFile },
  ospHttp: { post: vi.fn(), get: vi.fn() },
}));

const { PublicAccountList, PublicAccountMessages } = await import('./public-accounts.tsx');

const account = (id: string, extra: Partial<MpMsgListEntry> = {}): MpMsgListEntry => ({
  id,
  jid: id,
  name: id,
  mpType: 3,
  avatar: '',
  intro: '',
  unreadNumber: 0,
  timeSend: null,
  content: '',
  type: null,
  openTopChatTime: null,
  ...extra,
});
const notice = (i: number, extra: Partial<NoticeItem> = {}): NoticeItem => ({
  id: `n${i}`,
  mpId: 'mp-jwc',
  mpName: '教务处',
  title: `通知${i}`,
  summary: `摘要${i}`,
  url: `/generalDetailsTow?id=n${i}`,
  important: false,
  fieldSet: '',
  timeSend: '2026-11-23T08:00:00Z',
  read: true,
  fileName: null,
  ...extra,
});

function renderWith(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const tree = (page: React.ReactNode) => (
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <App>
          <MemoryRouter initialEntries={['/home/homePage']}>
            <Routes>
              <Route path="/home/homePage" element={page} />
              <Route path="/deleteNoPag" element={<p>deleted page</p>} />
            </Routes>
          </MemoryRouter>
        </App>
      </I18nProvider>
    </QueryClientProvider>
  );
  const result = render(tree(ui));
  return { ...result, rerenderWith: (page: React.ReactNode) => result.rerender(tree(page)) };
}

describe('public accounts (app/service/mpMsgListByUser, app/msg/page)', () => {
  beforeEach(() => {
    void i18n.changeLanguage('zh-CN');
  });
  afterEach(() => {
    vi.clearAllMocks();
  });

  it('lists every public account with its last message and unread count; picking one opens it', async () => {
    http.platform.mockImplementation(async (path: string) => {
      if (path === '/app/service/mpMsgListByUser')
        return [
          account('mp-jwc', {
            name: '教务处',
            unreadNumber: 2,
            content: '关于期末考试安排的通知',
            timeSend: '2026-11-23T08:00:00Z',
          }),
          account('mp-tsg', { name: '图书馆', intro: '图书馆服务' }),
        ];
      throw new Error(path);
    });
    const onPick = vi.fn();
    const { rerenderWith } = renderWith(
      <PublicAccountList active={null} onPick={onPick} connected noticeVersion={0} />,
    );
    const list = await screen.findByRole('list', { name: '公众号列表' });
    const jwc = within(list).getByRole('button', { name: /^教务处.*关于期末考试安排的通知.*2 条未读$/ });
    within(list).getByRole('button', { name: /^图书馆.*图书馆服务$/ });
    await userEvent.click(jwc);
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ id: 'mp-jwc', mpType: 3 }));
    // A notice arriving over the socket refreshes the list.
    rerenderWith(<PublicAccountList active={null} onPick={onPick} connected noticeVersion={1} />);
    await waitFor(() =>
      expect(http.platform.mock.calls.filter(([p]) => p === '/app/service/mpMsgListByUser')).toHaveLength(2),
    );
  });

  it('pages through the messages of one account, newest first, showing important and unread ones', async () => {
    http.platform.mockImplementation(async (path: string, body: { current: number; mpId: string; size: number }) => {
      if (path !== '/app/msg/page') throw new Error(path);
      const all = Array.from({ length: 12 }, (_, i) =>
        notice(i + 1, { important: i === 0, read: i !== 0, fieldSet: i === 0 ? '考试通知' : '' }),
      );
      return {
        records: all.slice((body.current - 1) * body.size, body.current * body.size),
        total: 12,
        size: body.size,
        current: body.current,
        pages: 2,
      };
    });
    renderWith(<PublicAccountMessages mpId="mp-jwc" name="教务处" noticeVersion={0} />);
    const region = await screen.findByRole('region', { name: '教务处 的消息' });
    const first = await within(region).findByRole('article', { name: '通知1' });
    within(first).getByText('重要');
    within(first).getByText('未读');
    within(first).getByText('考试通知');
    expect(within(region).getAllByRole('article')).toHaveLength(10);
    expect(http.platform).toHaveBeenCalledWith('/app/msg/page', { size: 10, mpId: 'mp-jwc', current: 1 });

    const pager = within(region).getByRole('navigation', { name: '消息分页' });
    await userEvent.click(within(pager).getByTitle('2'));
    await within(region).findByRole('article', { name: '通知11' });
    expect(http.platform).toHaveBeenCalledWith('/app/msg/page', { size: 10, mpId: 'mp-jwc', current: 2 });
  });

  it('opens a message the 4.2 way, and downloads its attachment through the message center', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const createObjectURL = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    http.platform.mockImplementation(async (path: string) => {
      if (path === '/app/msg/page')
        return {
          records: [notice(1, { read: false, fileName: '考场安排.pdf' })],
          total: 1,
          size: 10,
          current: 1,
          pages: 1,
        };
      if (path === '/messageCenterHistoryMsg/detail')
        return {
          id: 'n1',
          title: '通知1',
          url: 'https://news.example.edu/n1',
          mpName: '教务处',
          timeSend: '',
          read: false,
        };
      if (path === '/mpManage/readMessage') return null;
      throw new Error(path);
    });
    http.postForFile.mockResolvedValue({ blob: new Blob(['%PDF']), fileName: '考场安排.pdf' });
    renderWith(<PublicAccountMessages mpId="mp-jwc" name="教务处" noticeVersion={0} />);
    await userEvent.click(await screen.findByRole('button', { name: '查看 通知1' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://news.example.edu/n1', '_blank', 'noopener'));
    // Read now: the page is fetched again.
    await waitFor(() => expect(http.platform.mock.calls.filter(([p]) => p === '/app/msg/page')).toHaveLength(2));

    await userEvent.click(screen.getByRole('button', { name: '下载附件 考场安排.pdf' }));
    await waitFor(() =>
      expect(http.postForFile).toHaveBeenCalledWith(
        '/messageCenterHistoryMsg/downloadFile',
        { id: 'n1' },
        expect.objectContaining({ rejectStatuses: [1004] }),
      ),
    );
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    open.mockRestore();
  });

  it("opens /deleteNoPag when the attachment's message was deleted ('消息已被删除')", async () => {
    http.platform.mockResolvedValue({
      records: [notice(1, { fileName: '考场安排.pdf' })],
      total: 1,
      size: 10,
      current: 1,
      pages: 1,
    });
    http.postForFile.mockRejectedValue(new HttpError(1004, '消息已被删除'));
    renderWith(<PublicAccountMessages mpId="mp-jwc" name="教务处" noticeVersion={0} />);
    await userEvent.click(await screen.findByRole('button', { name: '下载附件 考场安排.pdf' }));
    await screen.findByText('deleted page');
  });
});

import type { IsShowMsg, NoticeItem } from '@portal/contracts/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';
import { HttpError } from '../../../lib/http/errors.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';

const api = vi.hoisted(() => ({
  getIsShowMsg: vi.fn<() => Promise<IsShowMsg>>(),
  getMessageCenterDetail: vi.fn(),
  readMessage: vi.fn(async () => null),
  publicDetail: vi.fn(),
}));
vi.mock('../api/get-is-show-msg.ts', async () => {
  const { useQuery } = await import('@tanstack/react-query');
  const isShowMsgQueryKey = ['messages', 'isShowMsg'] as const;
  return {
    isShowMsgQueryKey,
    getIsShowMsg: api.getIsShowMsg,
    useIsShowMsg: (enabled: boolean) => useQuery({ queryKey: isShowMsgQueryKey, queryFn: api.getIsShowMsg, enabled }),
  };
});
vi.mock('../api/get-message-center-detail.ts', () => ({ getMessageCenterDetail: api.getMessageCenterDetail }));
vi.mock('../api/read-message.ts', () => ({ readMessage: api.readMessage }));
vi.mock('../api/get-public-message-detail.ts', async () => {
  const { useQuery } = await import('@tanstack/react-query');
  return {
    usePublicMessageDetail: (id: string) => useQuery({ queryKey: ['pd', id], queryFn: () => api.publicDetail(id) }),
  };
});

const { NoticePrompt } = await import('./notice-prompt.tsx');
const { MessageDetailPage } = await import('./message-detail-page.tsx');

const notice = (i: number): NoticeItem => ({
  id: `n${i}`,
  mpId: 'mp',
  mpName: '教务处',
  title: `通知${i}`,
  summary: '',
  url: `/generalDetailsTow?id=n${i}`,
  important: true,
  fieldSet: '',
  timeSend: '2026-11-23T08:00:00Z',
  read: false,
  fileName: null,
});

function renderPrompt(
  onRead?: () => void,
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <App>
          <MemoryRouter initialEntries={['/home/homePage']}>
            <Routes>
              <Route
                path="/home/homePage"
                element={<NoticePrompt enabled connected noticeVersion={0} onRead={onRead} />}
              />
              <Route path="/deleteNoPag" element={<p>deleted page</p>} />
              <Route path="/generalDetailsTow" element={<MessageDetailPage />} />
            </Routes>
          </MemoryRouter>
        </App>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('unread-notice prompt (2.4, 4.2)', () => {
  beforeEach(() => {
    void i18n.changeLanguage('zh-CN');
    api.getIsShowMsg.mockResolvedValue({
      isShowMsg: true,
      total: 12,
      list: Array.from({ length: 12 }, (_, i) => notice(i + 1)),
    });
  });
  afterEach(() => {
    vi.clearAllMocks();
    sessionStorage.clear();
    sessionStore.setState({ user: null });
  });

  it('shows one notice per page and keeps the latest 10', async () => {
    renderPrompt();
    await screen.findByRole('button', { name: '通知1' });
    expect(screen.queryByRole('button', { name: '通知2' })).toBeNull();
    const pager = screen.getByRole('navigation');
    expect(pager.textContent).toContain('1 / 10');
    expect((screen.getByRole('button', { name: '上一页' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: '下一页' }));
    await screen.findByRole('button', { name: '通知2' });
    expect(pager.textContent).toContain('2 / 10');
  });

  it("marks a notice read and opens the portal's notice page in this tab, its heading focused, with a way back", async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    api.getMessageCenterDetail.mockResolvedValue({
      id: 'n1',
      title: '通知1',
      url: '/generalDetailsTow?id=n1',
      mpName: '教务处',
      timeSend: '',
      read: false,
    });
    api.publicDetail.mockResolvedValue({
      id: 'n1',
      title: '通知1',
      summary: '摘要',
      body: '',
      url: '',
      fieldSet: '',
      mpName: '教务处',
      timeSend: '2026-11-23T08:00:00Z',
      fileName: null,
      fileSize: null,
    });
    const onRead = vi.fn();
    renderPrompt(onRead);
    await screen.findByRole('button', { name: '通知1' });
    await userEvent.click(screen.getByRole('button', { name: '查看' }));
    // The notice that opened has the focus (not the page's body), in this tab (a phone's new tab had no way back).
    const heading = await screen.findByRole('heading', { level: 1, name: '通知1' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(open).not.toHaveBeenCalled();
    expect(api.readMessage).toHaveBeenCalledWith('n1', '');
    // The chat's unread counts (the header's badge) are asked for again once it is read.
    await waitFor(() => expect(onRead).toHaveBeenCalledTimes(1));
    // Back to the page the prompt was on.
    const back = screen.getByRole('navigation', { name: '返回' });
    expect(within(back).getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/');
    await userEvent.click(within(back).getByRole('button', { name: /返回上一页/ }));
    await screen.findByRole('button', { name: '查看' });
    open.mockRestore();
  });

  it("titles a notice's time with the school's zone when the browser is in another one", async () => {
    const own = Intl.DateTimeFormat.prototype.resolvedOptions;
    const zone = vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
      this: Intl.DateTimeFormat,
    ) {
      return { ...own.call(this), timeZone: 'Europe/London' };
    });
    try {
      renderPrompt();
      await screen.findByRole('button', { name: '通知1' });
      // 08:00 UTC is 16:00 in Asia/Shanghai, the tenant's default zone.
      const time = screen.getByText('2026-11-23 16:00');
      expect(time.tagName).toBe('TIME');
      expect(time.getAttribute('title')).toBe('Asia/Shanghai (UTC+8)');
    } finally {
      zone.mockRestore();
    }
  });

  it("opens another site's notice page in a new window", async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    api.getMessageCenterDetail.mockResolvedValue({
      id: 'n1',
      title: '通知1',
      url: 'https://news.example.edu/n1',
      mpName: '教务处',
      timeSend: '',
      read: false,
    });
    renderPrompt();
    await userEvent.click(await screen.findByRole('button', { name: '通知1' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://news.example.edu/n1', '_blank', 'noopener'));
    open.mockRestore();
  });

  it("gives the focus to the page's main landmark when the last notice, opened in another tab, takes the prompt away", async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    api.getIsShowMsg.mockResolvedValueOnce({ isShowMsg: true, total: 1, list: [notice(1)] });
    api.getIsShowMsg.mockResolvedValue({ isShowMsg: false, total: 0, list: [] });
    api.getMessageCenterDetail.mockResolvedValue({
      id: 'n1',
      title: '通知1',
      url: 'https://news.example.edu/n1',
      mpName: '教务处',
      timeSend: '',
      read: false,
    });
    const main = document.createElement('main');
    main.id = 'main-content';
    main.tabIndex = -1;
    document.body.append(main);
    try {
      renderPrompt();
      await userEvent.click(await screen.findByRole('button', { name: '查看' }));
      await waitFor(() => expect(screen.queryByRole('button', { name: '查看' })).toBeNull());
      expect(open).toHaveBeenCalledWith('https://news.example.edu/n1', '_blank', 'noopener');
      expect(document.activeElement).toBe(main);
    } finally {
      main.remove();
      open.mockRestore();
    }
  });

  it('opens a notice once for a double tap on 查看 (section 9: 800 ms)', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    api.getMessageCenterDetail.mockResolvedValue({
      id: 'n1',
      title: '通知1',
      url: 'https://news.example.edu/n1',
      mpName: '教务处',
      timeSend: '',
      read: false,
    });
    renderPrompt(vi.fn());
    await userEvent.dblClick(await screen.findByRole('button', { name: '查看' }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    expect(open).toHaveBeenCalledTimes(1);
    expect(api.getMessageCenterDetail).toHaveBeenCalledTimes(1);
    open.mockRestore();
  });

  it("opens /deleteNoPag when the notice was deleted ('消息已被删除')", async () => {
    api.getMessageCenterDetail.mockRejectedValue(new HttpError(1004, '消息已被删除'));
    renderPrompt();
    await userEvent.click(await screen.findByRole('button', { name: '通知1' }));
    await screen.findByText('deleted page');
  });

  it('keeps 关闭提醒 for the browser session: a reload does not show it again, another user and a new notice do', async () => {
    const user = (id: string) => ({ tenant_id: 'T1', user_id: id }) as never;
    sessionStore.setState({ user: user('u1') });
    /** Renders the prompt as after a reload (a new query client; sessionStorage kept) once the notices have come. */
    const reload = async () => {
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      const view = renderPrompt(undefined, client);
      await waitFor(() => expect(client.getQueryState(['messages', 'isShowMsg'])?.status).toBe('success'));
      await act(async () => undefined);
      return view;
    };
    let view = await reload();
    await userEvent.click(await screen.findByLabelText('关闭提醒'));
    expect(screen.queryByText('未读重要通知')).toBeNull();
    view.unmount();
    view = await reload();
    expect(screen.queryByText('未读重要通知')).toBeNull();
    view.unmount();
    // Another user logging in on the same tab still sees theirs.
    sessionStore.setState({ user: user('u2') });
    view = await reload();
    expect(screen.getByText('未读重要通知')).toBeTruthy();
    view.unmount();
    // Back to the first user: still closed, until an important notice not seen when it was closed arrives.
    sessionStore.setState({ user: user('u1') });
    view = await reload();
    expect(screen.queryByText('未读重要通知')).toBeNull();
    view.unmount();
    api.getIsShowMsg.mockResolvedValue({
      isShowMsg: true,
      total: 13,
      list: Array.from({ length: 10 }, (_, i) => notice(13 - i)),
    });
    await reload();
    expect(screen.getByText('未读重要通知')).toBeTruthy();
    expect(screen.getByText('通知13')).toBeTruthy();
  });

  it('is a landmark named 未读重要通知 whose page counter is not a live region', async () => {
    renderPrompt();
    const prompt = await screen.findByRole('complementary', { name: '未读重要通知' });
    await within(prompt).findByRole('button', { name: '通知1' });
    expect(within(prompt).getByRole('navigation').querySelector('[aria-live]')).toBeNull();
  });

  it.each([
    ['zh-CN', '新的重要通知：通知13', '第 2 条，共 10 条：通知1'],
    ['en-US', 'New important notice: 通知13', 'Notice 2 of 10: 通知1'],
  ] as const)(
    '%s: a notice arriving while the page is open is shown and announced once by its title, not those already there',
    async (language, arrived, paged) => {
      await act(() => i18n.changeLanguage(language));
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      renderPrompt(undefined, client);
      const prompt = await screen.findByRole('complementary', { name: /未读重要通知|Unread important notices/ });
      await within(prompt).findByRole('button', { name: '通知1' });
      const status = screen.getByRole('status');
      // The notices there when the page loads are not read out.
      expect(status.textContent).toBe('');
      await userEvent.click(within(prompt).getByRole('button', { name: /下一页|Next page/ }));
      await within(prompt).findByRole('button', { name: '通知2' });
      // The administrator publishes an important notice: the prompt asks again and shows it, announced once.
      api.getIsShowMsg.mockResolvedValue({
        isShowMsg: true,
        total: 13,
        list: [13, ...Array.from({ length: 12 }, (_, i) => i + 1)].map(notice),
      });
      await act(() => client.invalidateQueries({ queryKey: ['messages', 'isShowMsg'] }));
      await within(prompt).findByRole('button', { name: '通知13' });
      expect(status.textContent).toBe(arrived);
      expect(within(prompt).getByRole('navigation').textContent).toContain('1 / 10');
      // Asked again with nothing new, it says nothing more.
      await act(() => client.invalidateQueries({ queryKey: ['messages', 'isShowMsg'] }));
      expect(status.textContent).toBe(arrived);
      // Paging says where the user is, not "new" again.
      await userEvent.click(within(prompt).getByRole('button', { name: /下一页|Next page/ }));
      await within(prompt).findByRole('button', { name: '通知1' });
      expect(status.textContent).toBe(paged);
    },
  );

  it('收起提醒 folds it into a badge that still reminds, for the browser session, until a new notice arrives', async () => {
    sessionStore.setState({ user: { tenant_id: 'T1', user_id: 'u1' } as never });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const view = renderPrompt(undefined, client);
    await screen.findByRole('button', { name: '通知1' });
    await userEvent.click(screen.getByRole('button', { name: '收起提醒' }));
    const badge = screen.getByRole('button', { name: '未读重要通知 10 条，展开' });
    expect(badge.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(badge);
    expect(screen.getByRole('complementary', { name: '未读重要通知' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '通知1' })).toBeNull();
    // A reload keeps it folded.
    view.unmount();
    const again = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderPrompt(undefined, again);
    await userEvent.click(await screen.findByRole('button', { name: '未读重要通知 10 条，展开' }));
    expect(screen.getByRole('button', { name: '通知1' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '收起提醒' }));
    // Folded again, a notice it did not hold opens it.
    await userEvent.click(screen.getByRole('button', { name: '收起提醒' }));
    api.getIsShowMsg.mockResolvedValue({
      isShowMsg: true,
      total: 13,
      list: [13, ...Array.from({ length: 12 }, (_, i) => i + 1)].map(notice),
    });
    await act(() => again.invalidateQueries({ queryKey: ['messages', 'isShowMsg'] }));
    await screen.findByRole('button', { name: '通知13' });
    expect(screen.getByRole('status').textContent).toBe('新的重要通知：通知13');
  });
});

import type { IsShowMsg, NoticeItem } from '@portal/contracts/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
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

const { NoticePrompt } = await import('./notice-prompt.tsx');

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

  it('marks a notice read and opens its url in a new window', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    api.getMessageCenterDetail.mockResolvedValue({
      id: 'n1',
      title: '通知1',
      url: '/generalDetailsTow?id=n1',
      mpName: '教务处',
      timeSend: '',
      read: false,
    });
    const onRead = vi.fn();
    renderPrompt(onRead);
    await userEvent.click(await screen.findByRole('button', { name: '通知1' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/generalDetailsTow?id=n1', '_blank', 'noopener'));
    expect(api.readMessage).toHaveBeenCalledWith('n1', '');
    // The chat's unread counts (the header's badge) are asked for again once it is read.
    await waitFor(() => expect(onRead).toHaveBeenCalledTimes(1));
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
});

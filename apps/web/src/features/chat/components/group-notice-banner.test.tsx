import type { ChatGroup, GroupEventFrame, GroupNotice } from '@portal/contracts/chat';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import dayjs from 'dayjs';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';

const http = vi.hoisted(() => ({ chat: vi.fn(), platform: vi.fn() }));
vi.mock('../../../lib/http/clients.ts', () => ({
  chatHttp: { post: http.chat, get: vi.fn() },
  platformHttp: { post: http.platform, get: vi.fn(), postForFile: vi.fn() },
  ospHttp: { post: vi.fn(), get: vi.fn() },
}));

const { GroupNoticeBanner } = await import('./group-notice-banner.tsx');
const { ChatPanel } = await import('./chat-panel.tsx');
const { chatClient } = await import('../lib/chat-runtime.ts');
const { emptyConversation } = await import('../lib/chat-state.ts');
const { isNoticeDismissed } = await import('../lib/dismissed-notices.ts');

const TEACHER = 't1';
const STUDENT = 's1';
const AT = '2026-11-23T06:05:00Z';
const notice = (text: string, at = AT): GroupNotice => ({ text, at, byUserId: TEACHER, byUserName: '李老师' });
// Times on the tenant's clock (Beijing by default), whatever the browser's zone: 06:05Z reads 14:05.
const when = (at: string) => dayjs(at).tz('Asia/Shanghai').format('YYYY-MM-DD HH:mm');

/** The server's group list, with the announcement the test sets. */
let current: GroupNotice | null = null;
const group = (): ChatGroup => ({
  id: 'g1',
  name: '期末答疑群',
  ownerId: TEACHER,
  memberCount: 2,
  createdAt: '2026-11-23T06:00:00Z',
  notice: current,
});

function serve() {
  http.chat.mockImplementation(async (path: string) => {
    if (path === '/group/list') return [group()];
    if (path === '/history') return { records: [], hasMore: false };
    if (path === '/conversation/read') return { read: 0 };
    throw new Error(`unexpected ${path}`);
  });
  http.platform.mockImplementation(async () => ({ records: [], total: 0, size: 20, current: 1, pages: 0 }));
}

const wrap = (ui: React.ReactNode) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    <I18nProvider i18n={i18n}>
      <App>
        <MemoryRouter>{ui}</MemoryRouter>
      </App>
    </I18nProvider>
  </QueryClientProvider>
);

const asStudentIn = () =>
  chatClient.store.setState({
    me: { userId: STUDENT, userName: '张同学' },
    conversations: {
      g1: { ...emptyConversation({ jid: 'g1', name: '期末答疑群', mpType: 2, toUserType: 2 }), historyLoaded: true },
    },
    activePeer: 'g1',
  });

describe('the group announcement banner', () => {
  beforeEach(() => {
    void i18n.changeLanguage('zh-CN');
    current = null;
    serve();
    asStudentIn();
  });
  afterEach(() => {
    chatClient.store.setState({ me: null, conversations: {}, activePeer: null, lastGroupEvent: null });
    vi.clearAllMocks();
  });

  it('shows at the top of the group conversation, with who set it and when, and follows a new one without a reload', async () => {
    current = notice('周五下午三点在 A101 答疑');
    render(wrap(<ChatPanel open onClose={() => undefined} />));
    const panel = await screen.findByRole('dialog', { name: '即时通讯' });
    const view = within(panel).getByRole('region', { name: '与 期末答疑群 的消息' });
    const banner = await within(view).findByRole('region', { name: '群公告' });
    within(banner).getByText('周五下午三点在 A101 答疑');
    within(banner).getByText(`李老师 发布于 ${when(AT)}`);
    // It sits above the messages.
    const log = within(view).getByRole('log', { name: '与 期末答疑群 的消息' });
    expect(banner.compareDocumentPosition(log) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    // The owner changes it: the `group` frame brings it at once.
    current = notice('答疑改到周六上午九点', '2026-11-23T07:00:00Z');
    const frame: GroupEventFrame = {
      kind: 'group',
      event: 'noticeChanged',
      groupId: 'g1',
      name: '期末答疑群',
      ownerId: TEACHER,
      userIds: [],
      notice: current,
      byUserId: TEACHER,
      byUserName: '李老师',
      at: '2026-11-23T07:00:00Z',
    };
    chatClient.store.setState({ lastGroupEvent: { ...frame, gone: false } });
    await within(view).findByText('答疑改到周六上午九点');
    expect(within(view).queryByText('周五下午三点在 A101 答疑')).toBeNull();

    // Cleared by the owner: the banner goes.
    current = null;
    chatClient.store.setState({ lastGroupEvent: { ...frame, notice: null, gone: false } });
    await waitFor(() => expect(within(view).queryByRole('region', { name: '群公告' })).toBeNull());
  });

  it('is closed from the keyboard for this session; a new announcement shows again', async () => {
    current = notice('请大家按时提交作业');
    const onDismissed = vi.fn();
    const { unmount } = render(wrap(<GroupNoticeBanner groupId="g1" onDismissed={onDismissed} />));
    const banner = await screen.findByRole('region', { name: '群公告' });
    const close = within(banner).getByRole('button', { name: '关闭群公告' });
    await userEvent.tab();
    expect(document.activeElement).toBe(close);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('region', { name: '群公告' })).toBeNull());
    expect(onDismissed).toHaveBeenCalledOnce();
    expect(isNoticeDismissed(STUDENT, 'g1', AT)).toBe(true);
    unmount();

    // Opened again in this session: still closed.
    const again = render(wrap(<GroupNoticeBanner groupId="g1" />));
    await waitFor(() => expect(http.chat).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('region', { name: '群公告' })).toBeNull();
    again.unmount();

    // A new announcement is shown although the old one was closed.
    current = notice('作业截止时间延后一天', '2026-11-24T01:00:00Z');
    render(wrap(<GroupNoticeBanner groupId="g1" />));
    await within(await screen.findByRole('region', { name: '群公告' })).findByText('作业截止时间延后一天');
  });

  it('forgets what was closed when the login session ends', async () => {
    current = notice('请大家按时提交作业');
    render(wrap(<GroupNoticeBanner groupId="g1" />));
    await userEvent.click(
      within(await screen.findByRole('region', { name: '群公告' })).getByRole('button', { name: '关闭群公告' }),
    );
    expect(isNoticeDismissed(STUDENT, 'g1', AT)).toBe(true);
    sessionStore.setState({ token: 'tok' });
    sessionStore.setState({ token: null });
    expect(isNoticeDismissed(STUDENT, 'g1', AT)).toBe(false);
  });

  it('shows a long announcement on two lines until expanded', async () => {
    current = notice(`第一行：期末考试安排\n${'考场与时间见附件，'.repeat(10)}`);
    render(wrap(<GroupNoticeBanner groupId="g1" />));
    const banner = await screen.findByRole('region', { name: '群公告' });
    const text = within(banner)
      .getByText(/第一行：期末考试安排/)
      .closest('p')!;
    expect(text.className).toContain('clamped');
    const expand = within(banner).getByRole('button', { name: '展开' });
    expect(expand.getAttribute('aria-expanded')).toBe('false');
    expect(expand.getAttribute('aria-controls')).toBe(text.id);
    await userEvent.click(expand);
    expect(within(banner).getByRole('button', { name: '收起' }).getAttribute('aria-expanded')).toBe('true');
    expect(text.className).not.toContain('clamped');
  });

  it('shows nothing for a group without an announcement', async () => {
    render(wrap(<GroupNoticeBanner groupId="g1" />));
    await waitFor(() => expect(http.chat).toHaveBeenCalledWith('/group/list'));
    expect(screen.queryByRole('region', { name: '群公告' })).toBeNull();
  });
});

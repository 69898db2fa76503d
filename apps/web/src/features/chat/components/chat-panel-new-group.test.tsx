import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';

const http = vi.hoisted(() => ({ chat: vi.fn(), platform: vi.fn() }));
vi.mock('../../../lib/http/clients.ts', () => ({
  chatHttp: { post: http.chat, get: vi.fn() },
  platformHttp: { post: http.platform, get: vi.fn(), postForFile: vi.fn() },
  ospHttp: { post: vi.fn(), get: vi.fn() },
}));

const { ChatPanel } = await import('./chat-panel.tsx');
const { chatClient } = await import('../lib/chat-runtime.ts');
const { emptyConversation } = await import('../lib/chat-state.ts');

const ME = 's1';
const GROUP = { id: 'g-new', name: '期末答疑群', ownerId: ME, memberCount: 2, createdAt: '2026-11-30T09:00:00.000Z' };

function serve() {
  http.platform.mockImplementation(async (path: string, body: { keyword?: string }) => {
    if (path !== '/app/userList/page') throw new Error(`unexpected ${path}`);
    const records = body?.keyword?.includes('teacher')
      ? [{ userId: 't1', userName: '李老师', nickName: '', account: 'teacher01', roleName: '教师' }]
      : [];
    return { records, total: records.length, size: 20, current: 1, pages: 1 };
  });
  http.chat.mockImplementation(async (path: string) => {
    if (path === '/group/create') return { ...GROUP, notice: null };
    if (path === '/group/list') return [{ ...GROUP, notice: null }];
    if (path === '/group/members') return [];
    if (path === '/history') return { records: [], hasMore: false };
    if (path === '/conversation/read') return { read: 0 };
    return null;
  });
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

/** Creates 期末答疑群 with 李老师 through 发起群聊, as a user does. */
async function createGroup(panel: HTMLElement) {
  const user = userEvent.setup();
  await user.click(within(panel).getByRole('button', { name: '发起群聊' }));
  const name = await screen.findByRole('textbox', { name: '群名称' });
  const dialog = name.closest<HTMLElement>('[role="dialog"]')!;
  await user.type(name, GROUP.name);
  const members = within(dialog).getByRole('combobox', { name: '群成员' });
  await user.click(members);
  await user.keyboard('teacher');
  await screen.findByText('李老师（teacher01）');
  // Ant Design's select reads the keys' codes, which user-event leaves out.
  fireEvent.keyDown(members, { key: 'ArrowDown', code: 'ArrowDown', keyCode: 40, which: 40 });
  fireEvent.keyDown(members, { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });
  await user.click(within(dialog).getByRole('button', { name: /创\s*建/ }));
}

/** The names the conversation list shows, top first. */
const listed = (panel: HTMLElement) =>
  within(within(panel).getByRole('list', { name: '会话列表' }))
    .getAllByRole('button')
    .map((b) => b.querySelector('.chat-conversation-name')!.textContent);

describe('a group just created (发起群聊)', () => {
  beforeEach(() => {
    void i18n.changeLanguage('zh-CN');
    serve();
    // An older conversation, with a message from the day before: the new group's activity is later.
    chatClient.store.setState({
      me: { userId: ME, userName: '张同学' },
      conversations: {
        s2: {
          ...emptyConversation({ jid: 's2', name: '王同学', mpType: 1, timeSend: '2026-11-29T08:00:00.000Z' }),
          historyLoaded: true,
        },
      },
      activePeer: null,
    });
  });
  afterEach(() => {
    chatClient.store.setState({ me: null, conversations: {}, activePeer: null });
    vi.restoreAllMocks();
  });

  it('is opened and first in the conversation list (most recent activity first)', async () => {
    render(wrap(<ChatPanel open onClose={() => undefined} />));
    const panel = await screen.findByRole('dialog', { name: '即时通讯' });
    await createGroup(panel);
    await within(panel).findByRole('region', { name: `与 ${GROUP.name} 的消息` });
    expect(listed(panel)).toEqual([GROUP.name, '王同学']);
    expect(within(panel).getByRole('button', { current: true }).textContent).toContain(GROUP.name);
  });

  it('on a phone, shows the new group’s conversation instead of the list; back in the list it is at the top', async () => {
    vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(390);
    render(wrap(<ChatPanel open onClose={() => undefined} />));
    const panel = await screen.findByRole('dialog', { name: '即时通讯' });
    await createGroup(panel);
    await within(panel).findByRole('region', { name: `与 ${GROUP.name} 的消息` });
    expect(within(panel).queryByRole('list', { name: '会话列表' })).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: '返回会话列表' }));
    expect(listed(panel)).toEqual([GROUP.name, '王同学']);
  });
});

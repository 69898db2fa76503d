import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
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
const sent = vi.fn();

function serve() {
  http.platform.mockImplementation(async (path: string, body: { keyword?: string }) => {
    if (path !== '/app/userList/page') throw new Error(`unexpected ${path}`);
    const records = body?.keyword?.includes('teacher')
      ? [{ userId: 't1', userName: '李老师', nickName: '', account: 'teacher01', roleName: '教师' }]
      : [];
    return { records, total: records.length, size: 20, current: 1, pages: 1 };
  });
  http.chat.mockImplementation(async (path: string) => {
    if (path === '/history') return { records: [], hasMore: false };
    if (path === '/conversation/read') return { read: 0 };
    if (path === '/group/list') return [];
    if (path === '/user/detail' || path.startsWith('/user')) return { userId: 't1', online: false };
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

describe('the chat panel gives the focus to the message box of the conversation the user opens', () => {
  beforeEach(() => {
    void i18n.changeLanguage('zh-CN');
    serve();
    vi.spyOn(chatClient, 'sendText').mockImplementation((peerId, text) => {
      sent(peerId, text);
      return null as never;
    });
    chatClient.store.setState({
      me: { userId: ME, userName: '张同学' },
      conversations: {
        s2: { ...emptyConversation({ jid: 's2', name: '王同学', mpType: 1 }), historyLoaded: true },
      },
      activePeer: null,
    });
  });
  afterEach(() => {
    chatClient.store.setState({ me: null, conversations: {}, activePeer: null });
    vi.restoreAllMocks();
    sent.mockReset();
  });

  it('发起会话 by keyboard: type, ArrowDown, Enter — the conversation opens and what is typed next is sent to it', async () => {
    const user = userEvent.setup();
    render(wrap(<ChatPanel open onClose={() => undefined} />));
    const panel = await screen.findByRole('dialog', { name: '即时通讯' });
    const search = within(panel).getByRole('combobox', { name: '搜索姓名或账号' });
    await user.click(search);
    await user.keyboard('teacher');
    await screen.findByText('李老师（teacher01）');
    // Ant Design's select reads the keys' codes, which user-event leaves out.
    fireEvent.keyDown(search, { key: 'ArrowDown', code: 'ArrowDown', keyCode: 40, which: 40 });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });
    const view = await within(panel).findByRole('region', { name: '与 李老师 的消息' });
    const box = within(view).getByRole('textbox', { name: '消息内容' });
    await waitFor(() => expect(document.activeElement).toBe(box));
    await user.keyboard('李老师您好{Enter}');
    expect(sent).toHaveBeenCalledWith('t1', '李老师您好');
  });

  it('a conversation picked from the list by keyboard takes the focus to its message box', async () => {
    const user = userEvent.setup();
    render(wrap(<ChatPanel open onClose={() => undefined} />));
    const panel = await screen.findByRole('dialog', { name: '即时通讯' });
    within(panel)
      .getByRole('button', { name: /^王同学/ })
      .focus();
    await user.keyboard('{Enter}');
    const view = await within(panel).findByRole('region', { name: '与 王同学 的消息' });
    await waitFor(() => expect(document.activeElement).toBe(within(view).getByRole('textbox', { name: '消息内容' })));
  });
});

import type { ChatGroup } from '@portal/contracts/chat';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
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

const group: ChatGroup = {
  id: 'g1',
  name: '期末答疑群',
  ownerId: 't1',
  memberCount: 2,
  createdAt: '2026-11-23T06:00:00Z',
  notice: null,
};

describe("the chat panel's buttons", () => {
  beforeEach(() => {
    http.chat.mockImplementation(async (path: string) => {
      if (path === '/group/list') return [group];
      if (path === '/history') return { records: [], hasMore: false };
      if (path === '/conversation/read') return { read: 0 };
      throw new Error(`unexpected ${path}`);
    });
    http.platform.mockResolvedValue({ records: [], total: 0, size: 20, current: 1, pages: 0 });
    chatClient.store.setState({
      me: { userId: 's1', userName: '张同学' },
      conversations: {
        g1: { ...emptyConversation({ jid: 'g1', name: '期末答疑群', mpType: 2, toUserType: 2 }), historyLoaded: true },
      },
      activePeer: 'g1',
    });
  });
  afterEach(async () => {
    chatClient.store.setState({ me: null, conversations: {}, activePeer: null, lastGroupEvent: null });
    vi.clearAllMocks();
    await act(() => i18n.changeLanguage('zh-CN'));
  });

  it.each([
    ['zh-CN', '即时通讯', ['群成员', '置顶', '消息免打扰', '删除会话', '发送']],
    ['en-US', 'Instant messaging', ['Members', 'Pin', 'Mute notifications', 'Delete conversation', 'Send']],
  ] as const)(
    '%s: are named in the interface language alone, without their icons’ English names (team, pushpin, stop …)',
    async (lang, title, names) => {
      await act(() => i18n.changeLanguage(lang));
      render(
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <I18nProvider i18n={i18n}>
            <App>
              <MemoryRouter>
                <ChatPanel open onClose={() => undefined} />
              </MemoryRouter>
            </App>
          </I18nProvider>
        </QueryClientProvider>,
      );
      const panel = await screen.findByRole('dialog', { name: title });
      for (const name of names) expect(within(panel).getByRole('button', { name })).toBeTruthy();
      // The confirmation of 删除会话 does not begin with its icon's name ("exclamation-circle").
      await userEvent.click(within(panel).getByRole('button', { name: names[3] }));
      const confirm = await screen.findByRole('tooltip');
      expect(within(confirm).queryAllByRole('img')).toEqual([]);
    },
  );
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';

const http = vi.hoisted(() => ({ chat: vi.fn() }));
vi.mock('../../../lib/http/clients.ts', () => ({
  chatHttp: { post: http.chat, get: vi.fn() },
  platformHttp: { post: vi.fn(), get: vi.fn() },
}));

const { MessageSearch } = await import('./message-search.tsx');

const hit = {
  peerId: 't1',
  peerName: '李老师',
  seq: 42,
  score: 13,
  message: {
    messageId: 'm42',
    messageIdWeb: 'w42',
    fromUserId: 't1',
    fromUserName: '李老师',
    toUserId: 's1',
    toUserName: '张同学',
    toUserType: 1,
    type: 1,
    content: '期末考试安排在第十八周',
    timeSend: '2026-11-23T08:00:00Z',
    jid: 't1/pc',
    mpType: null,
    fileTypeName: null,
    fileSize: null,
    objectId: null,
  },
};

describe('chat message search (issue 14)', () => {
  it('searches the own conversations and jumps to a hit', async () => {
    await i18n.changeLanguage('zh-CN');
    http.chat.mockImplementation(async (path: string, body: { keyword: string }) =>
      path === '/search' && body.keyword === '考试' ? [hit] : [],
    );
    const onJump = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nProvider i18n={i18n}>
          <App>
            <MessageSearch onJump={onJump} />
          </App>
        </I18nProvider>
      </QueryClientProvider>,
    );
    await userEvent.type(screen.getByRole('searchbox', { name: '搜索聊天记录' }), '考试{Enter}');
    const results = await screen.findByRole('list', { name: '搜索结果' });
    const button = within(results).getByRole('button', { name: /李老师.*期末考试安排在第十八周/ });
    expect(http.chat).toHaveBeenCalledWith('/search', { keyword: '考试' });
    await userEvent.click(button);
    expect(onJump).toHaveBeenCalledWith(hit);

    await userEvent.clear(screen.getByRole('searchbox', { name: '搜索聊天记录' }));
    await userEvent.type(screen.getByRole('searchbox', { name: '搜索聊天记录' }), '不存在{Enter}');
    await screen.findByText('没有找到相关聊天记录');
  });

  it("names its search and clear buttons in the interface's language, not by their icons ('search')", async () => {
    await i18n.changeLanguage('zh-CN');
    render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nProvider i18n={i18n}>
          <App>
            <MessageSearch onJump={vi.fn()} />
          </App>
        </I18nProvider>
      </QueryClientProvider>,
    );
    await userEvent.type(screen.getByRole('searchbox', { name: '搜索聊天记录' }), '考试');
    expect(screen.getByRole('button', { name: '搜索' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '清除' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'search' })).toBeNull();

    await act(() => i18n.changeLanguage('en-US'));
    expect(screen.getByRole('button', { name: 'Search' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear' })).toBeTruthy();
    await act(() => i18n.changeLanguage('zh-CN'));
  });
});

describe('a group hit names its sender', () => {
  it('with the interface’s colon (：, ": " in English)', async () => {
    await i18n.changeLanguage('en-US');
    const groupHit = { ...hit, peerName: '班级群', message: { ...hit.message, toUserId: 'g1', toUserType: 2 } };
    http.chat.mockImplementation(async (path: string) => (path === '/search' ? [groupHit] : []));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nProvider i18n={i18n}>
          <App>
            <MessageSearch onJump={vi.fn()} />
          </App>
        </I18nProvider>
      </QueryClientProvider>,
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search messages' }), '考试{Enter}');
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(within(results).getByRole('button').textContent).toContain('李老师: 期末考试安排在第十八周');
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(within(results).getByRole('button').textContent).toContain('李老师：期末考试安排在第十八周');
  });
});

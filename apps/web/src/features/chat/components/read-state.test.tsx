import {
  MSG_TYPE_RECEIPT_DELIVERED,
  MSG_TYPE_RECEIPT_STORED,
  TO_USER_TYPE_GROUP,
  type ChatMessage,
} from '@portal/contracts/chat';
import { CHAT_TEXT_MAX_LENGTH } from '@portal/contracts/chat-constants';
import { CHAT_TEXTS } from '@portal/contracts/chat-texts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';

const http = vi.hoisted(() => ({ chat: vi.fn() }));
vi.mock('../../../lib/http/clients.ts', () => ({ chatHttp: { post: http.chat, get: vi.fn() } }));

const { MessageItem } = await import('./message-item.tsx');
const { createChatClient } = await import('../lib/chat-client.ts');
const { FakeWebSocket } = await import('../lib/fake-web-socket.ts');
type ClientMessage = import('../lib/chat-state.ts').ClientMessage;
const { SEND_TIMED_OUT } = await import('../lib/chat-state.ts');
const { incoming } = await import('../lib/chat-fixtures.ts');

const ME = 'u-teacher';
const PEER = 'u-student';

function show(m: ClientMessage) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <I18nProvider i18n={i18n}>
        <App>
          <ul>
            <MessageItem
              m={m}
              me={ME}
              showSender={false}
              now={Date.now()}
              onResend={() => undefined}
              onRevoke={() => undefined}
              onOpenNotice={() => undefined}
            />
          </ul>
        </App>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('read state in the chat panel (issue 14)', () => {
  beforeEach(async () => {
    FakeWebSocket.reset();
    await i18n.changeLanguage('zh-CN');
  });
  afterEach(() => vi.clearAllMocks());

  it('one to one: 发送中 → 已发送 → 已送达 → 已读 as receipts 25, 26 and the read marker arrive', async () => {
    const client = createChatClient({
      api: {
        lastChatList: async () => [],
        history: async () => ({ records: [], hasMore: false }),
        readConversation: async () => ({ read: 0 }),
      },
      createSocket: (url) => new FakeWebSocket(url),
      url: () => 'ws://x/api/chat/ws',
    });
    client.start({ userId: ME, userName: '李老师', token: 'tok' });
    const ws = FakeWebSocket.last();
    ws.accept(ME);
    const sent = client.sendText(PEER, '明天交作业');
    const current = () => client.store.getState().conversations[PEER]!.messages[0]!;
    const stateText = () => {
      const view = show(current());
      const text = within(view.container).getByTestId('send-state').textContent;
      view.unmount();
      return text;
    };
    expect(stateText()).toBe('发送中');
    // Receipts and read markers are applied together at the end of a short window (a burst is one update).
    ws.receive({
      kind: 'receipt',
      type: MSG_TYPE_RECEIPT_STORED,
      messageId: 'm1',
      messageIdWeb: sent.messageIdWeb,
      toUserId: PEER,
      timeSend: '2026-11-23T08:00:00Z',
    });
    await vi.waitFor(() => expect(stateText()).toBe('已发送'));
    ws.receive({
      kind: 'receipt',
      type: MSG_TYPE_RECEIPT_DELIVERED,
      messageId: 'm1',
      messageIdWeb: sent.messageIdWeb,
      toUserId: PEER,
      timeSend: '2026-11-23T08:00:00Z',
    });
    await vi.waitFor(() => expect(stateText()).toBe('已送达'));
    ws.receive({
      kind: 'seen',
      peerId: PEER,
      readerId: PEER,
      readerName: '张同学',
      at: '2026-11-23T08:01:00Z',
      messages: [{ messageId: 'm1', messageIdWeb: sent.messageIdWeb, readCount: 1, memberCount: 1 }],
    });
    await vi.waitFor(() => expect(stateText()).toBe('已读'));
    await i18n.changeLanguage('en-US');
    expect(stateText()).toBe('Read');
    client.stop();
  });

  it('a group: 已读 N/M, and the list of who read it and who not yet', async () => {
    http.chat.mockImplementation(async (path: string) => {
      if (path === '/message/readers')
        return {
          messageId: 'g-m1',
          readCount: 1,
          memberCount: 2,
          readers: [{ userId: PEER, userName: '张同学', readAt: '2026-11-23T08:01:00Z' }],
          unread: [{ userId: 'u-admin', userName: '系统管理员' }],
        };
      throw new Error(path);
    });
    const m: ChatMessage & ClientMessage = {
      messageId: 'g-m1',
      messageIdWeb: 'w1',
      fromUserId: ME,
      fromUserName: '李老师',
      toUserId: 'g1',
      toUserName: '班级群',
      toUserType: TO_USER_TYPE_GROUP,
      type: 1,
      content: '请确认',
      timeSend: new Date().toISOString(),
      jid: `${ME}/pc`,
      mpType: null,
      fileTypeName: null,
      fileSize: null,
      objectId: null,
      isSendType: 0,
      readCount: 1,
      memberCount: 2,
    };
    show(m);
    const state = screen.getByTestId('send-state');
    expect(state.textContent).toBe('已读 1/2');
    // Its name joins the state and what it opens with the interface's comma (it was always '，').
    expect(state.getAttribute('aria-label')).toBe('已读 1/2，已读情况');
    await i18n.changeLanguage('en-US');
    expect(screen.getByTestId('send-state').getAttribute('aria-label')).toBe('Read 1/2, who read it');
    await i18n.changeLanguage('zh-CN');
    await userEvent.click(state);
    const list = await screen.findByTestId('readers-list');
    expect(list.textContent).toContain('已读（1）张同学');
    expect(list.textContent).toContain('未读（1）系统管理员');
    expect(http.chat).toHaveBeenCalledWith('/message/readers', { messageId: 'g-m1' });
  });

  it('offers no resend for a failed text longer than the server takes; a failed short one keeps it', () => {
    // incoming() is the peer's; made the teacher's own, sent and refused.
    const failed = (content: string): ClientMessage => ({
      ...incoming(content, { fromUserId: ME, toUserId: PEER, jid: `${ME}/pc` }),
      isSendType: SEND_TIMED_OUT,
      error: CHAT_TEXTS.textTooLong,
    });
    const long = show(failed('长'.repeat(CHAT_TEXT_MAX_LENGTH + 1)));
    expect(screen.queryByRole('button', { name: /重新发送/ })).toBeNull();
    long.unmount();
    show(failed('短消息'));
    expect(screen.getByRole('button', { name: /重新发送/ })).toBeTruthy();
  });
});

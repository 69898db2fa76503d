import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
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
const { applyIncoming, emptyConversation } = await import('../lib/chat-state.ts');
const { incoming } = await import('../lib/chat-fixtures.ts');

// The fixtures' messages go from u2 to u1.
const ME = 'u1';
const PEER = 'u2';
/** Each message is 50 px high in the stubbed layout; the box shows 400 px of them. */
const LINE_PX = 50;
const BOX_PX = 400;

/** jsdom has no layout: the message box gets a height, a content height from its messages, and a scroll position. */
function stubLayout(log: HTMLElement) {
  let top = 0;
  Object.defineProperties(log, {
    clientHeight: { configurable: true, get: () => BOX_PX },
    scrollHeight: { configurable: true, get: () => log.querySelectorAll('li').length * LINE_PX },
    scrollTop: {
      configurable: true,
      get: () => top,
      set: (v: number) => (top = Math.max(0, Math.min(v, log.scrollHeight - BOX_PX))),
    },
  });
  return {
    bottom: () => log.scrollHeight - BOX_PX,
    /** The user scrolls (wheel, keys, scroll bar) to this position. */
    scrollTo(v: number) {
      log.scrollTop = v;
      fireEvent.scroll(log);
    },
  };
}

const receive = (content: string) =>
  act(() =>
    chatClient.store.setState((s) => ({
      conversations: applyIncoming(s.conversations, incoming(content), ME, PEER),
    })),
  );

describe('the messages of a conversation when new ones come', () => {
  beforeEach(async () => {
    http.chat.mockImplementation(async (path: string) => {
      if (path === '/conversation/read') return { read: 0 };
      if (path === '/group/list') return [];
      if (path.startsWith('/user')) return { userId: PEER, online: true };
      throw new Error(`unexpected ${path}`);
    });
    http.platform.mockResolvedValue({ records: [], total: 0, size: 20, current: 1, pages: 0 });
    await act(() => i18n.changeLanguage('zh-CN'));
    const older = Array.from({ length: 20 }, (_, i) => ({ ...incoming(`第 ${i + 1} 条`), isSendType: 0 as const }));
    chatClient.store.setState({
      me: { userId: ME, userName: '张同学' },
      conversations: {
        [PEER]: {
          ...emptyConversation({ jid: PEER, name: '李老师', mpType: 1 }),
          historyLoaded: true,
          messages: older,
        },
      },
      activePeer: PEER,
    });
  });
  afterEach(async () => {
    chatClient.store.setState({ me: null, conversations: {}, activePeer: null });
    vi.clearAllMocks();
    await act(() => i18n.changeLanguage('zh-CN'));
  });

  it('stay where a user who scrolled up is reading, offer the new ones, and follow them again at the bottom or after sending', async () => {
    const user = userEvent.setup();
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
    const panel = await screen.findByRole('dialog', { name: '即时通讯' });
    const log = within(panel).getByRole('log', { name: '与 李老师 的消息' });
    const layout = stubLayout(log);

    // At the bottom: a new message is followed.
    layout.scrollTo(layout.bottom());
    await receive('在吗');
    expect(log.scrollTop).toBe(layout.bottom());
    expect(within(panel).queryByRole('button', { name: /新消息/ })).toBeNull();

    // Scrolled up to read older messages: the view stays, the new ones are offered.
    layout.scrollTo(100);
    await receive('看到请回复');
    await receive('谢谢');
    expect(log.scrollTop).toBe(100);
    const offer = within(panel).getByRole('button', { name: '2 条新消息' });
    await act(() => i18n.changeLanguage('en-US'));
    expect(offer.textContent).toBe('2 new messages');
    await act(() => i18n.changeLanguage('zh-CN'));

    // The offer goes down to them, and the focus to the messages (the button is gone).
    await user.click(offer);
    expect(log.scrollTop).toBe(layout.bottom());
    expect(within(panel).queryByRole('button', { name: /新消息/ })).toBeNull();
    expect(document.activeElement).toBe(log);

    // Scrolled down by the user to the bottom (near enough): the offer goes, and new messages are followed again.
    layout.scrollTo(100);
    await receive('还有一件事');
    expect(within(panel).getByRole('button', { name: '1 条新消息' })).toBeTruthy();
    layout.scrollTo(layout.bottom() - 20);
    expect(within(panel).queryByRole('button', { name: /新消息/ })).toBeNull();
    await receive('明天见');
    expect(log.scrollTop).toBe(layout.bottom());

    // Scrolled up, the user sends a message: it is shown.
    layout.scrollTo(0);
    await act(() => void chatClient.sendText(PEER, '好的，老师'));
    expect(log.scrollTop).toBe(layout.bottom());
  });
});

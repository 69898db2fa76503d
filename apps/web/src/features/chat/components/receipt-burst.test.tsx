import { MSG_TYPE_RECEIPT_DELIVERED, MSG_TYPE_RECEIPT_STORED } from '@portal/contracts/chat';
import { render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useStore } from 'zustand';
import { createChatClient, type ChatClient } from '../lib/chat-client.ts';
import { sendStateOf } from '../lib/chat-state.ts';
import { FakeWebSocket } from '../lib/fake-web-socket.ts';

const ME = 'u-teacher';
const PEER = 'u-student';

/**
 * What a conversation view does on each render with the receipts' state: it shows it, and something of it (as
 * Ant Design's buttons do, checking their text after each render) updates its own state in an effect, at
 * the default priority, which waits for a task of React's scheduler.
 */
function SendStates({ client }: { client: ChatClient }) {
  const messages = useStore(client.store, (s) => s.conversations[PEER]?.messages);
  const delivered = messages?.filter((m) => sendStateOf(m).kind === 'delivered').length ?? 0;
  const [shown, setShown] = useState(0);
  useEffect(() => setShown(delivered), [delivered]);
  return <p data-testid="delivered">{`${delivered}/${messages?.length ?? 0} ${shown}`}</p>;
}

describe('a burst of receipts on the sender’s page', () => {
  let client: ChatClient;
  beforeEach(() => {
    FakeWebSocket.reset();
    client = createChatClient({
      api: {
        lastChatList: async () => [],
        history: async () => ({ records: [], hasMore: false }),
        readConversation: async () => ({ read: 0 }),
      },
      createSocket: (url) => new FakeWebSocket(url),
      url: () => 'ws://x/api/chat/ws',
    });
    client.start({ userId: ME, userName: '李老师', token: 'tok' });
    FakeWebSocket.last().accept(ME);
  });
  afterEach(() => client.stop());

  it('100 receipts 25 and 26 arriving at once show as one update, without "Maximum update depth exceeded"', async () => {
    const ws = FakeWebSocket.last();
    const sent = Array.from({ length: 100 }, (_, i) => client.sendText(PEER, `第 ${i + 1} 条`));
    render(<SendStates client={client} />);
    expect(screen.getByTestId('delivered').textContent).toBe('0/100 0');
    const errors: unknown[] = [];
    // Each frame is a task of its own in the browser: React renders what it changed before the next one comes.
    for (const type of [MSG_TYPE_RECEIPT_STORED, MSG_TYPE_RECEIPT_DELIVERED] as const) {
      for (const [i, m] of sent.entries()) {
        try {
          ws.receive({
            kind: 'receipt',
            type,
            messageId: `srv-${i}`,
            messageIdWeb: m.messageIdWeb,
            toUserId: PEER,
            timeSend: '2026-11-23T08:00:00.000Z',
          });
        } catch (e) {
          errors.push(e);
        }
        await Promise.resolve();
      }
    }
    expect(await screen.findByText('100/100 100')).toBeTruthy();
    expect(errors).toEqual([]);
  });
});

import { TO_USER_TYPE_GROUP } from '@portal/contracts/chat';
import { formatCount } from '@portal/contracts/constants';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMessageNotifier, type NotificationApi } from '../lib/browser-notifications.ts';
import { incoming, PEER } from '../lib/chat-fixtures.ts';
import { emptyConversation } from '../lib/chat-state.ts';
import { NotificationOffer, titleWithCount, useTitleCount } from './chat-attention.tsx';

/** A Notification API that records what it shows. */
function fakeNotifications(permission: NotificationPermission, answer: NotificationPermission = 'granted') {
  const shown: Array<{
    title: string;
    options?: NotificationOptions;
    n: { onclick: (() => void) | null; close: () => void };
  }> = [];
  class FakeNotification {
    static permission = permission;
    static requestPermission = vi.fn(async () => {
      FakeNotification.permission = answer;
      return answer;
    });
    onclick: (() => void) | null = null;
    close = vi.fn();
    constructor(title: string, options?: NotificationOptions) {
      shown.push({ title, ...(options ? { options } : {}), n: this });
    }
  }
  return { api: FakeNotification as unknown as NotificationApi, shown, Fake: FakeNotification };
}

const notice = (extra: { muted?: boolean; mentioned?: boolean; group?: boolean } = {}) => ({
  message: incoming('明天上午九点开会', extra.group ? { toUserId: 'g1', toUserType: TO_USER_TYPE_GROUP } : {}),
  conversation: emptyConversation({
    jid: extra.group ? 'g1' : PEER,
    name: extra.group ? '教研室' : '李老师',
    ...(extra.group ? { toUserType: TO_USER_TYPE_GROUP } : {}),
    ...(extra.muted ? { muted: true } : {}),
  }),
  mentioned: extra.mentioned ?? false,
});

describe('desktop notifications of new messages (issue 14)', () => {
  const notifier = (api: NotificationApi | null, hidden: boolean, onOpen = vi.fn()) =>
    createMessageNotifier({
      api: () => api,
      hidden: () => hidden,
      format: ({ message, conversation }) => ({ title: conversation.name, body: message.content }),
      onOpen,
    });

  it('shows one while the tab is hidden, tagged by conversation; a click opens the conversation', () => {
    const { api, shown } = fakeNotifications('granted');
    const onOpen = vi.fn();
    expect(notifier(api, true, onOpen)(notice())).toBe(true);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({
      title: '李老师',
      options: { body: '明天上午九点开会', tag: `portal-chat-${PEER}` },
    });
    shown[0]!.n.onclick!();
    expect(onOpen).toHaveBeenCalledWith(PEER);
    expect(shown[0]!.n.close).toHaveBeenCalled();
  });

  it('shows none while the tab is visible, without permission, or without the API', () => {
    expect(notifier(fakeNotifications('granted').api, false)(notice())).toBe(false);
    const asked = fakeNotifications('default');
    expect(notifier(asked.api, true)(notice())).toBe(false);
    expect(asked.Fake.requestPermission).not.toHaveBeenCalled();
    expect(notifier(fakeNotifications('denied').api, true)(notice())).toBe(false);
    expect(notifier(null, true)(notice())).toBe(false);
  });

  it('shows none for a muted conversation, unless the user is mentioned there', () => {
    const { api, shown } = fakeNotifications('granted');
    expect(notifier(api, true)(notice({ muted: true, group: true }))).toBe(false);
    expect(notifier(api, true)(notice({ muted: true, group: true, mentioned: true }))).toBe(true);
    expect(shown.map((s) => s.title)).toEqual(['教研室']);
  });

  it('asks for the permission only when the user clicks the offer, which says why', async () => {
    const { Fake } = fakeNotifications('default');
    vi.stubGlobal('Notification', Fake);
    render(<NotificationOffer />);
    expect(Fake.requestPermission).not.toHaveBeenCalled();
    const button = screen.getByRole('button', { name: /开启桌面通知/ });
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toMatch(/页面不在前台时/);
    fireEvent.click(button);
    expect(Fake.requestPermission).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: /开启桌面通知/ })).toBeNull());
  });

  it('tells where to change a refusal made just now, and offers nothing after an earlier one', async () => {
    const { Fake } = fakeNotifications('default', 'denied');
    vi.stubGlobal('Notification', Fake);
    const { unmount } = render(<NotificationOffer />);
    fireEvent.click(screen.getByRole('button', { name: /开启桌面通知/ }));
    expect((await screen.findByRole('note')).textContent).toMatch(/浏览器已阻止/);
    unmount();
    render(<NotificationOffer />);
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('the unread count in the tab title', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.title = '';
  });

  it('puts the count before the title, replaces an earlier one, and takes it away at 0', () => {
    expect(titleWithCount('首页 - 校园门户', 3)).toBe('(3) 首页 - 校园门户');
    expect(titleWithCount('(3) 首页 - 校园门户', 12)).toBe('(12) 首页 - 校园门户');
    expect(titleWithCount('(12) 首页 - 校园门户', 0)).toBe('首页 - 校园门户');
    expect(titleWithCount('首页', 100_000)).toBe(`(${formatCount(100_000)}) 首页`);
  });

  it('keeps the count when a page sets its own title', async () => {
    document.title = '首页 - 校园门户';
    function Probe({ n }: { n: number }) {
      useTitleCount(n);
      return null;
    }
    const { rerender, unmount } = render(<Probe n={2} />);
    expect(document.title).toBe('(2) 首页 - 校园门户');
    document.title = '服务大厅 - 校园门户';
    await vi.waitFor(() => expect(document.title).toBe('(2) 服务大厅 - 校园门户'));
    rerender(<Probe n={0} />);
    expect(document.title).toBe('服务大厅 - 校园门户');
    unmount();
  });
});

import type { ChatResource } from '@portal/contracts/chat';
import { useStore } from 'zustand';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { getChatGroups } from '../api/get-chat-groups.ts';
import { getChatHistory } from '../api/get-chat-history.ts';
import { getLastChatList } from '../api/get-last-chat-list.ts';
import { readConversation } from '../api/read-conversation.ts';
import { createChatClient, type ChatState } from './chat-client.ts';
import { sessionChatRecords } from './chat-records.ts';
import { forgetDismissedNotices } from './dismissed-notices.ts';
import { browserTabShare } from './tab-shared-socket.ts';

/** The device kind of this browser (4.1 multi-device: ios, android, pc, mac; one session per kind). */
function browserResource(): ChatResource {
  return typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform) ? 'mac' : 'pc';
}

let publicAccountReader: ((mpId: string) => Promise<unknown>) | undefined;

/**
 * How opening a public account reads its notices (app/msg/read): the message center's call, given by app/ before
 * the shell shows (features never import each other).
 */
export function setPublicAccountReader(read: (mpId: string) => Promise<unknown>): void {
  publicAccountReader = read;
}

/**
 * The one chat client of the page, started by the shell and stopped on logout. The tabs of the browser share one
 * socket (a leader tab elected with Web Locks relays over a BroadcastChannel), so they never conflict (issue 14).
 */
export const chatClient = createChatClient({
  api: {
    lastChatList: getLastChatList,
    history: (input) => getChatHistory(input),
    readConversation,
    readPublicAccount: (mpId) => publicAccountReader?.(mpId) ?? Promise.resolve(),
    groups: getChatGroups,
  },
  resource: browserResource(),
  // Section 3: the chat records are kept for the session under the user's id; logoutClear removes them.
  records: sessionChatRecords(),
  tabs: browserTabShare,
});

export function useChat<T>(selector: (s: ChatState) => T): T {
  return useStore(chatClient.store, selector);
}

/** Logout: closes the socket without reconnecting and forgets the chat records of the page. */
export function stopChat(): void {
  chatClient.stop();
}

// Every way the session ends (logout, forced re-login) clears the token: the chat ends with it.
sessionStore.subscribe((s, prev) => {
  if (prev.token && !s.token) {
    stopChat();
    forgetDismissedNotices();
  }
});

// A page that goes away (reload, close) writes its chat records at once rather than after the save delay.
if (typeof window !== 'undefined') window.addEventListener('pagehide', () => chatClient.flushRecords());

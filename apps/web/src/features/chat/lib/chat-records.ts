import type { ChatMessage, ConversationEntry } from '@portal/contracts/chat';
import {
  array,
  BAD,
  bool,
  chatMessageShape,
  conversationEntryShape,
  object,
  oneOf,
  optional,
  str,
} from '@portal/contracts/chat-check';
import { MSG_TYPE_INPUT_STATE } from '@portal/contracts/chat-constants';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { conversationList, emptyConversation, type Conversations } from './chat-state.ts';

/**
 * The chat records of section 3 ("Values kept for the session: … chat records. Session keys are tied to the
 * user id."): a copy of the newest part of each conversation, so that a reloaded page shows the conversations
 * at once, and a message that had not gone out is not lost. The server stays the source of truth: opening a
 * conversation loads its history and replaces what was restored. Logout clears them (4.3, `logoutClear`).
 */

/** How much is kept (the spec gives no figure): the latest conversations, the latest messages of each, and a size cap. */
export const CHAT_RECORDS_CONVERSATIONS_KEPT = 50;
export const CHAT_RECORDS_MESSAGES_KEPT = 20;
/** JSON characters of message content kept over all conversations (local storage holds a few MB per site). */
export const CHAT_RECORDS_MAX_CHARS = 300_000;
/** Changes are written at most this often. */
export const CHAT_RECORDS_SAVE_DELAY_MS = 1_000;

export type StoredMessage = ChatMessage & { delivered?: boolean; error?: string };
export type ChatRecords = { version: 1; conversations: Array<ConversationEntry & { messages: StoredMessage[] }> };

/**
 * The records' shape, checked by hand (ChatMessage and ConversationEntry of the contracts, which the hand checks
 * give as their zod schemas do; `chat-check.test.ts` in the contracts): restoring them is the first thing the chat
 * client does on every page of /home, which loads no zod (issue 10, ADR 0050).
 */
const checkRecords = object({
  version: oneOf(1),
  conversations: array(
    object({
      ...conversationEntryShape,
      messages: array(object({ ...chatMessageShape, delivered: optional(bool), error: optional(str) })),
    }),
  ),
});

/** Where the records of a user are kept. */
export type ChatRecordStore = {
  load(userId: string): unknown;
  save(userId: string, records: ChatRecords): void;
};

/** The records of the conversations held now: the list order of 4.1, newest messages first within the limits. */
export function toChatRecords(
  all: Conversations,
  limits: { conversations: number; messages: number; maxChars: number } = {
    conversations: CHAT_RECORDS_CONVERSATIONS_KEPT,
    messages: CHAT_RECORDS_MESSAGES_KEPT,
    maxChars: CHAT_RECORDS_MAX_CHARS,
  },
): ChatRecords {
  let budget = limits.maxChars;
  const conversations = conversationList(all)
    .slice(0, limits.conversations)
    .map((c) => {
      const kept: ChatRecords['conversations'][number]['messages'] = [];
      const candidates = c.messages.filter((m) => m.type !== MSG_TYPE_INPUT_STATE);
      for (let i = candidates.length - 1; i >= 0 && kept.length < limits.messages; i--) {
        const { restored: _restored, ...m } = candidates[i]!;
        const size = JSON.stringify(m).length;
        if (size > budget) break;
        budget -= size;
        kept.unshift(m);
      }
      return {
        jid: c.jid,
        name: c.name,
        mpType: c.mpType,
        toUserType: c.toUserType,
        unreadNumber: c.unreadNumber,
        timeSend: c.timeSend,
        content: c.content,
        type: c.type,
        fromUserId: c.fromUserId,
        openTopChatTime: c.openTopChatTime,
        ...(c.muted ? { muted: true } : {}),
        messages: kept,
      };
    });
  return { version: 1, conversations };
}

/**
 * Conversations from stored records (anything unreadable gives none). A message that was still sending when the
 * page went away stays sending (1): it is the send queue of 4.1, which survives a closed tab (issue 18); the chat
 * client sends it again with the same messageIdWeb, and the server stores it once.
 */
export function fromChatRecords(raw: unknown): Conversations {
  const records = checkRecords(raw);
  if (records === BAD) return {};
  const out: Conversations = {};
  for (const { messages, ...entry } of records.conversations) {
    out[entry.jid] = {
      ...emptyConversation(entry),
      messages: messages.map((m) => ({ ...m, restored: true })),
    };
  }
  return out;
}

/** The records in the session store, under the user's id; nothing is written once the session has ended. */
export function sessionChatRecords(store: typeof sessionStore = sessionStore): ChatRecordStore {
  return {
    load: (userId) => store.getState().chatRecords[userId],
    save(userId, records) {
      const s = store.getState();
      if (!s.token || s.user?.user_id !== userId) return;
      // Only the current user's records are kept.
      store.setState({ chatRecords: { [userId]: records } });
    },
  };
}

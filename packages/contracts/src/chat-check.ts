import type { ChatMessage, ConversationEntry, ServerFrame } from './chat.ts';
import { CHAT_RESOURCES, GROUP_EVENTS, MSG_TYPE_RECEIPT_DELIVERED, MSG_TYPE_RECEIPT_STORED } from './chat-constants.ts';

/**
 * Hand-written checks of the chat shapes the web client reads before its chat panel is open (issue 10, ADR 0050):
 * the socket's server frames and the chat records restored from the session. They take what the zod schemas of
 * `chat.ts` take and give what those give (unknown keys dropped), without zod: the /home shell starts the chat
 * client on every page, and building the chat schemas there cost the home page zod's 25 KB (gzip) and about a
 * third of a second of a 4x-throttled phone's time. `chat-check.test.ts` holds both to the same answers.
 */

/** What a check gives for a value it does not take. */
export const BAD: unique symbol = Symbol('bad');
export type Check<T> = (value: unknown) => T | typeof BAD;

export const str: Check<string> = (v) => (typeof v === 'string' ? v : BAD);
/** zod's `.int()`: a safe integer. */
export const int: Check<number> = (v) => (Number.isSafeInteger(v) ? (v as number) : BAD);
export const bool: Check<boolean> = (v) => (typeof v === 'boolean' ? v : BAD);
export const oneOf =
  <const T extends readonly (string | number)[]>(...values: T): Check<T[number]> =>
  (v) =>
    values.includes(v as T[number]) ? (v as T[number]) : BAD;
export const nullable =
  <T>(check: Check<T>): Check<T | null> =>
  (v) =>
    v === null ? null : check(v);
export const optional =
  <T>(check: Check<T>): Check<T | undefined> =>
  (v) =>
    v === undefined ? undefined : check(v);
export const array =
  <T>(check: Check<T>): Check<T[]> =>
  (v) => {
    if (!Array.isArray(v)) return BAD;
    const out: T[] = [];
    for (const item of v) {
      const checked = check(item);
      if (checked === BAD) return BAD;
      out.push(checked);
    }
    return out;
  };
type Shape = Record<string, Check<unknown>>;
type Out<C extends Check<unknown>> = Exclude<ReturnType<C>, typeof BAD>;
type OptionalKeys<S extends Shape> = { [K in keyof S]: undefined extends Out<S[K]> ? K : never }[keyof S];
type Of<S extends Shape> = { [K in Exclude<keyof S, OptionalKeys<S>>]: Out<S[K]> } & {
  [K in OptionalKeys<S>]?: Out<S[K]>;
} extends infer O
  ? { [K in keyof O]: O[K] }
  : never;
/** An object of these keys (others dropped, as zod's `z.object` drops them); an absent optional key stays absent. */
export const object =
  <S extends Shape>(shape: S): Check<Of<S>> =>
  (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return BAD;
    const input = v as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(shape)) {
      const checked = shape[key]!(input[key]);
      if (checked === BAD) return BAD;
      if (checked !== undefined || key in input) out[key] = checked;
    }
    return out as Of<S>;
  };

const resource = oneOf(...CHAT_RESOURCES);

/** `ChatMessage` of chat.ts. */
export const chatMessageShape = {
  messageId: str,
  messageIdWeb: str,
  fromUserId: str,
  fromUserName: str,
  toUserId: str,
  toUserName: str,
  toUserType: int,
  type: int,
  content: str,
  timeSend: str,
  jid: str,
  mpType: nullable(int),
  fileTypeName: nullable(str),
  fileSize: nullable(int),
  objectId: nullable(str),
  mentions: optional(array(object({ userId: str, userName: str }))),
  openWindow: optional(bool),
  offlineNoPushMsg: optional(bool),
  openTopChatTime: optional(nullable(str)),
  unreadNumber: optional(int),
  isSendType: optional(oneOf(0, 1, 3)),
  receiver: optional(str),
  imUp: optional(bool),
} satisfies Shape;

/** `ConversationEntry` of chat.ts. */
export const conversationEntryShape = {
  jid: str,
  name: str,
  mpType: nullable(int),
  toUserType: int,
  unreadNumber: int,
  timeSend: nullable(str),
  content: str,
  type: nullable(int),
  fromUserId: nullable(str),
  openTopChatTime: nullable(str),
  muted: optional(bool),
  mentioned: optional(bool),
} satisfies Shape;

const chatMessage = object(chatMessageShape);
const groupNotice = object({ text: str, at: str, byUserId: str, byUserName: str });

/** The frames of `ServerFrame` (chat.ts), by kind. */
const frames: Record<string, Check<unknown>> = {
  ready: object({
    kind: str,
    userId: str,
    userName: str,
    tenantId: str,
    resource,
    jid: str,
    serverTime: str,
    resources: array(resource),
  }),
  message: object({ kind: str, seq: nullable(int), message: chatMessage }),
  synced: object({ kind: str, seq: int }),
  receipt: object({
    kind: str,
    type: oneOf(MSG_TYPE_RECEIPT_STORED, MSG_TYPE_RECEIPT_DELIVERED),
    messageId: str,
    messageIdWeb: str,
    toUserId: str,
    timeSend: str,
  }),
  presence: object({ kind: str, userId: str, resource, status: oneOf('online', 'away', 'busy', 'offline') }),
  'probe-result': object({ kind: str, users: array(object({ userId: str, resources: array(resource) })) }),
  read: object({ kind: str, peerId: str }),
  seen: object({
    kind: str,
    peerId: str,
    readerId: str,
    readerName: str,
    at: str,
    messages: array(object({ messageId: str, messageIdWeb: str, readCount: int, memberCount: int })),
  }),
  conflict: object({ kind: str, resource, msg: str }),
  error: object({ kind: str, status: int, msg: str, messageIdWeb: optional(str) }),
  pong: object({ kind: str, id: optional(str), serverTime: str }),
  group: object({
    kind: str,
    event: oneOf(...GROUP_EVENTS),
    groupId: str,
    name: str,
    ownerId: str,
    userIds: array(str),
    notice: optional(nullable(groupNotice)),
    byUserId: str,
    byUserName: str,
    at: str,
  }),
  muted: object({ kind: str, peerId: str, muted: bool }),
  config: object({ kind: str, kinds: array(str) }),
};

/** A server frame as `ServerFrame.safeParse` would give it, or null where it fails. */
export function parseServerFrame(raw: unknown): ServerFrame | null {
  const kind = typeof raw === 'object' && raw !== null ? (raw as { kind?: unknown }).kind : undefined;
  const check = typeof kind === 'string' && Object.hasOwn(frames, kind) ? frames[kind]! : null;
  const out = check ? check(raw) : BAD;
  return out === BAD ? null : (out as ServerFrame);
}

/** Compile-time: the shapes give the schemas' types. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameMessage: Same<Of<typeof chatMessageShape>, ChatMessage> = true;
const sameEntry: Same<Of<typeof conversationEntryShape>, ConversationEntry> = true;
void sameMessage;
void sameEntry;

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CHAT_RESOURCES, ChatMessage, ConversationEntry, GROUP_EVENTS, ServerFrame } from './chat.ts';
import { BAD, chatMessageShape, conversationEntryShape, object, parseServerFrame } from './chat-check.ts';

const message = {
  messageId: 'm1',
  messageIdWeb: 'w1',
  fromUserId: 'u1',
  fromUserName: '张三',
  toUserId: 'u2',
  toUserName: '李四',
  toUserType: 1,
  type: 1,
  content: 'hello',
  timeSend: '2026-11-24T08:00:00.000Z',
  jid: 'u1/pc',
  mpType: 1,
  fileTypeName: null,
  fileSize: null,
  objectId: null,
  mentions: [{ userId: 'u3', userName: '王五' }],
  isSendType: 0,
};

/** One valid frame of every kind, with its optional fields. */
const frames: unknown[] = [
  {
    kind: 'ready',
    userId: 'u1',
    userName: '张三',
    tenantId: '000000',
    resource: 'pc',
    jid: 'u1/pc',
    serverTime: 't',
    resources: ['ios', 'mac'],
  },
  { kind: 'message', seq: 3, message },
  { kind: 'message', seq: null, message: { ...message, openTopChatTime: null, unreadNumber: 2, imUp: true } },
  { kind: 'synced', seq: 9 },
  { kind: 'receipt', type: 25, messageId: 'm1', messageIdWeb: 'w1', toUserId: 'u2', timeSend: 't' },
  { kind: 'receipt', type: 26, messageId: 'm1', messageIdWeb: 'w1', toUserId: 'u2', timeSend: 't' },
  { kind: 'presence', userId: 'u2', resource: 'android', status: 'away' },
  {
    kind: 'probe-result',
    users: [
      { userId: 'u2', resources: ['pc'] },
      { userId: 'u3', resources: [] },
    ],
  },
  { kind: 'read', peerId: 'u2' },
  {
    kind: 'seen',
    peerId: 'g1',
    readerId: 'u2',
    readerName: '李四',
    at: 't',
    messages: [{ messageId: 'm1', messageIdWeb: 'w1', readCount: 1, memberCount: 3 }],
  },
  { kind: 'conflict', resource: 'pc', msg: '您的账号已在其他设备登录' },
  { kind: 'error', status: 429, msg: 'slow', messageIdWeb: 'w1' },
  { kind: 'error', status: 400, msg: 'bad' },
  { kind: 'pong', id: 'p', serverTime: 't' },
  { kind: 'pong', serverTime: 't' },
  {
    kind: 'group',
    event: 'noticeChanged',
    groupId: 'g1',
    name: '群',
    ownerId: 'u1',
    userIds: [],
    notice: { text: '公告', at: 't', byUserId: 'u1', byUserName: '张三' },
    byUserId: 'u1',
    byUserName: '张三',
    at: 't',
  },
  {
    kind: 'group',
    event: 'created',
    groupId: 'g1',
    name: '群',
    ownerId: 'u1',
    userIds: ['u1', 'u2'],
    notice: null,
    byUserId: 'u1',
    byUserName: '张三',
    at: 't',
  },
  { kind: 'muted', peerId: 'u2', muted: true },
  // Every value of the enumerations.
  ...(['online', 'away', 'busy', 'offline'] as const).flatMap((status) =>
    CHAT_RESOURCES.map((resource) => ({ kind: 'presence', userId: 'u2', resource, status })),
  ),
  ...GROUP_EVENTS.map((event) => ({
    kind: 'group',
    event,
    groupId: 'g1',
    name: '群',
    ownerId: 'u1',
    userIds: ['u2'],
    byUserId: 'u1',
    byUserName: '张三',
    at: 't',
  })),
  ...([0, 1, 3] as const).map((isSendType) => ({ kind: 'message', seq: 1, message: { ...message, isSendType } })),
];

/** Values put in place of a field: of other types, out of range, unknown in an enumeration. */
const replacements: unknown[] = [undefined, null, '', 'x', 0, 1.5, -1, 2 ** 60, true, [], {}, 'unknown-kind', 27];

/** The frame with each field (nested ones too) replaced by each value, and with an extra key. */
function* variants(value: unknown, path: string[] = []): Generator<[string, unknown]> {
  yield [path.join('.') || '(itself)', value];
  if (typeof value !== 'object' || value === null) return;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, inner] of entries) {
    const put = (v: unknown): unknown =>
      Array.isArray(value) ? value.map((x, i) => (String(i) === key ? v : x)) : { ...value, [key]: v };
    for (const r of replacements) yield [`${[...path, key].join('.')}=${JSON.stringify(r) ?? 'undefined'}`, put(r)];
    for (const [p, v] of variants(inner, [...path, key])) yield [p, put(v)];
  }
  if (!Array.isArray(value)) yield [`${path.join('.')}+extra`, { ...value, extra: 1 }];
}

const zodAnswer = (schema: z.ZodType, v: unknown) => {
  const r = schema.safeParse(v);
  return r.success ? r.data : BAD;
};

describe('hand checks of the chat shapes (issue 10)', () => {
  it('give what ServerFrame gives for every frame kind and every changed field', () => {
    let compared = 0;
    let refused = 0;
    for (const frame of frames) {
      expect(ServerFrame.safeParse(frame).success).toBe(true);
      for (const [where, v] of variants(frame)) {
        const expected = zodAnswer(ServerFrame, v);
        expect([where, parseServerFrame(v) ?? BAD]).toEqual([where, expected]);
        compared++;
        if (expected === BAD) refused++;
      }
    }
    expect(compared).toBeGreaterThan(2000);
    expect(refused).toBeGreaterThan(compared / 2);
    expect(refused).toBeLessThan(compared);
    for (const v of [null, undefined, 'ready', 1, [], {}, { kind: 'nope' }, { kind: 'toString' }, { kind: 1 }])
      expect(parseServerFrame(v)).toBeNull();
  });

  it('give what ChatMessage and ConversationEntry give', () => {
    const entry = {
      jid: 'u2',
      name: '李四',
      mpType: null,
      toUserType: 1,
      unreadNumber: 0,
      timeSend: null,
      content: '',
      type: null,
      fromUserId: null,
      openTopChatTime: null,
      muted: true,
    };
    for (const [schema, shape, valid] of [
      [ChatMessage, chatMessageShape, message],
      [ConversationEntry, conversationEntryShape, entry],
    ] as const) {
      for (const [where, v] of variants(valid)) {
        expect([where, object(shape)(v)]).toEqual([where, zodAnswer(schema, v)]);
      }
    }
  });
});

import { MP_TYPE_PERSON, type ChatMessage, type ConversationEntry } from '@portal/contracts/chat';

/** Test data of the chat unit tests: me (u1), a peer (u2), list entries and messages from the peer to me. */
export const ME = 'u1';
export const PEER = 'u2';

export const entry = (jid: string, extra: Partial<ConversationEntry> = {}): ConversationEntry => ({
  jid,
  name: jid,
  mpType: MP_TYPE_PERSON,
  toUserType: 1,
  unreadNumber: 0,
  timeSend: null,
  content: '',
  type: null,
  fromUserId: null,
  openTopChatTime: null,
  ...extra,
});

let seq = 0;
/** A message from PEER to ME with fresh ids. */
export const incoming = (content: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  messageId: `m-${++seq}`,
  messageIdWeb: `w-${seq}`,
  fromUserId: PEER,
  fromUserName: '李老师',
  toUserId: ME,
  toUserName: '张同学',
  toUserType: 1,
  type: 1,
  content,
  timeSend: new Date().toISOString(),
  jid: `${PEER}/pc`,
  mpType: null,
  fileTypeName: null,
  fileSize: null,
  objectId: null,
  ...extra,
});

import { randomBytes } from 'node:crypto';
import { CompiledQuery, PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { Insertable } from 'kysely';
import type { Selectable } from 'kysely';
import type { ChatFileTable, ChatGroupTable, ChatMessageRow, Database, NewChatMessageRow } from '../../db/database.ts';
import { engineOf, nowIso, transact } from '../../db/sql-helpers.ts';
import { markList, markRows, sqlText } from '../../db/sql-texts.ts';
import { newId } from '../../platform/crypto.ts';
import { MP_TYPE_GROUP, MSG_TYPE_REVOKE } from '@portal/contracts/chat';
import { GroupCommitter, retryable } from './chat.commits.ts';

/** Conversation kinds (chat_conversations.peer_type). */
export const PEER_PERSON = 1;
export const PEER_GROUP = 2;
export const PEER_PUBLIC_ACCOUNT = 3;
export const PEER_FILE_HELPER = 4;

/** One mailbox entry to write: the user, the conversation from their side, and whether it counts as unread. */
export type Recipient = {
  userId: string;
  peerId: string;
  peerType: number;
  mpType: number | null;
  peerName: string;
  /** true: unread until read (messages from others); false: read at once (own messages, revoke notices). */
  unread: boolean;
  /** true for the sender's own row: delivered by definition. */
  own: boolean;
};

export type StoreHooks = {
  before?: (trx: Transaction<Database>) => Promise<void>;
  after?: (trx: Transaction<Database>) => Promise<void>;
};

export type MailboxRow = ChatMessageRow & { seq: number; deleted: number };

/** A group row with the current name of who set its announcement (null without one). */
export type ChatGroupRow = Selectable<ChatGroupTable> & { notice_by_name: string | null };

/** The group rows of a tenant, each with the name of who set its announcement. */
const groupRows = (db: Kysely<Database>) =>
  db
    .selectFrom('chat_groups as g')
    .leftJoin('users as nu', (j) => j.onRef('nu.id', '=', 'g.notice_by').onRef('nu.tenant_id', '=', 'g.tenant_id'))
    .selectAll('g')
    .select('nu.user_name as notice_by_name');

/** The writes of one group change (see changeGroup), all inside its transaction. */
export type GroupChange = {
  /** The group as it is once locked; undefined when the tenant has no group of that id. */
  group: ChatGroupRow | undefined;
  /** Its members once locked, earliest first. */
  memberIds: string[];
  /** New name of the group and of every conversation with it. */
  rename(name: string): Promise<void>;
  setOwner(userId: string): Promise<void>;
  /** Sets the announcement (text, when, by whom), or clears it with null. */
  setNotice(notice: { text: string; at: string; by: string } | null): Promise<void>;
  addMembers(userIds: string[]): Promise<void>;
  /**
   * Takes people out of the group. `keepHistory`: their conversation leaves their list and its unread count
   * goes, but what they received stays in their history (a member removed by the owner); otherwise the
   * conversation is deleted for them as with conversation/delete (a member who leaves).
   */
  removeMembers(userIds: string[], keepHistory: boolean): Promise<void>;
  /**
   * Marks the group dissolved and takes it out of every member's list. The member rows stay, so that the
   * people who were in it (and only they) are told it was dissolved when they ask for it.
   */
  dissolve(): Promise<void>;
};
/** The bytes of a user's chat files (chat_files_by_owner). */
async function storedFileBytes(db: Kysely<Database>, tenantId: string, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('chat_files')
    .where('tenant_id', '=', tenantId)
    .where('owner_id', '=', ownerId)
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('size'), eb.lit(0)).as('bytes'))
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}

const CHUNK = 500;
const chunks = <T>(xs: T[], n = CHUNK) =>
  Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));

/**
 * The conversation with `peerId` leaves these users' lists and its unread count goes. A member removed, a group
 * dissolved and a conversation deleted all hide it this one way; whether what they received is deleted too is the
 * caller's part.
 */
async function hideConversationIn(
  trx: Transaction<Database>,
  tenantId: string,
  userIds: string[],
  peerId: string,
  now: string,
): Promise<void> {
  for (const part of chunks(userIds)) {
    await trx
      .updateTable('chat_conversations')
      .set({ hidden: 1, open_top_chat_time: null })
      .where('tenant_id', '=', tenantId)
      .where('user_id', 'in', part)
      .where('peer_id', '=', peerId)
      .execute();
    await trx
      .updateTable('chat_inbox')
      .set({ read_at: now })
      .where('tenant_id', '=', tenantId)
      .where('user_id', 'in', part)
      .where('peer_id', '=', peerId)
      .where('read_at', 'is', null)
      .execute();
  }
}

const MESSAGE_COLUMNS = [
  'id',
  'tenant_id',
  'message_id_web',
  'from_user_id',
  'from_user_name',
  'from_resource',
  'to_user_id',
  'to_user_name',
  'to_user_type',
  'mp_type',
  'type',
  'content',
  'file_type_name',
  'file_size',
  'object_id',
  'time_send',
  'revoked_at',
  'mentions',
] as const satisfies ReadonlyArray<keyof NewChatMessageRow>;
const INBOX_COLUMNS = 'tenant_id, user_id, seq, message_id, peer_id, from_user_id, read_at, delivered_at, deleted';
const CONVERSATION_COLUMNS =
  'tenant_id, user_id, peer_id, peer_type, mp_type, name, last_message_id, last_type, last_content, ' +
  'last_from_user_id, time_send, open_top_chat_time, hidden';
const CONVERSATION_ON_CONFLICT =
  ' on conflict (tenant_id, user_id, peer_id) do update set name = excluded.name, ' +
  'last_message_id = excluded.last_message_id, last_type = excluded.last_type, ' +
  'last_content = excluded.last_content, last_from_user_id = excluded.last_from_user_id, ' +
  'time_send = excluded.time_send, hidden = 0';

/** The hot path's SQL texts (a message, an acknowledgement, a read marker), one per shape and engine (db/sql-texts.ts). */
const hotText = (trx: Kysely<Database>, key: string, make: () => string): string =>
  sqlText(trx.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite', `chat ${key}`, make);
function hot<R>(trx: Kysely<Database>, key: string, make: () => string, params: unknown[]) {
  return trx.executeQuery<R>(CompiledQuery.raw(hotText(trx, key, make), params));
}

/**
 * A new chat message's id: a version 7 UUID (RFC 9562), the time in milliseconds first, then 74 random bits. The
 * message ids are keys of chat_messages and of two chat_inbox indexes; random (version 4) ids put each new message
 * on a different page of each of them, so a group commit of hundreds of messages wrote thousands of pages once the
 * tables outgrew the cache, and each COMMIT (fsync of all of them, checkpoints) grew with the database (issue 13:
 * the chat bench slowed run after run on one server). Ids in time order land on the last pages.
 */
export function newMessageId(now = Date.now()): string {
  const b = randomBytes(16);
  b.writeUIntBE(now, 0, 6);
  b[6] = 0x70 | (b[6]! & 0x0f);
  b[8] = 0x80 | (b[8]! & 0x3f);
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * The writes of one message inside a (group) transaction: the message, each recipient's next mailbox position
 * (incremented under its row lock, so a user's seq order is commit order and no gap can be skipped), the mailbox
 * entries and the conversations. The hot path, so plain SQL texts with few statements (four for a message whose
 * recipients all have a mailbox), not built per message. `hooks.before` runs first, `hooks.after` last.
 * Throws a unique violation when (tenant, sender, messageIdWeb) was stored already.
 */
async function storeMessageIn(
  trx: Transaction<Database>,
  tenantId: string,
  message: NewChatMessageRow,
  recipients: Recipient[],
  hooks: StoreHooks,
): Promise<Map<string, number>> {
  const byUser = new Map<string, Recipient>();
  for (const r of recipients) byUser.set(r.userId, r);
  const userIds = [...byUser.keys()].sort();
  const now = message.time_send;
  if (hooks.before) await hooks.before(trx);
  await hot(
    trx,
    'message',
    () => `insert into chat_messages (${MESSAGE_COLUMNS.join(', ')}) values ${markRows(1, MESSAGE_COLUMNS.length)}`,
    MESSAGE_COLUMNS.map((c) => message[c] ?? null),
  );
  const seqs = new Map<string, number>();
  const bump = async (ids: string[]) => {
    for (const part of chunks(ids)) {
      const res = await hot<{ user_id: string; seq: number }>(
        trx,
        `bump:${part.length}`,
        () =>
          `update chat_user_state set seq = seq + 1 where tenant_id = ? and user_id in (${markList(part.length)}) ` +
          'returning user_id, seq',
        [tenantId, ...part],
      );
      for (const r of res.rows) seqs.set(r.user_id, Number(r.seq));
    }
  };
  await bump(userIds);
  // A user's first message: their mailbox row does not exist yet.
  const missing = userIds.filter((id) => !seqs.has(id));
  for (const part of chunks(missing)) {
    await trx
      .insertInto('chat_user_state')
      .values(part.map((user_id) => ({ tenant_id: tenantId, user_id, seq: 0 })))
      .onConflict((oc) => oc.columns(['tenant_id', 'user_id']).doNothing())
      .execute();
  }
  if (missing.length) await bump(missing);
  for (const part of chunks(userIds)) {
    const inbox: unknown[] = [];
    const conversations: unknown[] = [];
    for (const userId of part) {
      const r = byUser.get(userId)!;
      inbox.push(
        tenantId,
        userId,
        seqs.get(userId)!,
        message.id,
        r.peerId,
        message.from_user_id,
        r.unread ? null : now,
        r.own ? now : null,
        0,
      );
      conversations.push(
        tenantId,
        userId,
        r.peerId,
        r.peerType,
        r.mpType,
        r.peerName,
        message.id,
        message.type,
        message.content,
        message.from_user_id,
        now,
        null,
        0,
      );
    }
    await hot(
      trx,
      `inbox:${part.length}`,
      () => `insert into chat_inbox (${INBOX_COLUMNS}) values ${markRows(part.length, 9)}`,
      inbox,
    );
    await hot(
      trx,
      `conversations:${part.length}`,
      () =>
        `insert into chat_conversations (${CONVERSATION_COLUMNS}) values ${markRows(part.length, 13)}` +
        CONVERSATION_ON_CONFLICT,
      conversations,
    );
  }
  if (hooks.after) await hooks.after(trx);
  return seqs;
}

/** What an acknowledgement made delivered: the messages whose mailbox entries had not reached any device before. */
export type DeliveredRow = {
  id: string;
  message_id_web: string;
  from_user_id: string;
  to_user_id: string;
  to_user_type: number;
  mp_type: number | null;
  time_send: string;
};

/**
 * An acknowledgement inside a (group) transaction: moves the device's cursor forward to `upTo` and marks the
 * entries in between delivered. Returns the messages that were delivered for the first time (nothing when the
 * cursor was there already).
 */
async function acknowledgeIn(
  trx: Transaction<Database>,
  tenantId: string,
  userId: string,
  resource: string,
  upTo: number,
): Promise<DeliveredRow[]> {
  const cursor = await hot<{ acked_seq: number }>(
    trx,
    'ack:cursor',
    () => 'select acked_seq from chat_device_cursors where tenant_id = ? and user_id = ? and resource = ?',
    [tenantId, userId, resource],
  );
  const found = cursor.rows[0];
  // No cursor: the device never logged in (openCursor makes one at login); nothing to move.
  if (!found || Number(found.acked_seq) >= upTo) return [];
  const prev = Number(found.acked_seq);
  await hot(
    trx,
    'ack:move',
    () => 'update chat_device_cursors set acked_seq = ? where tenant_id = ? and user_id = ? and resource = ?',
    [upTo, tenantId, userId, resource],
  );
  const rows = await hot<DeliveredRow>(
    trx,
    'ack:delivered',
    () =>
      'select m.id, m.message_id_web, m.from_user_id, m.to_user_id, m.to_user_type, m.mp_type, m.time_send ' +
      'from chat_inbox i inner join chat_messages m on m.id = i.message_id ' +
      'where i.tenant_id = ? and i.user_id = ? and i.seq > ? and i.seq <= ? and i.delivered_at is null',
    [tenantId, userId, prev, upTo],
  );
  if (rows.rows.length === 0) return [];
  await hot(
    trx,
    'ack:mark',
    () =>
      'update chat_inbox set delivered_at = ? ' +
      'where tenant_id = ? and user_id = ? and seq > ? and seq <= ? and delivered_at is null',
    [nowIso(), tenantId, userId, prev, upTo],
  );
  return rows.rows;
}

/**
 * The statement of a read marker (as written for SQLite): the unread entries of one conversation, found through the
 * partial index chat_inbox_unread_by_peer (only unread entries), not by reading the whole conversation.
 */
export const markReadText = (share: boolean) =>
  `update chat_inbox set read_at = ?${share ? ', seen_at = ?' : ''} ` +
  'where tenant_id = ? and user_id = ? and peer_id = ? and read_at is null returning message_id, from_user_id';

/**
 * A read marker inside a (group) transaction: marks the user's conversation with `peerId` read; when the user
 * shares read receipts (the privacy setting, on unless turned off) the entries also get seen_at, which is what
 * senders are told and counted from. Returns whether they share, and the entries that were unread.
 */
async function markReadIn(
  trx: Transaction<Database>,
  tenantId: string,
  userId: string,
  peerId: string,
): Promise<{ share: boolean; read: Array<{ message_id: string; from_user_id: string }> }> {
  const state = await hot<{ read_receipts: number }>(
    trx,
    'read:share',
    () => 'select read_receipts from chat_user_state where tenant_id = ? and user_id = ?',
    [tenantId, userId],
  );
  const share = Number(state.rows[0]?.read_receipts ?? 1) === 1;
  const now = nowIso();
  const res = await hot<{ message_id: string; from_user_id: string }>(
    trx,
    share ? 'read:seen' : 'read:unseen',
    () => markReadText(share),
    share ? [now, now, tenantId, userId, peerId] : [now, tenantId, userId, peerId],
  );
  return { share, read: res.rows };
}

/**
 * The read counts of some messages by id, of whatever tenant (see `readCounts`, which keeps its tenant's rows), as a
 * query (the plan test reads its plan). The messages are found by id and their inbox entries by message. With the
 * tenant in the WHERE (`tenant_id = ?`), SQLite's planner, which has no statistics on these tables, took an index
 * whose first column is tenant_id for selective as soon as more than three ids were asked, and read every inbox
 * entry of the tenant for each read marker: the chat process froze once readers came back to a few unread messages
 * each (issue 13, the stall of ADR 0034). An inbox entry belongs to its message's tenant.
 */
export function readCountsQuery(db: Kysely<Database>, messageIds: string[], group: boolean) {
  let q = db
    .selectFrom('chat_messages as m')
    .innerJoin('chat_inbox as i', 'i.message_id', 'm.id')
    .where('m.id', 'in', messageIds)
    .whereRef('i.user_id', '!=', 'm.from_user_id');
  if (group) {
    q = q.innerJoin('chat_group_members as gm', (j) =>
      j
        .onRef('gm.tenant_id', '=', 'i.tenant_id')
        .onRef('gm.group_id', '=', 'i.peer_id')
        .onRef('gm.user_id', '=', 'i.user_id'),
    );
  }
  return q
    .groupBy(['m.id', 'm.tenant_id', 'm.message_id_web', 'm.from_user_id'])
    .select((eb) => [
      'm.id',
      'm.tenant_id',
      'm.message_id_web',
      'm.from_user_id',
      eb.fn.countAll<number>().as('total'),
      eb.fn.count<number>('i.seen_at').as('seen'),
    ]);
}

/** SQL of the chat module. Every method that reads tenant data takes the tenant first (house style 2). */
export function chatRepository(db: Db) {
  const commits = new GroupCommitter(db);
  /**
   * Acknowledgements and read markers queued for the group commit and not started yet, per device and per
   * conversation. One that comes while another of the same device (conversation) still waits joins it instead of
   * queueing a job of its own: an acknowledgement covers everything up to its position (the queued one moves to the
   * higher), and a read marker reads everything unread when it runs. Under load that keeps the number of facts near
   * the number of devices and conversations, not of frames (issue 13: a slowed server got one acknowledgement and
   * one read per message, which kept it slow).
   */
  const queuedAcks = new Map<string, { upTo: number; done: Promise<DeliveredRow[]> }>();
  const queuedReads = new Map<
    string,
    Promise<{ share: boolean; read: Array<{ message_id: string; from_user_id: string }> }>
  >();
  const messageColumns = [
    'm.id',
    'm.tenant_id',
    'm.message_id_web',
    'm.from_user_id',
    'm.from_user_name',
    'm.from_resource',
    'm.to_user_id',
    'm.to_user_name',
    'm.to_user_type',
    'm.mp_type',
    'm.type',
    'm.content',
    'm.file_type_name',
    'm.file_size',
    'm.object_id',
    'm.time_send',
    'm.revoked_at',
    'm.mentions',
  ] as const;

  return {
    /** The group commit of this repository's messages, acknowledgements and read markers (ADR 0034). */
    commits,

    /** The id that names this database's chat cluster (the Redis channel of the processes sharing it). */
    async clusterId(): Promise<string> {
      const found = await db
        .selectFrom('chat_settings')
        .where('key', '=', 'cluster_id')
        .select('value')
        .executeTakeFirst();
      if (found) return found.value;
      await db
        .insertInto('chat_settings')
        .values({ key: 'cluster_id', value: randomBytes(9).toString('base64url') })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const row = await db
        .selectFrom('chat_settings')
        .where('key', '=', 'cluster_id')
        .select('value')
        .executeTakeFirstOrThrow();
      return row.value;
    },

    /** An active user of the tenant (every one-to-one message asks: an SQL text, not a query built per call). */
    async user(
      tenantId: string,
      userId: string,
    ): Promise<{ id: string; user_name: string; nick_name: string; account: string; role_name: string } | undefined> {
      const res = await sql<{
        id: string;
        user_name: string;
        nick_name: string;
        account: string;
        role_name: string;
      }>`select u.id, u.user_name, u.nick_name, u.account, r.role_name
        from users u inner join roles r on r.id = u.role_id
        where u.tenant_id = ${tenantId} and u.id = ${userId} and u.status = 1`.execute(db);
      return res.rows[0];
    },

    async activeUserIds(tenantId: string, userIds: string[]): Promise<string[]> {
      const out: string[] = [];
      for (const part of chunks(userIds)) {
        const rows = await db
          .selectFrom('users')
          .where('tenant_id', '=', tenantId)
          .where('id', 'in', part)
          .where('status', '=', 1)
          .select('id')
          .execute();
        out.push(...rows.map((r) => r.id));
      }
      return out;
    },

    searchUsers(tenantId: string, keyword: string | undefined, offset: number, limit: number) {
      let q = db
        .selectFrom('users as u')
        .innerJoin('roles as r', 'r.id', 'u.role_id')
        .where('u.tenant_id', '=', tenantId)
        .where('u.status', '=', 1);
      if (keyword) {
        const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        q = q.where((eb) =>
          eb.or([eb('u.user_name', 'like', like), eb('u.nick_name', 'like', like), eb('u.account', 'like', like)]),
        );
      }
      return Promise.all([
        q
          .select(['u.id', 'u.user_name', 'u.nick_name', 'u.account', 'r.role_name'])
          .orderBy('u.user_name')
          .orderBy('u.id')
          .offset(offset)
          .limit(limit)
          .execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]).then(([rows, count]) => ({ rows, total: Number(count.n) }));
    },

    // ------------------------------------------------------------ groups

    group(tenantId: string, groupId: string): Promise<ChatGroupRow | undefined> {
      return groupRows(db).where('g.tenant_id', '=', tenantId).where('g.id', '=', groupId).executeTakeFirst();
    },

    async groupMemberIds(tenantId: string, groupId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('chat_group_members')
        .where('tenant_id', '=', tenantId)
        .where('group_id', '=', groupId)
        .orderBy('joined_at')
        .orderBy('user_id')
        .select('user_id')
        .execute();
      return rows.map((r) => r.user_id);
    },

    groupMembers(tenantId: string, groupId: string) {
      return db
        .selectFrom('chat_group_members as g')
        .innerJoin('users as u', (j) => j.onRef('u.id', '=', 'g.user_id').onRef('u.tenant_id', '=', 'g.tenant_id'))
        .where('g.tenant_id', '=', tenantId)
        .where('g.group_id', '=', groupId)
        .orderBy('g.joined_at')
        .orderBy('g.user_id')
        .select(['g.user_id', 'u.user_name', 'u.nick_name', 'g.joined_at'])
        .execute();
    },

    groupsOf(tenantId: string, userId: string) {
      return db
        .selectFrom('chat_groups as g')
        .innerJoin('chat_group_members as m', 'm.group_id', 'g.id')
        .leftJoin('users as nu', (j) => j.onRef('nu.id', '=', 'g.notice_by').onRef('nu.tenant_id', '=', 'g.tenant_id'))
        .where('g.tenant_id', '=', tenantId)
        .where('g.dissolved_at', 'is', null)
        .where('m.user_id', '=', userId)
        .select((eb) => [
          'g.id',
          'g.name',
          'g.owner_id',
          'g.created_at',
          'g.notice',
          'g.notice_at',
          'g.notice_by',
          'nu.user_name as notice_by_name',
          eb
            .selectFrom('chat_group_members as c')
            .whereRef('c.group_id', '=', 'g.id')
            .select((e) => e.fn.countAll<number>().as('n'))
            .as('member_count'),
        ])
        .orderBy('g.created_at', 'desc')
        .execute();
    },

    async createGroup(
      tenantId: string,
      group: { name: string; ownerId: string; memberIds: string[] },
    ): Promise<string> {
      const id = newId();
      const now = nowIso();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('chat_groups')
          .values({
            id,
            tenant_id: tenantId,
            name: group.name,
            owner_id: group.ownerId,
            created_at: now,
            dissolved_at: null,
            notice: null,
            notice_at: null,
            notice_by: null,
          })
          .execute();
        const members = [...new Set([group.ownerId, ...group.memberIds])];
        for (const part of chunks(members)) {
          await trx
            .insertInto('chat_group_members')
            .values(part.map((user_id) => ({ tenant_id: tenantId, group_id: id, user_id, joined_at: now })))
            .execute();
          // The group is in every member's list at once, dated by its creation, before its first message.
          await trx
            .insertInto('chat_conversations')
            .values(
              part.map((user_id) => ({
                tenant_id: tenantId,
                user_id,
                peer_id: id,
                peer_type: PEER_GROUP,
                mp_type: MP_TYPE_GROUP,
                name: group.name,
                last_message_id: null,
                last_type: null,
                last_content: '',
                last_from_user_id: null,
                time_send: now,
                open_top_chat_time: null,
                hidden: 0,
              })),
            )
            .execute();
        }
      });
      return id;
    },

    /**
     * One change of a group (rename, owner hand-over, announcement, members in or out, dissolve) in one
     * transaction. The group row is locked first (an update that changes nothing), so changes of one group run one after another and
     * each sees what the previous one left; `change` checks the rules against that state and writes through the
     * GroupChange it gets. An error thrown by `change` rolls everything back. A PostgreSQL deadlock or
     * serialization failure runs the whole change again.
     */
    async changeGroup<T>(tenantId: string, groupId: string, change: (g: GroupChange) => Promise<T>): Promise<T> {
      for (let attempt = 1; ; attempt++) {
        try {
          return await db.transaction().execute(async (trx) => {
            await trx
              .updateTable('chat_groups')
              .set((eb) => ({ name: eb.ref('name') }))
              .where('tenant_id', '=', tenantId)
              .where('id', '=', groupId)
              .execute();
            const group: ChatGroupRow | undefined = await groupRows(trx)
              .where('g.tenant_id', '=', tenantId)
              .where('g.id', '=', groupId)
              .executeTakeFirst();
            const members = group
              ? await trx
                  .selectFrom('chat_group_members')
                  .where('tenant_id', '=', tenantId)
                  .where('group_id', '=', groupId)
                  .orderBy('joined_at')
                  .orderBy('user_id')
                  .select('user_id')
                  .execute()
              : [];
            const now = nowIso();
            const memberIds = members.map((m) => m.user_id);
            const hideFor = (userIds: string[]) => hideConversationIn(trx, tenantId, userIds, groupId, now);
            const g: GroupChange = {
              group,
              memberIds,
              async rename(name) {
                await trx
                  .updateTable('chat_groups')
                  .set({ name })
                  .where('tenant_id', '=', tenantId)
                  .where('id', '=', groupId)
                  .execute();
                for (const part of chunks(memberIds)) {
                  await trx
                    .updateTable('chat_conversations')
                    .set({ name })
                    .where('tenant_id', '=', tenantId)
                    .where('user_id', 'in', part)
                    .where('peer_id', '=', groupId)
                    .execute();
                }
              },
              async setOwner(userId) {
                await trx
                  .updateTable('chat_groups')
                  .set({ owner_id: userId })
                  .where('tenant_id', '=', tenantId)
                  .where('id', '=', groupId)
                  .execute();
              },
              async setNotice(notice) {
                await trx
                  .updateTable('chat_groups')
                  .set({ notice: notice?.text ?? null, notice_at: notice?.at ?? null, notice_by: notice?.by ?? null })
                  .where('tenant_id', '=', tenantId)
                  .where('id', '=', groupId)
                  .execute();
              },
              async addMembers(userIds) {
                for (const part of chunks(userIds)) {
                  await trx
                    .insertInto('chat_group_members')
                    .values(
                      part.map((user_id) => ({ tenant_id: tenantId, group_id: groupId, user_id, joined_at: now })),
                    )
                    .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
                    .execute();
                }
              },
              async removeMembers(userIds, keepHistory) {
                for (const part of chunks(userIds)) {
                  await trx
                    .deleteFrom('chat_group_members')
                    .where('tenant_id', '=', tenantId)
                    .where('group_id', '=', groupId)
                    .where('user_id', 'in', part)
                    .execute();
                  if (!keepHistory) {
                    await trx
                      .updateTable('chat_inbox')
                      .set({ deleted: 1 })
                      .where('tenant_id', '=', tenantId)
                      .where('user_id', 'in', part)
                      .where('peer_id', '=', groupId)
                      .execute();
                  }
                }
                await hideFor(userIds);
              },
              async dissolve() {
                await trx
                  .updateTable('chat_groups')
                  .set({ dissolved_at: now })
                  .where('tenant_id', '=', tenantId)
                  .where('id', '=', groupId)
                  .execute();
                await hideFor(memberIds);
              },
            };
            return change(g);
          });
        } catch (err) {
          if (attempt < 4 && retryable(err)) continue;
          throw err;
        }
      }
    },

    // ------------------------------------------------------------ public accounts

    publicAccount(tenantId: string, id: string) {
      return db
        .selectFrom('chat_public_accounts')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .selectAll()
        .executeTakeFirst();
    },

    publicAccounts(tenantId: string) {
      return db
        .selectFrom('chat_public_accounts')
        .where('tenant_id', '=', tenantId)
        .orderBy('sort')
        .orderBy('name')
        .selectAll()
        .execute();
    },

    // ------------------------------------------------------------ messages

    messageById(tenantId: string, id: string) {
      return db
        .selectFrom('chat_messages')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .selectAll()
        .executeTakeFirst();
    },

    messageByWebId(tenantId: string, fromUserId: string, messageIdWeb: string) {
      return db
        .selectFrom('chat_messages')
        .where('tenant_id', '=', tenantId)
        .where('from_user_id', '=', fromUserId)
        .where('message_id_web', '=', messageIdWeb)
        .selectAll()
        .executeTakeFirst();
    },

    /** When the given user's mailbox entry of a message was first delivered to one of their devices. */
    async deliveredAt(tenantId: string, userId: string, messageId: string): Promise<string | null> {
      const row = await db
        .selectFrom('chat_inbox')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .where('message_id', '=', messageId)
        .select('delivered_at')
        .executeTakeFirst();
      return row?.delivered_at ?? null;
    },

    /** Of these messages, the ones a device of `userId` (their recipient) has received. */
    async deliveredTo(tenantId: string, userId: string, messageIds: string[]): Promise<Set<string>> {
      const out = new Set<string>();
      for (const part of chunks(messageIds)) {
        const rows = await db
          .selectFrom('chat_inbox')
          .where('tenant_id', '=', tenantId)
          .where('user_id', '=', userId)
          .where('message_id', 'in', part)
          .where('delivered_at', 'is not', null)
          .select('message_id')
          .execute();
        for (const r of rows) out.add(r.message_id);
      }
      return out;
    },

    /**
     * Stores a message and one mailbox entry per recipient, in one transaction: each recipient's sequence is
     * incremented under its row lock, so a user's seq order is the commit order (no gap can be skipped).
     * `hooks.before` runs first in the same transaction (revoke marks its target there), `hooks.after` last
     * (a notice stores its details there).
     * Throws a unique violation when (tenant, sender, messageIdWeb) was stored already.
     */
    async storeMessage(
      tenantId: string,
      message: NewChatMessageRow,
      recipients: Recipient[],
      hooks: StoreHooks = {},
    ): Promise<Map<string, number>> {
      return commits.run((trx) => storeMessageIn(trx, tenantId, message, recipients, hooks));
    },

    /** Inside storeMessage of a revoke: the target loses its content and stops counting as unread. */
    async markRevoked(trx: Transaction<Database>, tenantId: string, messageId: string, at: string): Promise<void> {
      await trx
        .updateTable('chat_messages')
        .set({ revoked_at: at, content: '' })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', messageId)
        .execute();
      await trx
        .updateTable('chat_inbox')
        .set({ read_at: at })
        .where('tenant_id', '=', tenantId)
        .where('message_id', '=', messageId)
        .where('read_at', 'is', null)
        .execute();
      await trx
        .updateTable('chat_conversations')
        .set({ last_content: '' })
        .where('tenant_id', '=', tenantId)
        .where('last_message_id', '=', messageId)
        .execute();
    },

    /** Mailbox entries of messages (sent to one or many users) to list who holds them. */
    async holders(tenantId: string, messageId: string): Promise<Array<{ user_id: string; peer_id: string }>> {
      return db
        .selectFrom('chat_inbox')
        .where('tenant_id', '=', tenantId)
        .where('message_id', '=', messageId)
        .select(['user_id', 'peer_id'])
        .execute();
    },

    /** A user's mailbox from seq `from` on (inclusive), up to `to` (inclusive) when given, in order. */
    mailbox(tenantId: string, userId: string, from: number, to: number | null, limit: number): Promise<MailboxRow[]> {
      let q = db
        .selectFrom('chat_inbox as i')
        .innerJoin('chat_messages as m', 'm.id', 'i.message_id')
        .where('i.tenant_id', '=', tenantId)
        .where('i.user_id', '=', userId)
        .where('i.seq', '>=', from);
      if (to !== null) q = q.where('i.seq', '<=', to);
      return q
        .select([...messageColumns, 'i.seq', 'i.deleted'])
        .orderBy('i.seq')
        .limit(limit)
        .execute()
        .then((rows) => rows.map((r) => ({ ...r, seq: Number(r.seq) })));
    },

    async lastSeq(tenantId: string, userId: string): Promise<number> {
      const row = await db
        .selectFrom('chat_user_state')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .select('seq')
        .executeTakeFirst();
      return Number(row?.seq ?? 0);
    },

    /** The last mailbox position of each of these users (users without a mailbox are left out). */
    async lastSeqs(tenantId: string, userIds: string[]): Promise<Map<string, number>> {
      const out = new Map<string, number>();
      for (const part of chunks(userIds)) {
        const rows = await db
          .selectFrom('chat_user_state')
          .where('tenant_id', '=', tenantId)
          .where('user_id', 'in', part)
          .select(['user_id', 'seq'])
          .execute();
        for (const r of rows) out.set(r.user_id, Number(r.seq));
      }
      return out;
    },

    /**
     * Where a device kind resumes: its own cursor; a kind never seen before starts where the least advanced
     * device of the user is (so offline messages reach it too), or at 0 for a user's first device.
     */
    openCursor(tenantId: string, userId: string, resource: string): Promise<number> {
      // Through the group commit: a login that follows an acknowledgement of the same device sees it.
      return commits.run(async (trx) => {
        const rows = await trx
          .selectFrom('chat_device_cursors')
          .where('tenant_id', '=', tenantId)
          .where('user_id', '=', userId)
          .select(['resource', 'acked_seq'])
          .execute();
        const own = rows.find((r) => r.resource === resource);
        const now = nowIso();
        if (own) {
          await trx
            .updateTable('chat_device_cursors')
            .set({ last_login_at: now })
            .where('tenant_id', '=', tenantId)
            .where('user_id', '=', userId)
            .where('resource', '=', resource)
            .execute();
          return Number(own.acked_seq);
        }
        const start = rows.length ? Math.min(...rows.map((r) => Number(r.acked_seq))) : 0;
        await trx
          .insertInto('chat_device_cursors')
          .values({ tenant_id: tenantId, user_id: userId, resource, acked_seq: start, last_login_at: now })
          .onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'resource']).doNothing())
          .execute();
        return start;
      });
    },

    /**
     * An acknowledgement of a device (group-committed): its cursor moves to `upTo` and the entries up to there are
     * delivered. Resolves after the commit with the messages delivered for the first time.
     */
    acknowledge(tenantId: string, userId: string, resource: string, upTo: number): Promise<DeliveredRow[]> {
      const key = `${tenantId}\u0000${userId}\u0000${resource}`;
      const queued = queuedAcks.get(key);
      if (queued) {
        // The waiting acknowledgement of this device moves to the higher position; its caller sends the receipts.
        if (upTo > queued.upTo) queued.upTo = upTo;
        return queued.done.then(() => []);
      }
      const entry = { upTo, done: null as unknown as Promise<DeliveredRow[]> };
      entry.done = commits.run((trx) => {
        if (queuedAcks.get(key) === entry) queuedAcks.delete(key);
        return acknowledgeIn(trx, tenantId, userId, resource, entry.upTo);
      });
      queuedAcks.set(key, entry);
      return entry.done;
    },

    // ------------------------------------------------------------ conversations and history

    conversations(tenantId: string, userId: string) {
      return db
        .selectFrom('chat_conversations')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .where('hidden', '=', 0)
        .selectAll()
        .execute();
    },

    /**
     * The people a user chats with one to one (their conversation list, the primary key's prefix): whom the
     * user's presence changes are told. At most `limit`, the most recent first.
     */
    async userPeers(tenantId: string, userId: string, limit = 500): Promise<string[]> {
      const rows = await db
        .selectFrom('chat_conversations')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .where('peer_type', '=', PEER_PERSON)
        .where('peer_id', '!=', userId)
        .select('peer_id')
        .orderBy('time_send', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => r.peer_id);
    },

    conversation(tenantId: string, userId: string, peerId: string) {
      return db
        .selectFrom('chat_conversations')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .where('peer_id', '=', peerId)
        .selectAll()
        .executeTakeFirst();
    },

    /** The mentions of the user's unread messages that mention someone (their list shows "mentioned"). */
    unreadMentions(tenantId: string, userId: string) {
      return db
        .selectFrom('chat_inbox as i')
        .innerJoin('chat_messages as m', (j) =>
          j.onRef('m.id', '=', 'i.message_id').onRef('m.tenant_id', '=', 'i.tenant_id'),
        )
        .where('i.tenant_id', '=', tenantId)
        .where('i.user_id', '=', userId)
        .where('i.read_at', 'is', null)
        .where('i.deleted', '=', 0)
        .where('m.mentions', 'is not', null)
        .where('m.revoked_at', 'is', null)
        .select(['i.peer_id', 'm.mentions'])
        .execute();
    },

    async unreadByPeer(tenantId: string, userId: string): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('chat_inbox')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .where('deleted', '=', 0)
        .groupBy('peer_id')
        .select((eb) => ['peer_id', eb.fn.countAll<number>().as('n')])
        .execute();
      return new Map(rows.map((r) => [r.peer_id, Number(r.n)]));
    },

    async setTop(tenantId: string, userId: string, peerId: string, at: string | null): Promise<boolean> {
      const res = await db
        .updateTable('chat_conversations')
        .set({ open_top_chat_time: at, hidden: 0 })
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .where('peer_id', '=', peerId)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /** Mutes or unmutes a conversation the user has; false when there is none. */
    async setMuted(tenantId: string, userId: string, peerId: string, muted: boolean): Promise<boolean> {
      const res = await db
        .updateTable('chat_conversations')
        .set({ muted: muted ? 1 : 0 })
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .where('peer_id', '=', peerId)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    async createConversation(
      tenantId: string,
      userId: string,
      c: { peerId: string; peerType: number; mpType: number | null; name: string; top: string | null; muted?: boolean },
    ) {
      await db
        .insertInto('chat_conversations')
        .values({
          tenant_id: tenantId,
          user_id: userId,
          peer_id: c.peerId,
          peer_type: c.peerType,
          mp_type: c.mpType,
          name: c.name,
          last_message_id: null,
          last_type: null,
          last_content: '',
          last_from_user_id: null,
          time_send: null,
          open_top_chat_time: c.top,
          hidden: 0,
          muted: c.muted ? 1 : 0,
        })
        .onConflict((oc) =>
          oc.columns(['tenant_id', 'user_id', 'peer_id']).doUpdateSet({ open_top_chat_time: c.top, hidden: 0 }),
        )
        .execute();
    },

    /** Hides a conversation and everything in it for this user only. */
    async deleteConversation(tenantId: string, userId: string, peerId: string): Promise<void> {
      const now = nowIso();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('chat_inbox')
          .set({ deleted: 1 })
          .where('tenant_id', '=', tenantId)
          .where('user_id', '=', userId)
          .where('peer_id', '=', peerId)
          .execute();
        await hideConversationIn(trx, tenantId, [userId], peerId, now);
      });
    },

    /**
     * Marks a conversation read for this user (group-committed, see markReadIn). Resolves after the commit with
     * whether the user shares read receipts and the entries that were unread.
     */
    markRead(
      tenantId: string,
      userId: string,
      peerId: string,
    ): Promise<{ share: boolean; read: Array<{ message_id: string; from_user_id: string }>; joined?: true }> {
      const key = `${tenantId}\u0000${userId}\u0000${peerId}`;
      const queued = queuedReads.get(key);
      // A read of this conversation still waits for its turn: it will read what this one would (its caller tells).
      if (queued) return queued.then(({ share }) => ({ share, read: [], joined: true as const }));
      const done = commits.run((trx) => {
        if (queuedReads.get(key) === done) queuedReads.delete(key);
        return markReadIn(trx, tenantId, userId, peerId);
      });
      queuedReads.set(key, done);
      return done;
    },

    /** Whether the user shares read receipts (the privacy setting; on unless turned off). */
    async readReceipts(tenantId: string, userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('chat_user_state')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .select('read_receipts')
        .executeTakeFirst();
      return Number(row?.read_receipts ?? 1) === 1;
    },

    async setReadReceipts(tenantId: string, userId: string, on: boolean): Promise<void> {
      const value = on ? 1 : 0;
      await db
        .insertInto('chat_user_state')
        .values({ tenant_id: tenantId, user_id: userId, seq: 0, read_receipts: value })
        .onConflict((oc) => oc.columns(['tenant_id', 'user_id']).doUpdateSet({ read_receipts: value }))
        .execute();
    },

    /**
     * Read state of messages (sent to one person, or to groups when `group`): of the recipients holding each
     * message (its sender left out, in a group only those still members), how many read it with receipts on.
     */
    async readCounts(
      tenantId: string,
      messageIds: string[],
      group: boolean,
    ): Promise<Map<string, { messageIdWeb: string; fromUserId: string; readCount: number; memberCount: number }>> {
      const out = new Map<
        string,
        { messageIdWeb: string; fromUserId: string; readCount: number; memberCount: number }
      >();
      for (const part of chunks(messageIds)) {
        const rows = await readCountsQuery(db, part, group).execute();
        for (const r of rows) {
          // The tenant is checked on each row, not in the WHERE (see readCountsQuery).
          if (r.tenant_id !== tenantId) continue;
          out.set(r.id, {
            messageIdWeb: r.message_id_web,
            fromUserId: r.from_user_id,
            readCount: Number(r.seen),
            memberCount: Number(r.total),
          });
        }
      }
      return out;
    },

    /** The recipients of a message with their names and when they read it (null: not yet, or receipts off); in a group only members now. */
    readers(tenantId: string, messageId: string, group: boolean) {
      let q = db
        .selectFrom('chat_inbox as i')
        .innerJoin('chat_messages as m', 'm.id', 'i.message_id')
        .innerJoin('users as u', (j) => j.onRef('u.id', '=', 'i.user_id').onRef('u.tenant_id', '=', 'i.tenant_id'))
        .where('i.tenant_id', '=', tenantId)
        .where('i.message_id', '=', messageId)
        .whereRef('i.user_id', '!=', 'm.from_user_id');
      if (group) {
        q = q.innerJoin('chat_group_members as gm', (j) =>
          j
            .onRef('gm.tenant_id', '=', 'i.tenant_id')
            .onRef('gm.group_id', '=', 'i.peer_id')
            .onRef('gm.user_id', '=', 'i.user_id'),
        );
      }
      return q.select(['i.user_id', 'u.user_name', 'i.seen_at']).orderBy('u.user_name').orderBy('i.user_id').execute();
    },

    async markMessageRead(
      tenantId: string,
      userId: string,
      messageId: string,
    ): Promise<{ found: boolean; peerId: string | null }> {
      const row = await db
        .selectFrom('chat_inbox')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .where('message_id', '=', messageId)
        .select(['peer_id', 'read_at'])
        .executeTakeFirst();
      if (!row) return { found: false, peerId: null };
      if (!row.read_at) {
        await db
          .updateTable('chat_inbox')
          .set({ read_at: nowIso() })
          .where('tenant_id', '=', tenantId)
          .where('user_id', '=', userId)
          .where('message_id', '=', messageId)
          .execute();
      }
      return { found: true, peerId: row.peer_id };
    },

    /** A page of one conversation, newest first: not deleted by this user, not revoked. */
    history(
      tenantId: string,
      userId: string,
      peerId: string,
      beforeSeq: number | undefined,
      limit: number,
    ): Promise<MailboxRow[]> {
      let q = db
        .selectFrom('chat_inbox as i')
        .innerJoin('chat_messages as m', 'm.id', 'i.message_id')
        .where('i.tenant_id', '=', tenantId)
        .where('i.user_id', '=', userId)
        .where('i.peer_id', '=', peerId)
        .where('i.deleted', '=', 0);
      if (beforeSeq !== undefined) q = q.where('i.seq', '<', beforeSeq);
      return q
        .select([...messageColumns, 'i.seq', 'i.deleted'])
        .orderBy('i.seq', 'desc')
        .limit(limit)
        .execute()
        .then((rows) => rows.map((r) => ({ ...r, seq: Number(r.seq) })));
    },

    /**
     * Of the given messages, those the user still holds in a conversation (their mailbox entry not deleted):
     * the revoked ones among them are where their revokes' notices go in the history.
     */
    async heldIn(tenantId: string, userId: string, peerId: string, messageIds: string[]): Promise<Set<string>> {
      if (!messageIds.length) return new Set();
      const rows = await db
        .selectFrom('chat_inbox as i')
        .where('i.tenant_id', '=', tenantId)
        .where('i.user_id', '=', userId)
        .where('i.peer_id', '=', peerId)
        .where('i.deleted', '=', 0)
        .where('i.message_id', 'in', messageIds)
        .select('i.message_id')
        .execute();
      return new Set(rows.map((r) => r.message_id));
    },

    /** The revoke messages (202) of the given targets that the user holds in a conversation (not deleted). */
    async revokesOf(tenantId: string, userId: string, peerId: string, targetIds: string[]): Promise<MailboxRow[]> {
      if (!targetIds.length) return [];
      return db
        .selectFrom('chat_inbox as i')
        .innerJoin('chat_messages as m', 'm.id', 'i.message_id')
        .where('i.tenant_id', '=', tenantId)
        .where('i.user_id', '=', userId)
        .where('i.peer_id', '=', peerId)
        .where('i.deleted', '=', 0)
        .where('m.type', '=', MSG_TYPE_REVOKE)
        .where('m.content', 'in', targetIds)
        .select([...messageColumns, 'i.seq', 'i.deleted'])
        .execute()
        .then((rows) => rows.map((r) => ({ ...r, seq: Number(r.seq) })));
    },

    /**
     * Search candidates: the user's own mailbox (tenant first), text and file messages neither deleted by them nor
     * revoked, whose content contains one of the patterns (lower case, no LIKE wildcards in them); newest first, at most `limit`.
     */
    searchMailbox(
      tenantId: string,
      userId: string,
      patterns: string[],
      peerId: string | undefined,
      types: readonly number[],
      limit: number,
    ) {
      let q = db
        .selectFrom('chat_inbox as i')
        .innerJoin('chat_messages as m', 'm.id', 'i.message_id')
        .leftJoin('chat_conversations as c', (j) =>
          j
            .onRef('c.tenant_id', '=', 'i.tenant_id')
            .onRef('c.user_id', '=', 'i.user_id')
            .onRef('c.peer_id', '=', 'i.peer_id'),
        )
        .where('i.tenant_id', '=', tenantId)
        .where('m.tenant_id', '=', tenantId)
        .where('i.user_id', '=', userId)
        .where('i.deleted', '=', 0)
        .where('m.revoked_at', 'is', null)
        .where('m.type', 'in', [...types])
        .where((eb) => eb.or(patterns.map((p) => eb(eb.fn<string>('lower', ['m.content']), 'like', `%${p}%`))));
      if (peerId) q = q.where('i.peer_id', '=', peerId);
      return q
        .select([...messageColumns, 'i.seq', 'i.deleted', 'i.peer_id', 'c.name as peer_name'])
        .orderBy('i.seq', 'desc')
        .limit(limit)
        .execute()
        .then((rows) => rows.map((r) => ({ ...r, seq: Number(r.seq) })));
    },

    async deleteForUser(tenantId: string, userId: string, messageIds: string[]): Promise<number> {
      const res = await db
        .updateTable('chat_inbox')
        .set({ deleted: 1, read_at: nowIso() })
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .where('message_id', 'in', messageIds)
        .executeTakeFirst();
      return Number(res.numUpdatedRows);
    },

    // ------------------------------------------------------------ files

    insertFile(row: Insertable<ChatFileTable>) {
      return db.insertInto('chat_files').values(row).execute();
    },

    /**
     * Bytes of chat files a user keeps stored: the sum of their chat_files sizes (through chat_files_by_owner). Chat
     * files are never deleted (a revoked message, a dissolved group and a deleted conversation keep theirs, for the
     * other side's history); should one ever be, its row must go with it, so that this counts only what is stored.
     */
    storedFileBytes(tenantId: string, ownerId: string): Promise<number> {
      return storedFileBytes(db, tenantId, ownerId);
    },

    /**
     * Records a stored file unless its owner's files would then pass `quotaBytes`: the sum and the insert in one
     * transaction, under a lock of the owner's (PostgreSQL: a transaction-scoped advisory lock on tenant and user;
     * SQLite runs one write transaction at a time), so that two uploads at once cannot both count the same room.
     * Answers the bytes stored before it, and whether it was recorded.
     */
    insertFileWithinQuota(
      row: Insertable<ChatFileTable> & { tenant_id: string; owner_id: string; size: number },
      quotaBytes: number,
    ): Promise<{ recorded: boolean; usedBytes: number }> {
      return transact(db, async (trx) => {
        if (engineOf(trx) === 'postgres')
          await sql`select pg_advisory_xact_lock(hashtextextended(${`chat-upload-quota:${row.tenant_id}:${row.owner_id}`}, 0))`.execute(
            trx,
          );
        const usedBytes = await storedFileBytes(trx, row.tenant_id, row.owner_id);
        if (usedBytes + row.size > quotaBytes) return { recorded: false, usedBytes };
        await trx.insertInto('chat_files').values(row).execute();
        return { recorded: true, usedBytes };
      });
    },

    /**
     * A file by id, for a signed link, whose signature names the file and the user it was given to: only while that
     * user, of the file's tenant, and the tenant are enabled.
     */
    fileBySignedLink(id: string, userId: string) {
      return db
        .selectFrom('chat_files as f')
        .innerJoin('users as u', (j) => j.onRef('u.tenant_id', '=', 'f.tenant_id').on('u.id', '=', userId))
        .innerJoin('tenants as t', 't.tenant_id', 'f.tenant_id')
        .where('f.id', '=', id)
        .where('u.status', '=', 1)
        .where('t.status', '=', 1)
        .selectAll('f')
        .executeTakeFirst();
    },

    file(tenantId: string, id: string) {
      return db
        .selectFrom('chat_files')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .selectAll()
        .executeTakeFirst();
    },

    /** A user may read a file they uploaded, or one carried by a message in their mailbox. */
    async canReadFile(tenantId: string, userId: string, fileId: string): Promise<boolean> {
      const row = await db
        .selectFrom('chat_inbox as i')
        .innerJoin('chat_messages as m', 'm.id', 'i.message_id')
        .where('m.tenant_id', '=', tenantId)
        .where('m.object_id', '=', fileId)
        .where('m.revoked_at', 'is', null)
        .where('i.tenant_id', '=', tenantId)
        .where('i.user_id', '=', userId)
        .select('m.id')
        .limit(1)
        .executeTakeFirst();
      return Boolean(row);
    },
  };
}

export type ChatRepository = ReturnType<typeof chatRepository>;

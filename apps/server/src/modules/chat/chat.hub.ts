import {
  CHAT_OTHER_FRAMES_BURST,
  CHAT_OTHER_FRAMES_RATE_PER_SECOND,
  CHAT_REFUSALS_BEFORE_CLOSE,
  CHAT_REFUSALS_FORGIVEN_PER_SECOND,
  CHAT_SEND_BURST,
  CHAT_SEND_RATE_PER_SECOND,
  CHAT_CLOSE_CONFLICT,
  CHAT_CLOSE_UNAUTHORIZED,
  CHAT_RESOURCES,
  CHAT_TEXTS,
  SendBucket,
  type ChatMessage,
  type ChatResource,
  type ServerFrame,
} from '@portal/contracts/chat';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import type { WebSocket } from 'ws';
import { MESSAGES } from '@portal/contracts/errors';
import { directory } from '../auth/auth.directory.ts';
import { sessionEnds, onSessionsEndedElsewhere, type SessionsEndedElsewhere } from '../../platform/session-events.ts';
import { configChanges } from '../../platform/config-events.ts';
import type { AppDeps, RequestContext } from '../../platform/http.ts';
import {
  localBus,
  localPresence,
  PRESENCE_HEARTBEAT_MS,
  PRESENCE_TTL_MS,
  presenceTimingsForTests,
  redisBus,
  redisPresence,
  type BusEvent,
  type ChatBus,
  type PresenceEntry,
  type PresenceRegistry,
} from './chat.bus.ts';
import { ByUser } from './chat.by-user.ts';
import { chatRepository, type ChatRepository, type MailboxRow } from './chat.repository.ts';

const REPLAY_PAGE = 200;
const HEARTBEAT_MS = 30_000;
/** Acknowledgements and read markers of one socket waiting for a commit at once (see ChatSession.pipeline). */
const PIPELINE_MAX = 16;
/** Every this many heartbeats the portal sessions behind the sockets are checked (logout ends the chat too). */
const SESSION_CHECK_EVERY = 2;
/** A socket whose unsent data grows past this is dropped; the client reconnects and resumes from its cursor. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;
/**
 * WebSocket close code 1012 "service restart": the node is shutting down; the client reconnects at once (to
 * another node behind the balancer) and resumes from its cursor.
 */
export const CHAT_CLOSE_SERVICE_RESTART = 1012;
/** How long a shutdown waits for presence removal and for work in flight on the sockets. */
const DRAIN_WAIT_MS = 2_000;

/** Strings that many sockets hold (tenant and role ids): one copy each, up to SHARED_MAX of them. */
const sharedStrings = new Map<string, string>();
const SHARED_MAX = 10_000;
function shared(value: string): string {
  const known = sharedStrings.get(value);
  if (known !== undefined) return known;
  if (sharedStrings.size < SHARED_MAX) sharedStrings.set(value, value);
  return value;
}

/**
 * What one user may send on this node's chat sockets (ADR 0068): two token buckets, one for messages (and input
 * states) and one for every other frame. One per user, shared by the user's sockets and kept after they close while
 * it is not full again, so that neither a second device nor a reconnect makes a flood faster. Made at the user's
 * first frame, so an idle socket holds none (issue 13).
 */
export class FrameBudget {
  readonly messages = new SendBucket(CHAT_SEND_BURST, CHAT_SEND_RATE_PER_SECOND);
  readonly others = new SendBucket(CHAT_OTHER_FRAMES_BURST, CHAT_OTHER_FRAMES_RATE_PER_SECOND);

  /** Full again: the same as a new one, so it need not be kept. */
  full(): boolean {
    return this.messages.full() && this.others.full();
  }
}

/** A settled promise to chain a socket's first task on. */
const IDLE: Promise<void> = Promise.resolve();

/**
 * One authenticated socket: a user on one device kind. An idle one is small (issue 13: memory per idle connection):
 * plain fields, no closures, and its queues and in-flight set exist only while they hold work.
 */
export class ChatSession {
  /** The socket's id across nodes (presence entries, bus events): a flat string, unique enough (96 random bits). */
  readonly connId = randomBytes(12).toString('base64url');
  /** The next mailbox position this socket has not been sent yet. */
  nextSeq = 1;
  /** The highest mailbox position this socket acknowledged (or found acknowledged when it opened). */
  acked = 0;
  status: 'online' | 'away' | 'busy' = 'online';
  closed = false;
  alive = true;
  /** The last task of the outgoing queue while it has work (null when idle). */
  private out: Promise<void> | null = null;
  private corked = false;
  /** Pipelined frames in flight (null when none). */
  private inFlight: Set<Promise<void>> | null = null;
  /** The last task of the incoming queue while it has work (null when idle). */
  private inbound: Promise<void> | null = null;
  /** The user's sending limit on this node (ChatHub.budgetOf), from the socket's first frame on. */
  budget: FrameBudget | null = null;
  /** Refusals of this socket as too fast, from its first one on: when they run out, the socket is closed. */
  private refusals: SendBucket | null = null;

  readonly ws: WebSocket;
  readonly ctx: RequestContext;
  readonly resource: ChatResource;
  private readonly log: FastifyBaseLogger;

  constructor(ws: WebSocket, ctx: RequestContext, resource: ChatResource, log: FastifyBaseLogger) {
    this.ws = ws;
    // A copy with a fixed shape (the row the session was read from is a dictionary-mode object, ~0.5 KiB), whose
    // strings that many sockets share are one string each: tenant, role, and a nickname equal to the name.
    const userName = ctx.userName;
    this.ctx = {
      tenantId: shared(ctx.tenantId),
      userId: ctx.userId,
      account: ctx.account,
      userName,
      nickName: ctx.nickName === userName ? userName : ctx.nickName,
      roleId: shared(ctx.roleId),
      roleType: shared(ctx.roleType),
      sessionId: ctx.sessionId,
    };
    this.resource = CHAT_RESOURCES.find((r) => r === resource) ?? resource;
    this.log = log;
  }

  get tenantId() {
    return this.ctx.tenantId;
  }
  get userId() {
    return this.ctx.userId;
  }

  send(frame: ServerFrame): void {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.log.warn({ userId: this.userId, resource: this.resource }, 'chat socket too slow, dropped');
      this.ws.terminate();
      return;
    }
    this.cork();
    this.ws.send(JSON.stringify(frame));
  }

  /**
   * The frames sent to this socket in one turn of the event loop (the deliveries and receipts of one group commit)
   * leave in one socket write: the TCP socket is corked at the first and uncorked once the turn ends. The wire
   * format stays one JSON frame per WebSocket message (section 3).
   */
  private cork(): void {
    if (this.corked) return;
    const socket = (this.ws as unknown as { _socket?: Writable })._socket;
    if (!socket || socket.destroyed) return;
    this.corked = true;
    socket.cork();
    setImmediate(() => {
      this.corked = false;
      socket.uncork();
    });
  }

  /**
   * An incoming frame whose work goes to the group commit (acknowledgements, read markers): `work` is started now,
   * so its writes are queued in arrival order, and the socket's next frame need not wait for the commit. At most
   * PIPELINE_MAX are in flight per socket; beyond that the socket waits, so a flood still meets back pressure.
   */
  async pipeline(work: () => Promise<void>, failed: (err: unknown) => void): Promise<void> {
    const inFlight = (this.inFlight ??= new Set());
    const p: Promise<void> = work()
      .catch(failed)
      .finally(() => {
        inFlight.delete(p);
        if (inFlight.size === 0 && this.inFlight === inFlight) this.inFlight = null;
      });
    inFlight.add(p);
    while (inFlight.size >= PIPELINE_MAX) await Promise.race(inFlight);
  }

  /**
   * A frame of this socket was refused as too fast. False when it was one too many: the client ignores the
   * refusals (CHAT_REFUSALS_BEFORE_CLOSE, less CHAT_REFUSALS_FORGIVEN_PER_SECOND a second).
   */
  refused(): boolean {
    this.refusals ??= new SendBucket(CHAT_REFUSALS_BEFORE_CLOSE, CHAT_REFUSALS_FORGIVEN_PER_SECOND);
    return this.refusals.take();
  }

  /** Outgoing work (deliveries) runs one task at a time, in order. */
  queueOut(task: () => Promise<void>): Promise<void> {
    const p: Promise<void> = (this.out ?? IDLE)
      .then(task)
      .catch((err) => this.log.error({ err }, 'chat delivery failed'))
      .finally(() => {
        if (this.out === p) this.out = null;
      });
    this.out = p;
    return p;
  }

  /** Incoming frames are handled one at a time, in the order they arrived. */
  queueIn(task: () => Promise<void>): Promise<void> {
    const p: Promise<void> = (this.inbound ?? IDLE)
      .then(task)
      .catch((err) => this.log.error({ err }, 'chat frame failed'))
      .finally(() => {
        if (this.inbound === p) this.inbound = null;
      });
    this.inbound = p;
    return p;
  }

  /** Resolves once every pipelined frame of this socket so far is done. */
  async pipelined(): Promise<void> {
    while (this.inFlight?.size) await Promise.allSettled(this.inFlight);
  }

  settled(): Promise<unknown> {
    return Promise.allSettled([this.out, this.inbound, ...(this.inFlight ?? [])]);
  }

  close(code: number, reason: string): void {
    if (this.ws.readyState === this.ws.OPEN || this.ws.readyState === this.ws.CONNECTING) this.ws.close(code, reason);
    this.closed = true;
  }
}

/** A stored message row as the chat message of section 3. */
export function toChatMessage(r: Omit<MailboxRow, 'seq' | 'deleted'>): ChatMessage {
  return {
    messageId: r.id,
    messageIdWeb: r.message_id_web,
    fromUserId: r.from_user_id,
    fromUserName: r.from_user_name,
    toUserId: r.to_user_id,
    toUserName: r.to_user_name,
    toUserType: r.to_user_type,
    type: r.type,
    content: r.content,
    timeSend: r.time_send,
    jid: r.from_resource ? `${r.from_user_id}/${r.from_resource}` : r.from_user_id,
    mpType: r.mp_type,
    fileTypeName: r.file_type_name,
    fileSize: r.file_size === null ? null : Number(r.file_size),
    objectId: r.object_id,
    ...(r.mentions ? { mentions: parseMentions(r.mentions) } : {}),
  };
}

/** The stored mentions of a message (anything unreadable gives none). */
export function parseMentions(raw: string): Array<{ userId: string; userName: string }> {
  try {
    const v = JSON.parse(raw) as unknown;
    return Array.isArray(v)
      ? v.filter(
          (x): x is { userId: string; userName: string } =>
            typeof x?.userId === 'string' && typeof x?.userName === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

/** The sockets of this process, and delivery to them from the bus. */
export class ChatHub {
  /** Each user's sockets on this node. */
  private readonly byUser = new ByUser<ChatSession>();
  /** Set when the node shuts down: sockets that log in now are sent elsewhere. */
  draining = false;
  /** Each sending user's limit on this node (FrameBudget); forgotten once full again with no socket open. */
  private readonly budgets = new Map<string, FrameBudget>();
  private readonly rt: Omit<ChatRuntime, 'hub' | 'drain' | 'close'>;
  constructor(rt: Omit<ChatRuntime, 'hub' | 'drain' | 'close'>) {
    this.rt = rt;
  }

  private key(tenantId: string, userId: string) {
    return `${tenantId}\u0000${userId}`;
  }

  /** The sending limit of the socket's user on this node, shared by the user's sockets (FrameBudget). */
  budgetOf(s: ChatSession): FrameBudget {
    if (s.budget) return s.budget;
    const key = this.key(s.tenantId, s.userId);
    let budget = this.budgets.get(key);
    if (!budget) this.budgets.set(key, (budget = new FrameBudget()));
    return (s.budget = budget);
  }

  /** Forgets the limits that are full again and that no socket holds (a new one would be the same). */
  private forgetFullBudgets(): void {
    for (const [key, budget] of this.budgets) {
      if (!budget.full()) continue;
      const [tenantId, userId] = key.split('\u0000') as [string, string];
      if (this.byUser.get(tenantId, userId).some((s) => s.budget === budget)) continue;
      this.budgets.delete(key);
    }
  }

  sessionsOf(tenantId: string, userId: string): ChatSession[] {
    return this.byUser.get(tenantId, userId);
  }

  all(): ChatSession[] {
    return this.byUser.all();
  }

  /**
   * A socket logged in: register it, replace the older session of the same kind (on any process), send
   * `ready`, then everything in the mailbox after the device's cursor, then `synced`.
   */
  attach(ws: WebSocket, ctx: RequestContext, resource: ChatResource): ChatSession {
    const s = new ChatSession(ws, ctx, resource, this.rt.log);
    if (this.draining) {
      // This node is shutting down: the client goes to another one at once.
      s.close(CHAT_CLOSE_SERVICE_RESTART, 'service restart');
      return s;
    }
    this.byUser.add(s.tenantId, s.userId, s);
    this.rt.bus.publish({ t: 'kick', tenantId: ctx.tenantId, userId: ctx.userId, resource, keepConn: s.connId });
    void s.queueOut(async () => {
      const cursor = await this.rt.repo.openCursor(ctx.tenantId, ctx.userId, resource);
      s.nextSeq = cursor + 1;
      s.acked = cursor;
      await this.rt.presence.add(ctx.tenantId, ctx.userId, s.connId, resource);
      const online = (await this.rt.presence.resources(ctx.tenantId, [ctx.userId])).get(ctx.userId) ?? [];
      s.send({
        kind: 'ready',
        userId: ctx.userId,
        userName: ctx.userName,
        tenantId: ctx.tenantId,
        resource,
        jid: `${ctx.userId}/${resource}`,
        serverTime: new Date().toISOString(),
        resources: online.filter((r) => r !== resource),
      });
      await this.replay(s, null);
      s.send({ kind: 'synced', seq: s.nextSeq - 1 });
      this.rt.bus.publish({
        t: 'transient',
        tenantId: ctx.tenantId,
        userIds: [ctx.userId],
        frame: { kind: 'presence', userId: ctx.userId, resource, status: 'online' },
        exceptConn: s.connId,
      });
      this.tellContacts({ tenantId: ctx.tenantId, userId: ctx.userId, resource }, 'online');
    });
    return s;
  }

  /** The socket is gone: its presence entry is removed and the user's other devices are told it went offline. */
  detach(s: ChatSession): void {
    if (!this.release(s)) return;
    void this.rt.presence
      .remove(s.tenantId, s.userId, s.connId)
      .catch((err) => this.rt.log.warn({ err }, 'presence remove failed'));
    this.announce([s], 'offline', s.connId);
  }

  /** Forgets a socket without telling anyone (shutdown: the node's presence entries go at once). */
  private release(s: ChatSession): boolean {
    if (!this.byUser.remove(s.tenantId, s.userId, s)) return false;
    s.closed = true;
    return true;
  }

  /**
   * The presence frame of a device's coming or going: to the user's own devices (except the socket itself) and to
   * the people they chat with one to one, on every node. Used for sockets closed here and for the sockets of a
   * dead node.
   */
  announce(
    entries: Array<Pick<PresenceEntry, 'tenantId' | 'userId' | 'resource'>>,
    status: 'online' | 'offline',
    exceptConn: string | null = null,
  ): void {
    for (const e of entries) {
      this.rt.bus.publish({
        t: 'transient',
        tenantId: e.tenantId,
        userIds: [e.userId],
        frame: { kind: 'presence', userId: e.userId, resource: e.resource, status },
        exceptConn,
      });
      this.tellContacts(e, status);
    }
  }

  /** The same presence change to the people the user chats with one to one (on every node), once the list is read. */
  private tellContacts(e: Pick<PresenceEntry, 'tenantId' | 'userId' | 'resource'>, status: 'online' | 'offline'): void {
    this.rt.repo
      .userPeers(e.tenantId, e.userId)
      .then((peers) => {
        if (peers.length === 0) return;
        this.rt.bus.publish({
          t: 'transient',
          tenantId: e.tenantId,
          userIds: peers,
          frame: { kind: 'presence', userId: e.userId, resource: e.resource, status },
          exceptConn: null,
        });
      })
      .catch((err) => this.rt.log.warn({ err }, 'telling contacts of a presence change failed'));
  }

  /** This node's sockets as presence entries. */
  entries(): PresenceEntry[] {
    return this.all()
      .filter((s) => !s.closed)
      .map((s) => ({ tenantId: s.tenantId, userId: s.userId, connId: s.connId, resource: s.resource }));
  }

  /**
   * Events from other nodes may have been missed (the bus's subscription reconnected, or a node could not
   * publish): every socket gets what its mailbox holds past its position, read from the database. A message
   * that also arrives through the bus afterwards is below the socket's position by then and is not sent twice.
   * Sessions that ended meanwhile (a lost logout event) are closed as the heartbeat would.
   */
  async resync(): Promise<void> {
    const sessions = this.all().filter((s) => !s.closed);
    if (sessions.length === 0) return;
    const byTenant = new Map<string, Set<string>>();
    for (const s of sessions) byTenant.set(s.tenantId, (byTenant.get(s.tenantId) ?? new Set()).add(s.userId));
    const last = new Map<string, number>();
    for (const [tenantId, users] of byTenant) {
      for (const [userId, seq] of await this.rt.repo.lastSeqs(tenantId, [...users]))
        last.set(this.key(tenantId, userId), seq);
    }
    for (const s of sessions) {
      // Only sockets whose mailbox holds more than they were sent (nextSeq is re-read when the replay runs).
      if ((last.get(this.key(s.tenantId, s.userId)) ?? 0) >= s.nextSeq) void s.queueOut(() => this.replay(s, null));
    }
    await this.closeEnded(sessions);
  }

  /**
   * Sessions ended outside this process (the operator's command, told through the database, ADR 0065): the sockets
   * of that user, or of that tenant, whose sessions are no longer live close; with no scope (notifications may have
   * been missed) every socket is looked at, as the heartbeat does.
   */
  async closeEndedElsewhere(scope: SessionsEndedElsewhere | null): Promise<void> {
    const sessions = (
      scope?.userId
        ? this.sessionsOf(scope.tenantId, scope.userId)
        : this.all().filter((s) => !scope || s.tenantId === scope.tenantId)
    ).filter((s) => !s.closed);
    if (sessions.length) await this.closeEnded(sessions);
  }

  private async closeEnded(sessions: ChatSession[]): Promise<void> {
    const ids = [...new Set(sessions.map((s) => s.ctx.sessionId))];
    const live = new Set((await directory.liveSessions(this.rt.deps.db, ids)).map((s) => s.id));
    for (const s of sessions) {
      if (live.has(s.ctx.sessionId)) continue;
      this.detach(s);
      s.close(CHAT_CLOSE_UNAUTHORIZED, 'session ended');
    }
  }

  /**
   * Shutdown: every socket is forgotten, the node's presence entries are removed WITHOUT telling anyone
   * (the clients reconnect to another node at once, so their devices would only see offline-online flicker),
   * then the sockets close with 1012 (service restart).
   */
  async drain(): Promise<void> {
    this.draining = true;
    const sessions = this.all();
    for (const s of sessions) this.release(s);
    await withTimeout(this.rt.presence.leave(), DRAIN_WAIT_MS).catch((err) =>
      this.rt.log.warn({ err }, 'presence leave failed'),
    );
    for (const s of sessions) s.close(CHAT_CLOSE_SERVICE_RESTART, 'service restart');
    await withTimeout(Promise.allSettled(sessions.map((s) => s.settled())), DRAIN_WAIT_MS);
  }

  /** Sends the mailbox from s.nextSeq on (up to `upTo` when given), skipping what the device must not get. */
  async replay(s: ChatSession, upTo: number | null): Promise<void> {
    for (;;) {
      if (s.closed) return;
      const rows = await this.rt.repo.mailbox(s.tenantId, s.userId, s.nextSeq, upTo, REPLAY_PAGE);
      for (const r of rows) {
        if (r.seq < s.nextSeq) continue;
        const ownFromHere = r.from_user_id === s.userId && r.from_resource === s.resource;
        if (!r.deleted && !r.revoked_at && !ownFromHere)
          s.send({ kind: 'message', seq: r.seq, message: this.forRecipient(toChatMessage(r), s) });
        s.nextSeq = r.seq + 1;
      }
      if (rows.length < REPLAY_PAGE) break;
    }
    if (upTo !== null && s.nextSeq <= upTo) s.nextSeq = upTo + 1;
  }

  /** Notices are stored once for many recipients: each socket sees itself as the addressee. */
  private forRecipient(m: ChatMessage, s: ChatSession): ChatMessage {
    return m.toUserId ? m : { ...m, toUserId: s.userId, toUserName: s.ctx.userName };
  }

  /** Live delivery of mailbox position `seq`; a gap before it is filled from the database first. */
  private async deliver(s: ChatSession, seq: number, message: ChatMessage, originConn: string | null): Promise<void> {
    if (s.closed || seq < s.nextSeq) return;
    if (seq > s.nextSeq) await this.replay(s, seq - 1);
    if (s.closed || seq < s.nextSeq) return;
    if (originConn !== s.connId) s.send({ kind: 'message', seq, message: this.forRecipient(message, s) });
    s.nextSeq = seq + 1;
  }

  handle(event: BusEvent): void {
    switch (event.t) {
      case 'deliver':
        for (const [userId, seq] of event.targets) {
          for (const s of this.sessionsOf(event.tenantId, userId)) {
            void s.queueOut(() => this.deliver(s, seq, event.message, event.originConn));
          }
        }
        return;
      case 'transient':
        for (const userId of event.userIds) {
          for (const s of this.sessionsOf(event.tenantId, userId)) {
            if (s.connId === event.exceptConn) continue;
            void s.queueOut(async () => s.send(event.frame));
          }
        }
        return;
      case 'tenant':
        for (const s of this.all()) {
          if (s.tenantId === event.tenantId && !s.closed) void s.queueOut(async () => s.send(event.frame));
        }
        return;
      case 'kick':
        for (const s of this.sessionsOf(event.tenantId, event.userId)) {
          if (s.connId === event.keepConn || s.resource !== event.resource) continue;
          s.send({ kind: 'conflict', resource: s.resource, msg: CHAT_TEXTS.conflict });
          this.detach(s);
          s.close(CHAT_CLOSE_CONFLICT, 'conflict');
        }
        return;
      case 'resync':
        this.resync().catch((err) => this.rt.log.warn({ err }, 'chat resync failed'));
        return;
      case 'endSession':
        for (const s of this.sessionsOf(event.tenantId, event.userId)) {
          if (s.ctx.sessionId !== event.sessionId) continue;
          s.send({ kind: 'error', status: 401, msg: MESSAGES.unauthorized });
          this.detach(s);
          s.close(CHAT_CLOSE_UNAUTHORIZED, 'session ended');
        }
        return;
    }
  }

  /** Pings every socket (a silent one is dropped), re-announces presence, and ends sockets of ended sessions. */
  async heartbeat(round: number): Promise<void> {
    this.forgetFullBudgets();
    const sessions = this.all();
    for (const s of sessions) {
      if (!s.alive) {
        this.detach(s);
        s.ws.terminate();
        continue;
      }
      s.alive = false;
      if (s.ws.readyState === s.ws.OPEN) s.ws.ping();
    }
    await this.rt.presence.refresh(
      sessions
        .filter((s) => !s.closed)
        .map((s) => ({ tenantId: s.tenantId, userId: s.userId, connId: s.connId, resource: s.resource })),
    );
    if (round % SESSION_CHECK_EVERY === 0 && sessions.length) await this.closeEnded(sessions);
  }
}

export type ChatRuntime = {
  instanceId: string;
  deps: AppDeps;
  log: FastifyBaseLogger;
  repo: ChatRepository;
  bus: ChatBus;
  presence: PresenceRegistry;
  hub: ChatHub;
  /** Shutdown, first part (the app's preClose): sockets close with 1012 after the node's presence is removed. */
  drain: () => Promise<void>;
  /** Shutdown, last part (the app's onClose): drains if not done yet, then closes the Redis connections. */
  close: () => Promise<void>;
};

const runtimes = new WeakMap<AppDeps, Promise<ChatRuntime>>();

/**
 * The chat runtime of an app (one per process and database): the hub of local sockets and the bus.
 * Shared by the chat and messages modules through the app's deps.
 */
export function chatRuntime(app: FastifyInstance): Promise<ChatRuntime> {
  const existing = runtimes.get(app.deps);
  if (existing) return existing;
  const created = createRuntime(app.deps, app.log);
  runtimes.set(app.deps, created);
  return created;
}

async function createRuntime(deps: AppDeps, log: FastifyBaseLogger): Promise<ChatRuntime> {
  const repo = chatRepository(deps.db);
  const instanceId = randomUUID();
  const onError = (err: unknown) => log.error({ err }, 'chat pub/sub error');
  let bus: ChatBus;
  let presence: PresenceRegistry;
  // The node's name in presence entries: NODE_ID plus a per-process suffix, so that a restarted node (same NODE_ID)
  // never takes over the entries of its killed predecessor, which the other nodes reap and report.
  const nodeId = `${deps.config.nodeId ?? 'node'}/${randomBytes(4).toString('hex')}`;
  if (deps.config.redisUrl) {
    const prefix = `portal:chat:${await repo.clusterId()}`;
    const timings = presenceTimingsForTests.get(deps.config) ?? {
      heartbeatMs: PRESENCE_HEARTBEAT_MS,
      ttlMs: PRESENCE_TTL_MS,
    };
    bus = await redisBus(deps.config.redisUrl, `${prefix}:events`, instanceId, onError);
    presence = await redisPresence(deps.config.redisUrl, prefix, nodeId, onError, timings);
  } else {
    bus = localBus();
    presence = localPresence(nodeId);
  }
  const rt: Omit<ChatRuntime, 'hub' | 'drain' | 'close'> = { instanceId, deps, log, repo, bus, presence };
  const hub = new ChatHub(rt);
  bus.subscribe((event) => hub.handle(event));
  bus.onResync(() => {
    log.info('chat subscription back after a drop: replaying mailboxes');
    hub.resync().catch((err) => log.warn({ err }, 'chat resync failed'));
  });
  presence.start({
    localEntries: () => hub.entries(),
    onReaped: (gone) => {
      log.info({ users: gone.length }, 'chat presence: a node stopped heartbeating, its users are offline');
      hub.announce(gone, 'offline');
    },
    onRevived: (back) => hub.announce(back, 'online'),
  });
  // Logout closes the user's sockets of that session at once, here and (through the bus) on every other node.
  const stopListeningSessions = sessionEnds.on(deps, (e) =>
    bus.publish({ t: 'endSession', tenantId: e.tenantId, userId: e.userId, sessionId: e.sessionId }),
  );
  // A configuration change reaches every signed-in page of the tenant, on every node.
  const stopListeningConfig = configChanges.on(deps, (e) =>
    bus.publish({ t: 'tenant', tenantId: e.tenantId, frame: { kind: 'config', kinds: e.kinds } }),
  );
  const stopListening = () => {
    stopListeningSessions();
    stopListeningConfig();
  };
  // Sessions the operator's command ended (another process, no node's listener above): every node hears the
  // database's notification itself, so nothing goes through the bus (ADR 0065).
  const elsewhere = await onSessionsEndedElsewhere(
    deps,
    (scope) => void hub.closeEndedElsewhere(scope).catch((err) => log.warn({ err }, 'closing ended sessions failed')),
    (err) => log.warn({ err }, 'listening for sessions ended elsewhere: connection lost, connecting again'),
  );
  let round = 0;
  const timer = setInterval(() => {
    round += 1;
    hub.heartbeat(round).catch((err) => log.warn({ err }, 'chat heartbeat failed'));
  }, HEARTBEAT_MS);
  timer.unref();
  let draining: Promise<void> | null = null;
  const drain = () =>
    (draining ??= (async () => {
      clearInterval(timer);
      stopListening();
      await elsewhere.close();
      await hub.drain();
    })());
  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      await drain();
      await bus.close();
      await presence.close();
    })());
  return { ...rt, hub, drain, close };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  return Promise.race([work, new Promise<undefined>((r) => setTimeout(() => r(undefined), ms).unref())]);
}

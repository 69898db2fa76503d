import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import {
  AddMembersRequest,
  CHAT_CLOSE_LOGIN_TIMEOUT,
  CHAT_CLOSE_TOO_FAST,
  CHAT_CLOSE_UNAUTHORIZED,
  CHAT_FILE_MAX_BYTES,
  CHAT_UPLOAD_QUOTA_MB_DEFAULT,
  CHAT_LOGIN_TIMEOUT_MS,
  CHAT_MAX_FRAME_BYTES,
  CHAT_PROTOCOL,
  CHAT_RESOURCES,
  CHAT_TEXTS,
  CHAT_TOKEN_PROTOCOL_PREFIX,
  ChatGroup,
  ClientFrame,
  ContactEntry,
  ConversationEntry,
  CreateGroupRequest,
  DeleteMessagesRequest,
  FileLink,
  FileLinkRequest,
  GroupMember,
  GroupRequest,
  HistoryPage,
  HistoryRequest,
  ImConfig,
  ImUserInfo,
  PeerRequest,
  RemoveMembersRequest,
  RenameGroupRequest,
  SetGroupNoticeRequest,
  TopChatRequest,
  MuteChatRequest,
  TransferGroupOwnerRequest,
  UploadedFile,
  type ChatResource,
  type ServerFrame,
  ChatPrivacy,
  ChatSearchHit,
  ChatSearchRequest,
  MessageReaders,
  MessageReadersRequest,
} from '@portal/contracts/chat';
import { envelope } from '@portal/contracts/envelope';
import { MESSAGES } from '@portal/contracts/errors';
import type { FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { RawData, WebSocket } from 'ws';
import { z } from 'zod';
import { bearerToken, findSessionUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { badRequest, forbidden, notFound, unauthorized } from '../../platform/errors.ts';
import { typed, userOf, type App, type RequestContext } from '../../platform/http.ts';
import { fileLinks, saveUpload, sendStoredFile } from './chat.files.ts';
import { chatRuntime, ChatSession, type ChatRuntime } from './chat.hub.ts';
import * as chat from './chat.service.ts';
import { FrameError } from './chat.service.ts';
import { limitOf } from '../../platform/rate-limit.ts';

export const CHAT_PREFIX = '/api/chat';

/**
 * The instant-messaging server of 7.8 on the portal's own port: the chat socket (`GET /api/chat/ws`) and
 * the IM calls whose paths the spec does not show (login, config, friends, last chat list, history,
 * delete, upload, groups).
 */
export async function chatRoutes(app: App): Promise<void> {
  const rt = await chatRuntime(app);
  const metrics = app.deps.metrics;
  if (metrics) {
    metrics.gauge('portal_chat_sockets', 'Chat sockets open on this node.', () => rt.hub.all().length);
    metrics.total('portal_chat_commits_total', 'Chat group commits (ADR 0034).', () => rt.repo.commits.stats.batches);
    metrics.total(
      'portal_chat_facts_total',
      'Chat messages, acknowledgements and read markers committed.',
      () => rt.repo.commits.stats.jobs,
    );
  }
  // Shutdown (app.close(), SIGTERM): before @fastify/websocket's own preClose (registered below, so it runs after
  // this one) closes every socket without a code, the chat removes this node's presence and closes its sockets with
  // 1012 (service restart); the Redis connections close last, once requests in flight are done.
  app.addHook('preClose', async () => rt.drain());
  app.addHook('onClose', async () => rt.close());
  await app.register(websocket, { options: { maxPayload: CHAT_MAX_FRAME_BYTES, handleProtocols: chooseProtocol } });
  const sockets = chatSockets(app, rt);
  await app.register(multipart, { limits: { fileSize: CHAT_FILE_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024 } });

  app.get(
    `${CHAT_PREFIX}/ws`,
    {
      websocket: true,
      config: { access: 'public' },
      schema: {
        tags: ['chat'],
        summary: 'The chat socket (WebSocket upgrade; token in Sec-WebSocket-Protocol or the first frame)',
      },
      // Before the upgrade: a token in the URL and a page of a foreign origin are refused with a plain HTTP answer.
      onRequest: async (request) => checkSocketRequest(app, request),
    },
    (socket, request) =>
      sockets.accept(
        socket,
        (request.query as Record<string, string | undefined>).resource ?? 'pc',
        tokenFromProtocols(request.headers['sec-websocket-protocol']),
      ),
  );

  const r = typed(app);
  const tags = ['chat'];

  r.post(
    `${CHAT_PREFIX}/login`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'IM login: the IM user info the socket accepts',
        response: { 200: envelope(ImUserInfo) },
      },
    },
    async (request) => ok(chat.imUserInfo(userOf(request), bearerToken(request)!)),
  );
  r.post(
    `${CHAT_PREFIX}/config`,
    {
      config: { access: 'user' },
      schema: { tags, summary: 'IM limits and the file transfer helper', response: { 200: envelope(ImConfig) } },
    },
    async () => ok(chat.imConfig()),
  );
  r.post(
    `${CHAT_PREFIX}/friends`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Contacts: people, groups, public accounts and 30001',
        response: { 200: envelope(z.array(ContactEntry)) },
      },
    },
    async (request) => ok(await chat.friends(rt, userOf(request))),
  );
  r.post(
    `${CHAT_PREFIX}/lastChatList`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Conversations with unread counts, pinned first then by timeSend',
        response: { 200: envelope(z.array(ConversationEntry)) },
      },
    },
    async (request) => ok(await chat.lastChatList(rt, userOf(request))),
  );
  r.post(
    `${CHAT_PREFIX}/history`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'A page of one conversation, oldest first',
        body: HistoryRequest,
        response: { 200: envelope(HistoryPage) },
      },
    },
    async (request) => ok(await chat.history(rt, userOf(request), request.body)),
  );
  r.post(
    `${CHAT_PREFIX}/message/delete`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Delete messages for the caller only',
        body: DeleteMessagesRequest,
        response: { 200: envelope(z.object({ deleted: z.number().int() })) },
      },
    },
    async (request) => ok({ deleted: await chat.deleteMessages(rt, userOf(request), request.body.messageIds) }),
  );
  r.post(
    `${CHAT_PREFIX}/conversation/delete`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Delete a conversation for the caller only',
        body: PeerRequest,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await chat.deleteConversation(rt, userOf(request), request.body.peerId);
      return ok(null);
    },
  );
  r.post(
    `${CHAT_PREFIX}/conversation/mute`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Mute (免打扰) or unmute a conversation for the caller, on every device',
        body: MuteChatRequest,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await chat.setMuted(rt, userOf(request), request.body.peerId, request.body.muted);
      return ok(null);
    },
  );
  r.post(
    `${CHAT_PREFIX}/conversation/top`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Pin (openTopChatTime) or unpin a conversation',
        body: TopChatRequest,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await chat.setTop(rt, userOf(request), request.body.peerId, request.body.top);
      return ok(null);
    },
  );
  r.post(
    `${CHAT_PREFIX}/conversation/read`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Mark a conversation read on every device',
        body: PeerRequest,
        response: { 200: envelope(z.object({ read: z.number().int() })) },
      },
    },
    async (request) => ok({ read: await chat.markConversationRead(rt, userOf(request), request.body.peerId) }),
  );
  r.post(
    `${CHAT_PREFIX}/message/readers`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Who of its recipients read a message (its sender only; in a group the members now)',
        body: MessageReadersRequest,
        response: { 200: envelope(MessageReaders) },
      },
    },
    async (request) => ok(await chat.messageReaders(rt, userOf(request), request.body.messageId)),
  );
  r.post(
    `${CHAT_PREFIX}/search`,
    {
      config: { access: 'user', rateLimit: limitOf('chatSearch') },
      schema: {
        tags,
        summary: "Search the caller's own conversations (Chinese segmentation as the service search), best first",
        body: ChatSearchRequest,
        response: { 200: envelope(z.array(ChatSearchHit)) },
      },
    },
    async (request) => ok(await chat.searchMessages(rt, userOf(request), request.body)),
  );
  r.post(
    `${CHAT_PREFIX}/privacy`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The caller's chat privacy settings (read receipts on by default)",
        response: { 200: envelope(ChatPrivacy) },
      },
    },
    async (request) => ok(await chat.privacy(rt, userOf(request))),
  );
  r.post(
    `${CHAT_PREFIX}/privacy/save`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Turn sending read receipts on or off (personal center)',
        body: ChatPrivacy,
        response: { 200: envelope(ChatPrivacy) },
      },
    },
    async (request) => ok(await chat.savePrivacy(rt, userOf(request), request.body)),
  );
  const links = fileLinks(app.deps.config.tokenSecret);
  const readableFile = async (ctx: RequestContext, id: string) => {
    const file = await rt.repo.file(ctx.tenantId, id);
    if (!file || (file.owner_id !== ctx.userId && !(await rt.repo.canReadFile(ctx.tenantId, ctx.userId, file.id))))
      throw notFound(CHAT_TEXTS.noSuchFile);
    return file;
  };
  r.post(
    `${CHAT_PREFIX}/upload`,
    {
      config: { access: 'user', rateLimit: limitOf('upload') },
      schema: {
        tags,
        summary: 'Upload an image (10 MB) or file (50 MB) for a type 2, 8 or 9 message',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(UploadedFile) },
      },
    },
    async (request) =>
      ok(
        await saveUpload(
          rt.repo,
          links,
          app.deps.files,
          userOf(request),
          await request.file(),
          app.deps.config.chatUploadQuotaBytes ?? CHAT_UPLOAD_QUOTA_MB_DEFAULT * 1024 * 1024,
        ),
      ),
  );
  r.post(
    `${CHAT_PREFIX}/file/sign`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'A signed link to a chat file the caller may read (for <img src>)',
        body: FileLinkRequest,
        response: { 200: envelope(FileLink) },
      },
    },
    async (request) => {
      const user = userOf(request);
      return ok(links.sign((await readableFile(user, request.body.objectId)).id, user.userId));
    },
  );
  r.get(
    `${CHAT_PREFIX}/file/:id`,
    {
      // Either the Authorization header, or a signed link (?exp=&sig=) for an <img src> that sends no header.
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Download a chat file (uploader or a recipient of a message carrying it)',
        params: z.object({ id: z.string().max(64) }),
        querystring: z.object({
          u: z.string().max(64).optional(),
          exp: z.coerce.number().int().optional(),
          sig: z.string().max(128).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { u, exp, sig } = request.query;
      if (u && exp !== undefined && sig) {
        // The user the link was given to, while they and their tenant are enabled (a disabled account's links stop).
        const file = links.verify(request.params.id, u, exp, sig)
          ? await rt.repo.fileBySignedLink(request.params.id, u)
          : undefined;
        if (!file) throw notFound(CHAT_TEXTS.noSuchFile);
        return sendStoredFile(reply, app.deps.files, file);
      }
      const token = bearerToken(request);
      const ctx = token ? await findSessionUser(app, token) : null;
      if (!ctx) throw unauthorized();
      return sendStoredFile(reply, app.deps.files, await readableFile(ctx, request.params.id));
    },
  );

  r.post(
    `${CHAT_PREFIX}/group/create`,
    {
      config: { access: 'user', rateLimit: limitOf('chatGroup', 'chatGroup') },
      schema: {
        tags,
        summary: 'Create a group with members of the same tenant',
        body: CreateGroupRequest,
        response: { 200: envelope(ChatGroup) },
      },
    },
    async (request) => ok(await chat.createGroup(rt, userOf(request), request.body)),
  );
  r.post(
    `${CHAT_PREFIX}/group/list`,
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Groups of the caller', response: { 200: envelope(z.array(ChatGroup)) } },
    },
    async (request) => ok(await chat.groupsOf(rt, userOf(request))),
  );
  r.post(
    `${CHAT_PREFIX}/group/members`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Members of a group of the caller',
        body: GroupRequest,
        response: { 200: envelope(z.array(GroupMember)) },
      },
    },
    async (request) => ok(await chat.groupMembers(rt, userOf(request), request.body.groupId)),
  );
  r.post(
    `${CHAT_PREFIX}/group/addMembers`,
    {
      config: { access: 'user', rateLimit: limitOf('chatGroup', 'chatGroup') },
      schema: {
        tags,
        summary: 'Add people of the same tenant to a group the caller owns',
        body: AddMembersRequest,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await chat.addGroupMembers(rt, userOf(request), request.body.groupId, request.body.memberIds);
      return ok(null);
    },
  );
  r.post(
    `${CHAT_PREFIX}/group/removeMembers`,
    {
      config: { access: 'user', rateLimit: limitOf('chatGroup', 'chatGroup') },
      schema: {
        tags,
        summary: 'Remove members from a group the caller owns',
        body: RemoveMembersRequest,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await chat.removeGroupMembers(rt, userOf(request), request.body.groupId, request.body.memberIds);
      return ok(null);
    },
  );
  r.post(
    `${CHAT_PREFIX}/group/quit`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Leave a group (a member who is not the owner; the owner hands over or dissolves first, 409)',
        body: GroupRequest,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await chat.quitGroup(rt, userOf(request), request.body.groupId);
      return ok(null);
    },
  );
  r.post(
    `${CHAT_PREFIX}/group/rename`,
    {
      config: { access: 'user', rateLimit: limitOf('chatGroup', 'chatGroup') },
      schema: {
        tags,
        summary: 'Rename a group the caller owns; members get a `group` frame (renamed)',
        body: RenameGroupRequest,
        response: { 200: envelope(ChatGroup) },
      },
    },
    async (request) => ok(await chat.renameGroup(rt, userOf(request), request.body.groupId, request.body.name)),
  );
  r.post(
    `${CHAT_PREFIX}/group/setNotice`,
    {
      config: { access: 'user', rateLimit: limitOf('chatGroup', 'chatGroup') },
      schema: {
        tags,
        summary:
          'Set, change or (empty) clear the announcement of a group the caller owns; members get a `group` frame (noticeChanged)',
        body: SetGroupNoticeRequest,
        response: { 200: envelope(ChatGroup) },
      },
    },
    async (request) => ok(await chat.setGroupNotice(rt, userOf(request), request.body.groupId, request.body.notice)),
  );
  r.post(
    `${CHAT_PREFIX}/group/transferOwner`,
    {
      config: { access: 'user', rateLimit: limitOf('chatGroup', 'chatGroup') },
      schema: {
        tags,
        summary: 'Hand a group the caller owns over to another member; the caller stays a plain member',
        body: TransferGroupOwnerRequest,
        response: { 200: envelope(ChatGroup) },
      },
    },
    async (request) =>
      ok(await chat.transferGroupOwner(rt, userOf(request), request.body.groupId, request.body.userId)),
  );
  r.post(
    `${CHAT_PREFIX}/group/dissolve`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Dissolve a group the caller owns; it leaves every member’s list at once',
        body: GroupRequest,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await chat.dissolveGroup(rt, userOf(request), request.body.groupId);
      return ok(null);
    },
  );
}

const send = (ws: WebSocket, frame: ServerFrame) => {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
};

/** Query parameters that would carry a token in the URL: refused (URLs end up in logs, histories and proxies). */
const URL_TOKEN_PARAMS = [
  'access_token',
  'token',
  'accessToken',
  'refresh_token',
  'Blade-Auth',
  'blade-auth',
  'authorization',
];

/** Answers the chat subprotocol when offered (never the token); no subprotocol otherwise. */
function chooseProtocol(protocols: Set<string>): string | false {
  return protocols.has(CHAT_PROTOCOL) ? CHAT_PROTOCOL : false;
}

function tokenFromProtocols(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const p of value.split(',')) {
    const v = p.trim();
    if (v.startsWith(CHAT_TOKEN_PROTOCOL_PREFIX) && v.length > CHAT_TOKEN_PROTOCOL_PREFIX.length)
      return v.slice(CHAT_TOKEN_PROTOCOL_PREFIX.length);
  }
  return null;
}

/**
 * The upgrade request of the chat socket: no token in the URL (400), and an Origin, when the client sends one,
 * that is the portal's own (the request's Host) or in ALLOWED_ORIGINS (403 otherwise). Browsers always send
 * Origin on a WebSocket; a client without one is not a page of another site and is let through to log in with
 * its token like any API client.
 */
function checkSocketRequest(app: App, request: FastifyRequest): void {
  const query = (request.query ?? {}) as Record<string, unknown>;
  if (URL_TOKEN_PARAMS.some((name) => name in query))
    throw badRequest(
      CHAT_TEXTS.tokenInUrl,
      'A token may not travel in the URL: send it in Sec-WebSocket-Protocol or the first frame.',
    );
  const origin = request.headers.origin;
  if (origin === undefined) return;
  if (!originAllowed(origin, request.host, app.deps.config.allowedOrigins ?? []))
    throw forbidden(CHAT_TEXTS.originRefused, 'This origin may not open the chat socket.');
}

export function originAllowed(origin: string, host: string, allowed: readonly string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (parsed.host.toLowerCase() === host.toLowerCase()) return true;
  return allowed.includes(parsed.origin.toLowerCase());
}

/** A socket waiting for its login: its token is being checked (`authenticating`), frames meanwhile wait in `early`. */
type Pending = { authenticating: boolean; early: RawData[] | null };
/** What the chat keeps on a socket of its own: the Pending record until it logs in, then its ChatSession. */
const STATE = Symbol('chat socket');
type ChatSocket = WebSocket & { [STATE]?: Pending | ChatSession };
const sessionOf = (ws: ChatSocket): ChatSession | null => {
  const state = ws[STATE];
  return state instanceof ChatSession ? state : null;
};

/**
 * The chat's sockets of one app. Per socket there is one plain record on the socket (Pending, then the ChatSession)
 * and no closure: the listeners are these four functions, shared by every socket, and the login deadlines of the
 * sockets still waiting for their `login` frame are kept by one timer (issue 13: memory per idle connection).
 */
function chatSockets(app: App, rt: ChatRuntime) {
  const refuse = (ws: WebSocket, status: number, msg: string, code: number) => {
    send(ws, { kind: 'error', status, msg });
    ws.close(code, 'refused');
  };
  const deadlines = new LoginDeadlines((ws: ChatSocket) => {
    if (!sessionOf(ws)) refuse(ws, 401, CHAT_TEXTS.notLoggedIn, CHAT_CLOSE_LOGIN_TIMEOUT);
  });

  const authenticate = async (ws: ChatSocket, pending: Pending, token: string, resource: ChatResource) => {
    pending.authenticating = true;
    const ctx = await findSessionUser(app, token).catch((err) => {
      app.log.error({ err }, 'chat login failed');
      return null;
    });
    pending.authenticating = false;
    if (ws.readyState !== ws.OPEN) return;
    if (!ctx) return refuse(ws, 401, MESSAGES.unauthorized, CHAT_CLOSE_UNAUTHORIZED);
    deadlines.remove(ws);
    const s = rt.hub.attach(ws, ctx, resource);
    ws[STATE] = s;
    for (const raw of pending.early ?? []) void s.queueIn(() => handleFrame(rt, s, raw));
    pending.early = null;
  };

  function onMessage(this: ChatSocket, raw: RawData): void {
    const state = this[STATE];
    if (!state) return;
    if (state instanceof ChatSession) {
      void state.queueIn(() => handleFrame(rt, state, raw));
      return;
    }
    if (state.authenticating) {
      (state.early ??= []).push(raw);
      return;
    }
    const parsed = ClientFrame.safeParse(parseJson(raw));
    if (!parsed.success || parsed.data.kind !== 'login')
      return refuse(this, 401, CHAT_TEXTS.notLoggedIn, CHAT_CLOSE_UNAUTHORIZED);
    void authenticate(this, state, parsed.data.token, parsed.data.resource);
  }
  function onPong(this: ChatSocket): void {
    const s = sessionOf(this);
    if (s) s.alive = true;
  }
  function onClose(this: ChatSocket): void {
    deadlines.remove(this);
    const s = sessionOf(this);
    if (s) rt.hub.detach(s);
  }
  function onError(this: ChatSocket, err: Error): void {
    app.log.warn({ err }, 'chat socket error');
    this.terminate();
  }

  return {
    /**
     * A new socket. With a token in Sec-WebSocket-Protocol it is authenticated at once; otherwise its first frame
     * must be `login` within CHAT_LOGIN_TIMEOUT_MS. Frames that arrive while the token is checked wait their turn.
     */
    accept(ws: ChatSocket, resource: string, protocolToken: string | null): void {
      releaseUpgrade(ws);
      const pending: Pending = { authenticating: false, early: null };
      ws[STATE] = pending;
      ws.on('message', onMessage);
      ws.on('pong', onPong);
      ws.on('close', onClose);
      ws.on('error', onError);
      deadlines.add(ws);
      if (protocolToken) {
        if (!(CHAT_RESOURCES as readonly string[]).includes(resource))
          return refuse(ws, 400, CHAT_TEXTS.badFrame, 1008);
        void authenticate(ws, pending, protocolToken, resource as ChatResource);
      }
    },
  };
}

/**
 * Lets go of the HTTP upgrade, which an open socket needs no more (issue 13: about 3 KiB of every idle
 * connection). @fastify/websocket leaves the upgrade's ServerResponse on the TCP socket (`_httpMessage`: the
 * IncomingMessage with its headers, and the headers the app's hooks set for an answer that is never sent) and
 * gives the socket an `error` listener that closes over the Fastify request and reply for the socket's whole
 * life. The response is detached from the TCP socket (as Node's own upgrade path leaves a socket) and that
 * listener removed: the chat's own `error` listener logs and terminates the socket, as the plugin's did.
 * Nothing is lost: a hijacked upgrade's response never finishes, so no onResponse hook or log line waited on it.
 */
function releaseUpgrade(ws: WebSocket): void {
  const tcp = (ws as unknown as { _socket?: Socket & { _httpMessage?: ServerResponse | null } })._socket;
  const res = tcp?._httpMessage;
  if (tcp && res) res.detachSocket(tcp);
  ws.removeAllListeners('error');
}

/**
 * The sockets still waiting for their `login` frame, in arrival order with their deadlines. Every socket gets the
 * same time, so the first is always the next due: one timer, set for the first deadline, serves them all, and
 * there is none while no socket waits.
 */
class LoginDeadlines {
  private readonly due = new Map<WebSocket, number>();
  private timer: NodeJS.Timeout | null = null;
  private readonly expire: (ws: WebSocket) => void;

  constructor(expire: (ws: WebSocket) => void) {
    this.expire = expire;
  }

  add(ws: WebSocket): void {
    this.due.set(ws, Date.now() + CHAT_LOGIN_TIMEOUT_MS);
    this.arm();
  }

  remove(ws: WebSocket): void {
    this.due.delete(ws);
    if (this.due.size === 0 && this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
  }

  private arm(): void {
    if (this.timer) return;
    const first = this.due.values().next();
    if (first.done) return;
    this.timer = setTimeout(() => this.sweep(), Math.max(0, first.value - Date.now()));
    this.timer.unref();
  }

  private sweep(): void {
    this.timer = null;
    const now = Date.now();
    for (const [ws, at] of this.due) {
      if (at > now) break;
      this.due.delete(ws);
      this.expire(ws);
    }
    this.arm();
  }
}

function parseJson(raw: RawData): unknown {
  try {
    return JSON.parse(
      Buffer.isBuffer(raw)
        ? raw.toString('utf8')
        : Array.isArray(raw)
          ? Buffer.concat(raw).toString('utf8')
          : Buffer.from(raw).toString('utf8'),
    );
  } catch {
    return undefined;
  }
}

/** What a pipelined frame's failure does: logged, and the socket is told (as handleFrame's own catch does). */
const frameFailed = (rt: ChatRuntime, s: ChatSession) => (err: unknown) => {
  rt.log.error({ err }, 'chat frame failed');
  s.send({ kind: 'error', status: 500, msg: MESSAGES.defaultError });
};

/** One frame of an authenticated socket. A refusal answers with an error frame; the socket stays open. */
async function handleFrame(rt: ChatRuntime, s: ChatSession, raw: RawData): Promise<void> {
  if (s.closed) return;
  const json = parseJson(raw);
  const webId = (json as { messageIdWeb?: unknown } | undefined)?.messageIdWeb;
  const messageIdWeb = typeof webId === 'string' ? webId.slice(0, 64) : undefined;
  const parsed = ClientFrame.safeParse(json);
  // The user's sending limit (ADR 0068): messages from one bucket, every other frame, understood or not, from the
  // other. A frame over it is refused before any work: nothing is stored, the socket stays open; a socket that
  // goes on regardless is closed. An acknowledgement of a position delivered and not yet acknowledged is free: a
  // client may acknowledge every message it gets, and there are no more of those than deliveries.
  const acked = parsed.success && parsed.data.kind === 'ack' ? Math.min(parsed.data.seq, s.nextSeq - 1) : 0;
  const budget = acked > s.acked ? null : rt.hub.budgetOf(s);
  if (!budget) s.acked = acked;
  else if (!(parsed.success && parsed.data.kind === 'message' ? budget.messages : budget.others).take()) {
    s.send({ kind: 'error', status: 429, msg: CHAT_TEXTS.tooFast, ...(messageIdWeb ? { messageIdWeb } : {}) });
    if (!s.refused()) {
      rt.log.warn({ userId: s.userId, resource: s.resource }, 'chat socket closed: kept sending after refusals');
      s.close(CHAT_CLOSE_TOO_FAST, 'too fast');
    }
    return;
  }
  if (!parsed.success) {
    const kind = (json as { kind?: unknown } | undefined)?.kind;
    // Not JSON, or JSON of a known kind that is malformed: 消息格式不正确; only a well-formed frame of an unknown kind
    // is 不支持的消息类型.
    const known =
      json === undefined ||
      json === null ||
      typeof json !== 'object' ||
      ['login', 'presence', 'message', 'ack', 'read', 'sync', 'probe', 'ping'].includes(String(kind));
    s.send({
      kind: 'error',
      status: 400,
      msg: known ? CHAT_TEXTS.badFrame : CHAT_TEXTS.unknownType,
      ...(messageIdWeb ? { messageIdWeb } : {}),
    });
    return;
  }
  const frame = parsed.data;
  // Other frames than these see the effect of every acknowledgement and read marker before them (a ping's pong
  // says everything sent before it was handled, as without pipelining).
  if (frame.kind !== 'ack' && frame.kind !== 'read' && frame.kind !== 'message') await s.pipelined();
  try {
    switch (frame.kind) {
      case 'login':
        s.send({ kind: 'error', status: 400, msg: CHAT_TEXTS.badFrame });
        return;
      case 'presence':
        s.status = frame.status;
        rt.bus.publish({
          t: 'transient',
          tenantId: s.tenantId,
          userIds: [s.userId],
          frame: { kind: 'presence', userId: s.userId, resource: s.resource, status: frame.status },
          exceptConn: s.connId,
        });
        return;
      case 'message':
        for (const f of await chat.sendFromSocket(rt, s, frame)) s.send(f);
        return;
      case 'ack':
        // Queued for the next group commit at once, in arrival order; the socket's next frames need not wait for
        // that commit (a bounded number of them in flight per socket). Receipt 26 follows the commit.
        await s.pipeline(() => chat.ackFromSocket(rt, s, frame.seq), frameFailed(rt, s));
        return;
      case 'read':
        await s.pipeline(
          async () => {
            await chat.markConversationRead(rt, s.ctx, frame.peerId, s.connId);
          },
          frameFailed(rt, s),
        );
        return;
      case 'sync':
        await s.queueOut(async () => {
          await rt.hub.replay(s, null);
          s.send({ kind: 'synced', seq: s.nextSeq - 1 });
        });
        return;
      case 'probe': {
        const online = await rt.presence.resources(s.tenantId, frame.userIds);
        s.send({
          kind: 'probe-result',
          users: frame.userIds.map((userId) => ({ userId, resources: online.get(userId) ?? [] })),
        });
        return;
      }
      case 'ping':
        s.send({ kind: 'pong', ...(frame.id ? { id: frame.id } : {}), serverTime: new Date().toISOString() });
        return;
    }
  } catch (err) {
    if (err instanceof FrameError) {
      s.send({ kind: 'error', status: err.status, msg: err.message, ...(messageIdWeb ? { messageIdWeb } : {}) });
      return;
    }
    rt.log.error({ err }, 'chat frame failed');
    s.send({ kind: 'error', status: 500, msg: MESSAGES.defaultError, ...(messageIdWeb ? { messageIdWeb } : {}) });
  }
}

import {
  CHAT_PROTOCOL,
  CHAT_TOKEN_PROTOCOL_PREFIX,
  ServerFrame,
  type ClientFrame,
  type ChatResource,
} from '@portal/contracts/chat';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { WebSocket } from 'ws';
import type { Db } from '../../db/create-db.ts';
import { DEMO_PASSWORD } from '../../db/seed/demo.ts';
import { hashPassword } from '../../platform/crypto.ts';

/** The base ws:// URL of an app listening on 127.0.0.1 (or the given base URL, e.g. of a node in a child process). */
export function wsBase(app: FastifyInstance | string): string {
  if (typeof app === 'string') return app;
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('app is not listening');
  return `ws://127.0.0.1:${address.port}`;
}

type Waiter = {
  match: (f: ServerFrame) => boolean;
  resolve: (f: ServerFrame) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
};

/**
 * A real WebSocket chat client for tests: every frame is parsed with the contract (an unknown frame fails the
 * test), kept in order, and can be awaited. With autoAck it acknowledges each stored message like the web client.
 */
export class TestChatClient {
  readonly ws: WebSocket;
  readonly frames: ServerFrame[] = [];
  private unread: ServerFrame[] = [];
  private waiters: Waiter[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  autoAck: boolean;

  private constructor(ws: WebSocket, autoAck: boolean) {
    this.ws = ws;
    this.autoAck = autoAck;
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    ws.on('message', (raw) => {
      const frame = ServerFrame.parse(JSON.parse(raw.toString()));
      this.frames.push(frame);
      if (this.autoAck && frame.kind === 'message' && frame.seq !== null) this.send({ kind: 'ack', seq: frame.seq });
      const w = this.waiters.find((x) => x.match(frame));
      if (w) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        clearTimeout(w.timer);
        w.resolve(frame);
      } else this.unread.push(frame);
    });
  }

  /**
   * Connects; with a token the socket authenticates by the Sec-WebSocket-Protocol header (or by a first `login`
   * frame with viaFrame) and the promise resolves once offline replay ended (`synced`). Without a token it
   * resolves on open. `origin` sends an Origin header as a browser page would.
   */
  static async connect(
    app: FastifyInstance | string,
    opts: {
      token?: string;
      resource?: ChatResource;
      viaFrame?: boolean;
      autoAck?: boolean;
      waitSynced?: boolean;
      origin?: string;
    } = {},
  ): Promise<TestChatClient> {
    const { token, resource = 'pc', viaFrame = false, autoAck = true, waitSynced = true, origin } = opts;
    const protocols = token && !viaFrame ? [CHAT_PROTOCOL, `${CHAT_TOKEN_PROTOCOL_PREFIX}${token}`] : [];
    const ws = new WebSocket(`${wsBase(app)}/api/chat/ws?resource=${resource}`, protocols, origin ? { origin } : {});
    const client = new TestChatClient(ws, autoAck);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    if (token && viaFrame) client.send({ kind: 'login', token, resource });
    if (token && waitSynced) await client.next((f) => f.kind === 'synced');
    return client;
  }

  /** Opens a socket and resolves with how the upgrade went: the HTTP status of a refusal, or 101 when it opened. */
  static attempt(
    app: FastifyInstance,
    path: string,
    opts: { protocols?: string[]; origin?: string } = {},
  ): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(
        `${wsBase(app)}${path}`,
        opts.protocols ?? [],
        opts.origin ? { origin: opts.origin } : {},
      );
      ws.once('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      ws.once('open', () => {
        ws.close();
        resolve({ status: 101, body: '' });
      });
      ws.once('error', (err) => {
        if (!/Unexpected server response/.test(String(err))) reject(err);
      });
    });
  }

  send(frame: ClientFrame | Record<string, unknown>): void {
    this.ws.send(JSON.stringify(frame));
  }

  /** Sends a message frame; returns its messageIdWeb. */
  say(toUserId: string, content: string, extra: Record<string, unknown> = {}): string {
    const messageIdWeb = (extra.messageIdWeb as string | undefined) ?? randomUUID();
    this.send({ kind: 'message', messageIdWeb, toUserId, toUserType: 1, type: 1, content, ...extra });
    return messageIdWeb;
  }

  /** The first not yet taken frame that matches, now or within the time limit. */
  next(match: (f: ServerFrame) => boolean, timeoutMs = 5000): Promise<ServerFrame> {
    const i = this.unread.findIndex(match);
    if (i >= 0) return Promise.resolve(this.unread.splice(i, 1)[0]!);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w.timer !== timer);
        reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames.slice(-5))}`));
      }, timeoutMs);
      this.waiters.push({ match, resolve, reject, timer });
    });
  }

  /** The stored-message frames received so far (each message frame with a seq). */
  messages() {
    return this.frames.flatMap((f) => (f.kind === 'message' && f.seq !== null ? [f] : []));
  }

  /** A round trip: everything the server sent before the pong has arrived. */
  async roundTrip(): Promise<void> {
    const id = randomUUID();
    this.send({ kind: 'ping', id });
    await this.next((f) => f.kind === 'pong' && f.id === id);
  }

  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) this.ws.close();
    await this.closed;
  }
}

export const receiptOf = (type: number, messageIdWeb: string) => (f: ServerFrame) =>
  f.kind === 'receipt' && f.type === type && f.messageIdWeb === messageIdWeb;
export const messageOf = (pred: (content: string, type: number) => boolean) => (f: ServerFrame) =>
  f.kind === 'message' && f.seq !== null && pred(f.message.content, f.message.type);

/** A second tenant with one user (password DEMO_PASSWORD), for isolation tests. */
export async function seedOtherTenant(
  db: Db,
  tenantId = '100001',
): Promise<{ tenantId: string; userId: string; account: string }> {
  const now = new Date().toISOString();
  const userId = `${tenantId}-u1`;
  await db
    .insertInto('tenants')
    .values({ tenant_id: tenantId, tenant_name: '另一所大学', status: 1, created_at: now })
    .execute();
  await db
    .insertInto('roles')
    .values({
      id: `${tenantId}-student`,
      tenant_id: tenantId,
      role_name: '学生',
      role_alias: 'student',
      role_type: 'student',
      sort: 1,
    })
    .execute();
  await db
    .insertInto('users')
    .values({
      id: userId,
      tenant_id: tenantId,
      account: 'student01',
      user_name: '王同学',
      nick_name: '王同学',
      password_hash: await hashPassword(DEMO_PASSWORD),
      role_id: `${tenantId}-student`,
      is_demo: 1,
      status: 1,
      created_at: now,
    })
    .execute();
  return { tenantId, userId, account: 'student01' };
}

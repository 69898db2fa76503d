import type { ChatMessage, ChatResource, ServerFrame } from '@portal/contracts/chat';
import { Redis } from 'ioredis';

/**
 * Fan-out between server processes. Every process publishes what its users send and delivers what
 * reaches it to its own sockets. Without REDIS_URL an in-process emitter; with it Redis pub/sub on one
 * channel per database (processes sharing a database share the channel, others never cross-talk).
 */
export type BusEvent =
  /** Stored messages: each target user gets the message at the given mailbox position. */
  | { t: 'deliver'; tenantId: string; targets: Array<[userId: string, seq: number]>; message: ChatMessage; originConn: string | null }
  /** Frames that are not stored (receipts, input state, presence, read notices). */
  | { t: 'transient'; tenantId: string; userIds: string[]; frame: ServerFrame; exceptConn: string | null }
  /** A newer login of the same kind: every other session of that kind of that user ends with a conflict frame. */
  | { t: 'kick'; tenantId: string; userId: string; resource: ChatResource; keepConn: string }
  /** A portal session ended (logout): every socket it opened closes at once, on every process. */
  | { t: 'endSession'; tenantId: string; userId: string; sessionId: string };

export type BusHandler = (event: BusEvent) => void;

export interface ChatBus {
  publish(event: BusEvent): void;
  subscribe(handler: BusHandler): void;
  close(): Promise<void>;
}

/** In-process: handlers run synchronously, in publish order. */
export function localBus(): ChatBus {
  const handlers: BusHandler[] = [];
  return {
    publish: (event) => {
      for (const h of handlers) h(event);
    },
    subscribe: (h) => void handlers.push(h),
    close: async () => void (handlers.length = 0),
  };
}

type Envelope = { o: string; e: BusEvent };

/**
 * Redis pub/sub. Local handlers run at once (a user's own process needs no round trip); the event also
 * goes to Redis, and a process ignores the copy it published itself.
 */
export async function redisBus(url: string, channel: string, instanceId: string, onError: (err: unknown) => void): Promise<ChatBus> {
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, connectTimeout: 5000 });
  const sub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, connectTimeout: 5000 });
  pub.on('error', onError);
  sub.on('error', onError);
  await Promise.all([pub.connect(), sub.connect()]);
  const handlers: BusHandler[] = [];
  sub.on('message', (ch: string, raw: string) => {
    if (ch !== channel) return;
    let env: Envelope;
    try {
      env = JSON.parse(raw) as Envelope;
    } catch (err) {
      onError(err);
      return;
    }
    if (env.o === instanceId) return;
    for (const h of handlers) h(env.e);
  });
  await sub.subscribe(channel);
  return {
    publish: (event) => {
      for (const h of handlers) h(event);
      pub.publish(channel, JSON.stringify({ o: instanceId, e: event } satisfies Envelope)).catch(onError);
    },
    subscribe: (h) => void handlers.push(h),
    close: async () => {
      handlers.length = 0;
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}

/**
 * Which devices of a user are online, across processes. In process a map; with Redis a hash per user
 * (field connection id, value "resource|expiresAt"), refreshed by each process for its own sockets, so a
 * process that dies stops counting after PRESENCE_TTL_MS.
 */
export interface PresenceRegistry {
  add(tenantId: string, userId: string, connId: string, resource: ChatResource): Promise<void>;
  remove(tenantId: string, userId: string, connId: string): Promise<void>;
  resources(tenantId: string, userIds: string[]): Promise<Map<string, ChatResource[]>>;
  /** Re-announces the given local connections (called on the heartbeat). */
  refresh(entries: Array<{ tenantId: string; userId: string; connId: string; resource: ChatResource }>): Promise<void>;
  close(): Promise<void>;
}

export const PRESENCE_TTL_MS = 90_000;

export function localPresence(): PresenceRegistry {
  const online = new Map<string, Map<string, ChatResource>>();
  const key = (t: string, u: string) => `${t}\u0000${u}`;
  return {
    add: async (t, u, c, r) => {
      const m = online.get(key(t, u)) ?? new Map<string, ChatResource>();
      m.set(c, r);
      online.set(key(t, u), m);
    },
    remove: async (t, u, c) => {
      const m = online.get(key(t, u));
      m?.delete(c);
      if (m && m.size === 0) online.delete(key(t, u));
    },
    resources: async (t, userIds) => new Map(userIds.map((u) => [u, uniq([...(online.get(key(t, u))?.values() ?? [])])])),
    refresh: async () => {},
    close: async () => online.clear(),
  };
}

export async function redisPresence(url: string, prefix: string, onError: (err: unknown) => void): Promise<PresenceRegistry> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, connectTimeout: 5000 });
  redis.on('error', onError);
  await redis.connect();
  const key = (t: string, u: string) => `${prefix}:online:${t}:${u}`;
  const put = (entries: Array<{ tenantId: string; userId: string; connId: string; resource: ChatResource }>) => {
    if (entries.length === 0) return Promise.resolve();
    const expires = Date.now() + PRESENCE_TTL_MS;
    const p = redis.pipeline();
    for (const e of entries) {
      p.hset(key(e.tenantId, e.userId), e.connId, `${e.resource}|${expires}`);
      p.pexpire(key(e.tenantId, e.userId), PRESENCE_TTL_MS);
    }
    return p.exec().then(() => undefined);
  };
  return {
    add: (tenantId, userId, connId, resource) => put([{ tenantId, userId, connId, resource }]),
    remove: async (t, u, c) => void (await redis.hdel(key(t, u), c)),
    resources: async (t, userIds) => {
      const p = redis.pipeline();
      for (const u of userIds) p.hgetall(key(t, u));
      const results = (await p.exec()) ?? [];
      const now = Date.now();
      const out = new Map<string, ChatResource[]>();
      userIds.forEach((u, i) => {
        const fields = (results[i]?.[1] ?? {}) as Record<string, string>;
        const live = Object.values(fields)
          .map((v) => v.split('|'))
          .filter(([, exp]) => Number(exp) > now)
          .map(([r]) => r as ChatResource);
        out.set(u, uniq(live));
      });
      return out;
    },
    refresh: put,
    close: async () => void (await redis.quit().catch(() => undefined)),
  };
}

const uniq = <T>(xs: T[]) => [...new Set(xs)];

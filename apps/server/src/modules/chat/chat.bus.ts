import type { ChatMessage, ChatResource, ServerFrame } from '@portal/contracts/chat';
import { Redis } from 'ioredis';
import { ByUser } from './chat.by-user.ts';

/**
 * Fan-out between server processes. Every process publishes what its users send and delivers what
 * reaches it to its own sockets. Without REDIS_URL an in-process emitter; with it Redis pub/sub on one
 * channel per database (processes sharing a database share the channel, others never cross-talk).
 */
export type BusEvent =
  /** Stored messages: each target user gets the message at the given mailbox position. */
  | {
      t: 'deliver';
      tenantId: string;
      targets: Array<[userId: string, seq: number]>;
      message: ChatMessage;
      originConn: string | null;
    }
  /** Frames that are not stored (receipts, input state, presence, read notices). */
  | { t: 'transient'; tenantId: string; userIds: string[]; frame: ServerFrame; exceptConn: string | null }
  /** A frame for every socket of a tenant (its configuration changed). */
  | { t: 'tenant'; tenantId: string; frame: ServerFrame }
  /** A newer login of the same kind: every other session of that kind of that user ends with a conflict frame. */
  | { t: 'kick'; tenantId: string; userId: string; resource: ChatResource; keepConn: string }
  /** A portal session ended (logout): every socket it opened closes at once, on every process. */
  | { t: 'endSession'; tenantId: string; userId: string; sessionId: string }
  /** A process could not publish some events (Redis was away too long): every process replays its sockets' mailboxes. */
  | { t: 'resync' };

export type BusHandler = (event: BusEvent) => void;

export interface ChatBus {
  publish(event: BusEvent): void;
  subscribe(handler: BusHandler): void;
  /**
   * Called when events from other processes may have been missed: the subscription connection came back after
   * a drop and is subscribed again. What was stored meanwhile is in the mailboxes; the handler replays them.
   */
  onResync(handler: () => void): void;
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
    onResync: () => {},
    close: async () => void (handlers.length = 0),
  };
}

type Envelope = { o: string; e: BusEvent };

/**
 * Redis pub/sub. Local handlers run at once (a user's own process needs no round trip); the event also
 * goes to Redis, and a process ignores the copy it published itself.
 *
 * Pub/sub delivers at most once: what is published while a subscriber's connection is down never reaches it.
 * So when the subscription connection is ready again after a drop, it subscribes again and, once Redis has
 * confirmed the subscription, the resync handlers run (the hub replays each socket's mailbox from the database:
 * everything stored before the confirmation is there, everything after comes through the channel, and the
 * mailbox position keeps the two from overlapping). A publish that failed (Redis away longer than the offline
 * queue waits) is followed, once the publishing connection is back, by a `resync` event to every process.
 */
export async function redisBus(
  url: string,
  channel: string,
  instanceId: string,
  onError: (err: unknown) => void,
): Promise<ChatBus> {
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, connectTimeout: 5000 });
  // Resubscribing is ours (below), so that the resync runs after Redis has confirmed the subscription.
  const sub = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 2,
    connectTimeout: 5000,
    autoResubscribe: false,
  });
  pub.on('error', onError);
  sub.on('error', onError);
  await Promise.all([pub.connect(), sub.connect()]);
  const handlers: BusHandler[] = [];
  const resyncHandlers: Array<() => void> = [];
  let closed = false;
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
  // Every later 'ready' is a reconnect: whatever was published in between was lost for this process.
  sub.on('ready', () => {
    if (closed) return;
    sub.subscribe(channel).then(
      () => {
        if (closed) return;
        for (const h of resyncHandlers) h();
      },
      // The connection dropped again before the subscription: the next 'ready' tries again.
      onError,
    );
  });

  const send = (event: BusEvent) =>
    pub.publish(channel, JSON.stringify({ o: instanceId, e: event } satisfies Envelope));
  let lostPublish = false;
  const announceResync = () => {
    lostPublish = false;
    send({ t: 'resync' }).catch((err) => {
      lostPublish = true;
      onError(err);
    });
  };
  pub.on('ready', () => {
    if (lostPublish && !closed) announceResync();
  });

  return {
    publish: (event) => {
      for (const h of handlers) h(event);
      send(event).catch((err) => {
        onError(err);
        if (closed) return;
        // Other processes missed this event: once publishing works again, they replay their mailboxes.
        if (pub.status === 'ready') announceResync();
        else lostPublish = true;
      });
    },
    subscribe: (h) => void handlers.push(h),
    onResync: (h) => void resyncHandlers.push(h),
    close: async () => {
      closed = true;
      handlers.length = 0;
      resyncHandlers.length = 0;
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}

// ---------------------------------------------------------------- presence

/** One socket in the presence registry. */
export type PresenceEntry = { tenantId: string; userId: string; connId: string; resource: ChatResource };

/** What the registry tells the hub about entries it did not add or remove itself. */
export type PresenceHooks = {
  /** This node's sockets now (re-announced when the registry finds it was reaped while alive). */
  localEntries: () => PresenceEntry[];
  /** Entries of a node that stopped heartbeating, removed by this node (each exactly once across the cluster). */
  onReaped: (gone: PresenceEntry[]) => void;
  /** This node's entries were reaped (it stalled past the TTL, or Redis lost them) and are announced again. */
  onRevived: (back: PresenceEntry[]) => void;
};

/**
 * Which devices of a user are online, across processes. In process a map. With Redis, every entry records the
 * node (process) that holds the connection, and every node heartbeats a key of its own with a TTL: a node that
 * stops (killed, frozen, cut off) is noticed by the first other node whose heartbeat finds its key gone, which
 * removes its entries and has the users' other devices told, as when a socket closes.
 */
export interface PresenceRegistry {
  /** The node name recorded in this registry's entries. */
  readonly nodeId: string;
  add(tenantId: string, userId: string, connId: string, resource: ChatResource): Promise<void>;
  remove(tenantId: string, userId: string, connId: string): Promise<void>;
  resources(tenantId: string, userIds: string[]): Promise<Map<string, ChatResource[]>>;
  /** Re-announces the given local connections (called on the socket heartbeat). */
  refresh(entries: PresenceEntry[]): Promise<void>;
  /** Starts the node heartbeat (and the watch over the other nodes). */
  start(hooks: PresenceHooks): void;
  /** Graceful leave: stops the heartbeat and removes this node's entries and key; no one is told. */
  leave(): Promise<void>;
  close(): Promise<void>;
}

/** A node refreshes its key this often... */
export const PRESENCE_HEARTBEAT_MS = 3_000;
/** ...and the key lives this long: a node silent for PRESENCE_TTL_MS is dead. */
export const PRESENCE_TTL_MS = 10_000;
/**
 * The bound on how long users of a dead node still show online: its key expires at most PRESENCE_TTL_MS after
 * its last heartbeat, and every other node looks at the keys every PRESENCE_HEARTBEAT_MS. 13 s, under the 15 s
 * the operators were promised.
 */
export const PRESENCE_OFFLINE_WITHIN_MS = PRESENCE_TTL_MS + PRESENCE_HEARTBEAT_MS;
/** A user's hash of entries expires when no node refreshed it for this long (a safety net; the reaper removes dead entries). */
export const PRESENCE_ENTRY_TTL_MS = 120_000;
/** How long a node's claim on reaping a dead node holds (another node takes over if the reaper dies meanwhile). */
export const PRESENCE_REAP_CLAIM_MS = 30_000;

export type PresenceTimings = { heartbeatMs: number; ttlMs: number };

/** Tests only: presence timings for the chat runtime of the app built with this config object. */
export const presenceTimingsForTests = new WeakMap<object, PresenceTimings>();

export function localPresence(nodeId = 'local'): PresenceRegistry {
  // Per user a small record per socket (no Map per user, no key string per user: issue 13).
  const online = new ByUser<{ connId: string; resource: ChatResource }>();
  return {
    nodeId,
    add: async (t, u, connId, resource) => {
      online.removeWhere(t, u, (e) => e.connId === connId);
      online.add(t, u, { connId, resource });
    },
    remove: async (t, u, c) => {
      online.removeWhere(t, u, (e) => e.connId === c);
    },
    resources: async (t, userIds) => new Map(userIds.map((u) => [u, uniq(online.get(t, u).map((e) => e.resource))])),
    refresh: async () => {},
    start: () => {},
    leave: async () => online.clear(),
    close: async () => online.clear(),
  };
}

/** The Redis presence registry, with sweep() (one heartbeat) exposed for tests. */
export type RedisPresence = PresenceRegistry & { sweep(): Promise<void> };

/**
 * Keys under `prefix`:
 * - `online:{tenant}:{user}` hash: connection id → `resource|node`;
 * - `node:{node}` string with a TTL: the node's heartbeat;
 * - `node:{node}:conns` hash: connection id → [tenant, user, resource], the node's entries (what a reaper removes);
 * - `node:{node}:reaper` string: the claim of the node that reaps a dead one (SET NX);
 * - `nodes` set: every node that registered and was not reaped or left yet.
 */
export async function redisPresence(
  url: string,
  prefix: string,
  nodeId: string,
  onError: (err: unknown) => void,
  timings: PresenceTimings,
): Promise<RedisPresence> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, connectTimeout: 5000 });
  redis.on('error', onError);
  await redis.connect();
  const userKey = (t: string, u: string) => `${prefix}:online:${t}:${u}`;
  const nodeKey = (n: string) => `${prefix}:node:${n}`;
  const connsKey = (n: string) => `${prefix}:node:${n}:conns`;
  const reaperKey = (n: string) => `${prefix}:node:${n}:reaper`;
  const nodesKey = `${prefix}:nodes`;
  let hooks: PresenceHooks | null = null;
  let timer: NodeJS.Timeout | null = null;
  let registered = false;
  let stopped = false;
  let beating: Promise<void> | null = null;
  let watching: Promise<void> | null = null;

  const put = (entries: PresenceEntry[]) => {
    if (entries.length === 0) return Promise.resolve();
    const p = redis.pipeline();
    for (const e of entries) {
      p.hset(userKey(e.tenantId, e.userId), e.connId, `${e.resource}|${nodeId}`);
      p.pexpire(userKey(e.tenantId, e.userId), PRESENCE_ENTRY_TTL_MS);
      p.hset(connsKey(nodeId), e.connId, JSON.stringify([e.tenantId, e.userId, e.resource]));
    }
    return p.exec().then(() => undefined);
  };

  /** Which of these nodes have a live heartbeat (this one always has). */
  const liveNodes = async (nodes: Iterable<string>): Promise<Set<string>> => {
    const others = [...new Set(nodes)].filter((n) => n !== nodeId);
    const live = new Set([nodeId]);
    if (others.length === 0) return live;
    const p = redis.pipeline();
    for (const n of others) p.exists(nodeKey(n));
    const results = (await p.exec()) ?? [];
    others.forEach((n, i) => {
      if (results[i]?.[1] === 1) live.add(n);
    });
    return live;
  };

  const parseEntry = (v: string) => {
    const bar = v.indexOf('|');
    return { resource: v.slice(0, bar) as ChatResource, node: v.slice(bar + 1) };
  };

  /** Removes a dead node's entries, once across the cluster: the claim (SET NX), then HDEL per entry. */
  const reap = async (dead: string): Promise<void> => {
    const claimed = await redis.set(reaperKey(dead), nodeId, 'PX', PRESENCE_REAP_CLAIM_MS, 'NX');
    if (claimed !== 'OK') return;
    // It may have come back between the look and the claim (a stalled process): then it is not dead.
    if ((await redis.exists(nodeKey(dead))) === 1) {
      await redis.del(reaperKey(dead));
      return;
    }
    const raw = await redis.hgetall(connsKey(dead));
    const entries: PresenceEntry[] = [];
    for (const [connId, v] of Object.entries(raw)) {
      try {
        const [tenantId, userId, resource] = JSON.parse(v) as [string, string, ChatResource];
        entries.push({ tenantId, userId, connId, resource });
      } catch (err) {
        onError(err);
      }
    }
    let gone: PresenceEntry[] = [];
    if (entries.length) {
      const p = redis.pipeline();
      for (const e of entries) p.hdel(userKey(e.tenantId, e.userId), e.connId);
      const removed = (await p.exec()) ?? [];
      // HDEL answers 1 to one caller only: each entry is reported once even if two nodes reaped at once.
      gone = entries.filter((_, i) => removed[i]?.[1] === 1);
    }
    // A device that already came back on another node (the same kind, reconnected) is not reported offline.
    if (gone.length) {
      const users = uniq(gone.map((e) => `${e.tenantId}\u0000${e.userId}`));
      const p = redis.pipeline();
      for (const k of users) {
        const [t, u] = k.split('\u0000') as [string, string];
        p.hgetall(userKey(t, u));
      }
      const rows = ((await p.exec()) ?? []).map((r) =>
        Object.values((r?.[1] ?? {}) as Record<string, string>).map(parseEntry),
      );
      const live = await liveNodes(rows.flat().map((e) => e.node));
      const stillOnline = new Set<string>();
      users.forEach((k, i) => {
        for (const e of rows[i] ?? []) if (live.has(e.node)) stillOnline.add(`${k}\u0000${e.resource}`);
      });
      const told = new Set<string>();
      gone = gone.filter((e) => {
        const k = `${e.tenantId}\u0000${e.userId}\u0000${e.resource}`;
        if (stillOnline.has(k) || told.has(k)) return false;
        told.add(k);
        return true;
      });
    }
    await redis.pipeline().del(connsKey(dead)).srem(nodesKey, dead).exec();
    if (gone.length) hooks?.onReaped(gone);
  };

  /** This node's heartbeat: refresh its key; re-announce its entries if it had been reaped. */
  const beat = async (): Promise<void> => {
    if (stopped) return;
    const results =
      (await redis
        .pipeline()
        .set(nodeKey(nodeId), String(Date.now()), 'PX', timings.ttlMs)
        .sadd(nodesKey, nodeId)
        .exec()) ?? [];
    const added = results[1]?.[1] === 1;
    if (added && registered && hooks) {
      // Reaped while alive (stalled past the TTL or cut off from Redis), or Redis lost the keys: back again.
      const back = hooks.localEntries();
      await put(back);
      if (back.length) hooks.onRevived(back);
    }
    registered = true;
  };

  /** The watch over the other nodes: reap those whose key is gone. */
  const watch = async (): Promise<void> => {
    if (stopped) return;
    const members = await redis.smembers(nodesKey);
    const live = await liveNodes(members);
    for (const n of members) if (!live.has(n)) await reap(n);
  };

  const sweep = async (): Promise<void> => {
    await beat();
    await watch();
  };

  // The heartbeat never waits for a slow reap (or this node's key could run out meanwhile); each runs once at a time.
  const tick = () => {
    if (stopped) return;
    beating ??= beat()
      .catch(onError)
      .finally(() => (beating = null));
    watching ??= beating
      .then(watch)
      .catch(onError)
      .finally(() => (watching = null));
  };
  const idle = () => Promise.allSettled([beating, watching]);

  return {
    nodeId,
    add: (tenantId, userId, connId, resource) => put([{ tenantId, userId, connId, resource }]),
    remove: async (t, u, c) => void (await redis.pipeline().hdel(userKey(t, u), c).hdel(connsKey(nodeId), c).exec()),
    resources: async (t, userIds) => {
      const p = redis.pipeline();
      for (const u of userIds) p.hgetall(userKey(t, u));
      const results = (await p.exec()) ?? [];
      const rows = userIds.map((_, i) =>
        Object.values((results[i]?.[1] ?? {}) as Record<string, string>).map(parseEntry),
      );
      // An entry of a node whose heartbeat stopped is not online, even before a reaper removed it.
      const live = await liveNodes(rows.flat().map((e) => e.node));
      return new Map(
        userIds.map((u, i) => [u, uniq((rows[i] ?? []).filter((e) => live.has(e.node)).map((e) => e.resource))]),
      );
    },
    refresh: put,
    start: (h) => {
      hooks = h;
      tick();
      timer = setInterval(tick, timings.heartbeatMs);
      timer.unref();
    },
    leave: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      await idle();
      const raw = await redis.hgetall(connsKey(nodeId));
      const p = redis.pipeline();
      for (const [connId, v] of Object.entries(raw)) {
        try {
          const [t, u] = JSON.parse(v) as [string, string];
          p.hdel(userKey(t, u), connId);
        } catch {
          // not ours to read: dropped with the hash below
        }
      }
      await p.del(connsKey(nodeId)).del(nodeKey(nodeId)).srem(nodesKey, nodeId).exec();
    },
    close: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      await idle();
      await redis.quit().catch(() => undefined);
    },
    sweep,
  };
}

const uniq = <T>(xs: T[]) => [...new Set(xs)];

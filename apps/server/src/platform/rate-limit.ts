import rateLimit, { normalizeIP, type FastifyRateLimitStore, type RateLimitOptions } from '@fastify/rate-limit';
import { MESSAGES } from '@portal/contracts/errors';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { createRequire } from 'node:module';
import type { Config } from '../config.ts';
import { tooMany } from './app-error.ts';

/*
 * How fast one caller may call the write and expensive routes (ADR 0068), with @fastify/rate-limit. Only the routes
 * that say so are limited (`config: { rateLimit: limitOf('upload') }`): the plugin is registered with `global: false`,
 * so the hot read paths (service list, search, landing page, health) gain no work per request.
 *
 * - Who: the signed-in user (tenant and user id) when the call carries a session, else the client address as
 *   Fastify gives it (`request.ip`, which TRUST_PROXY decides; an IPv6 address counts by its /64).
 * - What: each limited route counts on its own, per caller, in a fixed window of one minute. An operator may change
 *   the limit of a kind (RATE_LIMITS=upload=120,signIn=2000; config.ts).
 * - When: in the route's preHandler, after the session is checked (platform/auth.ts) and the body validated, so a
 *   call that a cheap check refuses (401, 403, 400) spends nothing of its caller's allowance.
 * - Over the limit: 429 in the section 8 envelope (MESSAGES.tooManyRequests) with Retry-After in seconds; the
 *   X-RateLimit-* headers go with every answer of a limited route.
 * - Where the counts live: in this process; with REDIS_URL in Redis, so that every node counts the same calls. When
 *   Redis cannot be reached the calls pass unlimited (a limiter must not turn a Redis outage into an outage of the
 *   portal), and the outage is logged once, and its end once.
 */

/** Calls per minute of one limited route that one caller may make, by kind of route. */
export const RATE_LIMITS = {
  /** Uploads: chat files, images, service icons, import spreadsheets (each up to 2 MB to 50 MB). */
  upload: 60,
  /**
   * Export and import jobs, the workbench configuration file's export and import (besides the two jobs a user may
   * have running at once, transfer.jobs.ts).
   */
  job: 30,
  /** Notices to a public account's audience, up to every user of the tenant. */
  notice: 60,
  /** Ratings, comments, feedback on the robot's answers and replies to it. */
  feedback: 20,
  /** Questions to the robot, and passing one on to the administrators. */
  robot: 60,
  /** The robot's suggestions while a question is typed (the web client asks 300 ms after the last key). */
  robotTyping: 120,
  /** Password changes: each one hashes (scrypt), which is meant to be slow. */
  password: 10,
  /** Chat groups created or grown: each one tells every member. */
  chatGroup: 30,
  /** Searching one's chat messages. */
  chatSearch: 60,
  /** A visitor's steps of a sign-in with the identity provider: each may call the provider (per address: generous, for a campus NAT). */
  signIn: 600,
} as const;

export type RateClass = keyof typeof RATE_LIMITS;

/** The window the limits count in. */
export const RATE_WINDOW_MS = 60_000;

/** The limit of a kind of route on this server: the operator's (RATE_LIMITS, config.ts), else the default above. */
export const limitFor = (config: Config, kind: RateClass): number => config.rateLimits?.[kind] ?? RATE_LIMITS[kind];

/**
 * A route's `config.rateLimit`: the limit of its kind, as this server is configured. Each route counts on its own,
 * but for the routes given the same `shared` name, which count together: two ways to one act (a rating with or
 * without a comment; the export by GET and by POST), or the several acts that each tell every member of a chat group.
 */
export const limitOf = (kind: RateClass, shared?: string): RateLimitOptions => ({
  max: (request) => limitFor(request.server.deps.config, kind),
  timeWindow: RATE_WINDOW_MS,
  ...(shared ? { groupId: shared } : {}),
});

/** Whose calls are counted together: the session's user, else the client's address (IPv6 by its /64). */
export function rateKey(request: FastifyRequest): string {
  const ctx = request.ctx;
  return ctx ? `u:${ctx.tenantId}:${ctx.userId}` : `a:${normalizeIP(request.ip)}`;
}

/** Redis keys of the counts: `portal:rate:<METHOD><route>-<who>` (or `portal:rate:<shared>-<who><shared>`), expiring with their window. */
const REDIS_PREFIX = 'portal:rate:';

/**
 * The counts' Redis connection. It queues nothing while Redis is away and gives a command at most a second, so a
 * limited call waits for Redis at most that long; the limiter then lets the call through (skipOnError).
 */
function countsRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 5000,
    commandTimeout: 1000,
  });
  let down = false;
  redis.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log.warn({ err }, 'rate limits: Redis cannot be reached; limited routes are not limited until it is back');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('rate limits: Redis is back; limits apply again');
  });
  return redis;
}

/**
 * @fastify/rate-limit's own stores (no types of their own; the plugin's index requires them the same way). A store's
 * `child` gets the route's merged limit options, with `groupId` and `routeInfo` (the plugin's types say RouteOptions).
 */
type Store = FastifyRateLimitStore & {
  read?(key: string, cb: Parameters<FastifyRateLimitStore['incr']>[1], window: number, max: number): void;
};
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding?: boolean,
  exponentialBackoff?: boolean,
  cache?: number,
) => Store;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
  redis: Redis,
  key: string,
) => Store;

/**
 * The plugin's store, but for the routes that share a count (limitOf's `shared`, given to the plugin as `groupId`):
 * the plugin makes a store of its own for every route (counts in memory, or Redis keys prefixed by the route), so
 * its groupId alone tells routes apart, never joins them. Those routes get one store per name instead.
 */
function sharingStore(redis: Redis | null) {
  return class SharingStore implements Store {
    readonly inner: Store;
    readonly shared = new Map<string, Store>();
    constructor(params: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      this.inner = redis
        ? new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, REDIS_PREFIX)
        : new LocalStore(params.continueExceeding, params.exponentialBackoff);
    }
    incr: Store['incr'] = (...args) => this.inner.incr(...args);
    read: Store['read'] = (...args) => this.inner.read?.(...args);
    child(routeOptions: ChildOptions): Store {
      const {
        groupId: name,
        continueExceeding,
        exponentialBackoff,
      } = routeOptions as {
        groupId?: string;
        continueExceeding?: boolean;
        exponentialBackoff?: boolean;
      };
      if (!name) return this.inner.child(routeOptions);
      let store = this.shared.get(name);
      if (!store) {
        store = redis
          ? new RedisStore(continueExceeding, exponentialBackoff, redis, `${REDIS_PREFIX}${name}-`)
          : new LocalStore(continueExceeding, exponentialBackoff);
        this.shared.set(name, store);
      }
      return store;
    }
  };
}

/** Registers the limiter; before the modules, whose limited routes it sees as they are added. */
export async function registerRateLimit(app: FastifyInstance, config: Config): Promise<void> {
  const redis = config.redisUrl ? countsRedis(config.redisUrl, app.log) : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    keyGenerator: rateKey,
    skipOnError: true,
    store: sharingStore(redis),
    // Thrown, so the one error handler answers with the envelope (platform/errors.ts); Retry-After is already set.
    errorResponseBuilder: (_request, context) =>
      tooMany(
        MESSAGES.tooManyRequests,
        `at most ${context.max} calls a minute; retry after ${Math.max(1, Math.ceil(context.ttl / 1000))} s`,
      ),
  });
}

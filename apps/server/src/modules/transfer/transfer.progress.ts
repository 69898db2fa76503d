import { Redis } from 'ioredis';

/**
 * Where a running job's counters live between its start and its end. The database always holds the job
 * (scope, status, files, heartbeat); with REDIS_URL the counters written every 250 ms go to a Redis hash
 * instead of the job row, keyed by tenant, user and job, so several nodes see the same progress cheaply.
 */
export type Counters = {
  total: number;
  finish: number;
  inserted: number;
  updated: number;
  skipped: number;
  failed: number;
};
export type ProgressMirror = {
  save(tenantId: string, userId: string, id: string, c: Counters): Promise<void>;
  load(tenantId: string, userId: string, id: string): Promise<Counters | null>;
  close(): Promise<void>;
};

/** How long a job's counters stay in Redis after the last write. */
const PROGRESS_TTL_SECONDS = 24 * 3600;

export function redisProgress(url: string, prefix = 'portal:transfer'): ProgressMirror {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, connectTimeout: 5000 });
  const key = (tenantId: string, userId: string, id: string) => `${prefix}:${tenantId}:${userId}:${id}`;
  return {
    async save(tenantId, userId, id, c) {
      const k = key(tenantId, userId, id);
      await redis
        .multi()
        .hset(k, { ...c })
        .expire(k, PROGRESS_TTL_SECONDS)
        .exec();
    },
    async load(tenantId, userId, id) {
      const h = await redis.hgetall(key(tenantId, userId, id));
      if (!h.total) return null;
      const n = (v: string | undefined) => Number(v ?? 0);
      return {
        total: n(h.total),
        finish: n(h.finish),
        inserted: n(h.inserted),
        updated: n(h.updated),
        skipped: n(h.skipped),
        failed: n(h.failed),
      };
    },
    close: async () => void (await redis.quit().catch(() => undefined)),
  };
}

import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { DbHandle } from '../db/create-db.ts';
import { pendingMigrations } from '../db/migrate.ts';
import type { Config } from '../config.ts';
import type { Drain } from './drain.ts';
import { fail, ok } from './envelope.ts';
import { operatorTokenCheck } from './metrics.ts';

/** How long one readiness check may wait on the database or Redis before the node counts as not ready. */
const CHECK_TIMEOUT_MS = 2000;

const within = <T>(ms: number, work: Promise<T>, what: string): Promise<T> =>
  Promise.race([
    work,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms).unref()),
  ]);

/**
 * The load balancer's two questions (README, "Running on several nodes"):
 * - `GET /api/health` — liveness: the process answers. It does not touch the database, so a database outage
 *   does not make a balancer restart every node at once.
 * - `GET /api/ready` — readiness: the database answers, Redis answers (when REDIS_URL is set) and the database
 *   has run every migration this code knows. 503 with the failing checks otherwise, and from the moment the node
 *   starts shutting down (platform/drain.ts: it still answers every other call while it drains), so a balancer that
 *   checks readiness stops sending.
 *
 * A balancer needs only the status code. What the node is (engine, NODE_ID, cluster) and why it is not ready (the
 * failing checks' errors, which name hosts and ports) is for the operator: only a call sending
 * `Authorization: Bearer <METRICS_TOKEN>` gets it (ADR 0067, addendum); anyone else gets the status and the message,
 * with a null result. Without METRICS_TOKEN nobody does.
 */
export function registerHealth(app: FastifyInstance, config: Config, db: DbHandle, drain?: Drain): void {
  let redis: Redis | null = null;
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: CHECK_TIMEOUT_MS,
    });
    // A failed readiness check reports the error; the connection's own error events would only repeat it.
    redis.on('error', () => undefined);
  }
  app.addHook('onClose', async () => {
    if (redis) await redis.quit().catch(() => redis?.disconnect());
  });

  const meta = { engine: db.engine, node: config.nodeId ?? null, cluster: Boolean(config.cluster) };
  const isOperator = operatorTokenCheck(config.metricsToken);
  app.get(
    '/api/health',
    { config: { access: 'public' }, schema: { tags: ['platform'], summary: 'Liveness: the process answers' } },
    async (request) => ok(isOperator(request.headers.authorization) ? meta : null),
  );

  app.get(
    '/api/ready',
    {
      config: { access: 'public' },
      schema: { tags: ['platform'], summary: 'Readiness: database, Redis and migrations' },
    },
    async (request, reply) => {
      const operator = isOperator(request.headers.authorization);
      const problems: string[] = [];
      if (drain?.draining) return reply.status(503).send(fail(503, '服务暂不可用，请稍后再试', 'shutting down'));
      await within(
        CHECK_TIMEOUT_MS,
        db.db.selectFrom('tenants').select('tenant_id').limit(1).execute(),
        'database',
      ).catch((err: Error) => problems.push(`database: ${err.message}`));
      if (problems.length === 0) {
        const pending = await within(CHECK_TIMEOUT_MS, pendingMigrations(db.db), 'migrations').catch((err: Error) => [
          `? (${err.message})`,
        ]);
        if (pending.length) problems.push(`migrations not run: ${pending.join(', ')}`);
      }
      if (redis) {
        const r = redis;
        const ping = async () => {
          if (r.status === 'wait' || r.status === 'end') await r.connect();
          return r.ping();
        };
        await within(CHECK_TIMEOUT_MS, ping(), 'redis').catch((err: Error) => problems.push(`redis: ${err.message}`));
      }
      if (problems.length)
        return reply
          .status(503)
          .send(fail(503, '服务暂不可用，请稍后再试', operator ? problems.join('; ') : undefined));
      return ok(operator ? { ...meta, database: 'ok', redis: redis ? 'ok' : 'not used', migrations: 'current' } : null);
    },
  );
}

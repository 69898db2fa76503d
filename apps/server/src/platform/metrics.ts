import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DbHandle } from '../db/create-db.ts';
import type { Config } from '../config.ts';

/**
 * What a node tells Prometheus (`GET /api/metrics`, text format), for operators (docs/operations.md, ADR 0067):
 * answers per route and status class and their durations, open chat sockets and chat commits, the PostgreSQL
 * pool, and the process's own figures (CPU, memory, event-loop delay, garbage collection) from prom-client.
 *
 * Off unless METRICS_TOKEN is set; then only a scrape with `Authorization: Bearer <METRICS_TOKEN>` is answered, and
 * anything else gets the 404 of a route that does not exist. Off, it costs a request nothing; on, an onResponse hook
 * with one Map look-up and two additions per answer.
 */
export type Metrics = {
  readonly registry: Registry;
  /** A value read when Prometheus scrapes (open sockets, pool sizes). */
  gauge(name: string, help: string, read: () => number): void;
  /** A running total kept elsewhere (a module's own count), read when Prometheus scrapes. */
  total(name: string, help: string, read: () => number): void;
  /** One answer: its method, route pattern (null when no route matched), status and duration. */
  observeRequest(method: string, route: string | null, status: number, seconds: number): void;
};

/** Upper bounds (seconds) of the answer-duration buckets: a cheap call is well under 5 ms, a slow one over 1 s. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;

/** The node's metrics, counting every answer of `app` from now on. */
export function createMetrics(app: FastifyInstance, config: Config, db: DbHandle): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ node: config.nodeId ?? 'node' });
  collectDefaultMetrics({ register: registry, prefix: 'portal_' });
  new Gauge({
    name: 'portal_build_info',
    help: 'This node: its version and database engine (always 1).',
    labelNames: ['version', 'engine'],
    registers: [registry],
  })
    .labels(process.env.npm_package_version ?? '0.1.0', db.engine)
    .set(1);
  const answers = new Counter({
    name: 'portal_http_requests_total',
    help: 'Answers by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time from the request to its answer, by status class.',
    labelNames: ['status'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  // prom-client's label children, kept per key so an answer costs one Map look-up, not a label hash.
  const answerChildren = new Map<string, Counter.Internal>();
  const durationChildren = STATUS_CLASSES.map((status) => durations.labels(status));
  const metrics: Metrics = {
    registry,
    gauge(name, help, read) {
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    },
    total(name, help, read) {
      new Counter({
        name,
        help,
        registers: [registry],
        collect() {
          this.reset();
          this.inc(read());
        },
      });
    },
    observeRequest(method, route, status, seconds) {
      const cls = Math.min(Math.max(Math.floor(status / 100), 1), 5);
      const r = routeLabel(route);
      const key = `${method} ${cls} ${r}`;
      let child = answerChildren.get(key);
      if (!child) {
        child = answers.labels(method, r, STATUS_CLASSES[cls - 1]!);
        answerChildren.set(key, child);
      }
      child.inc();
      durationChildren[cls - 1]!.observe(seconds);
    },
  };
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url ?? null,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  const pool = db.pool;
  if (pool) {
    metrics.gauge('portal_db_pool_connections', 'PostgreSQL connections the pool holds.', () => pool.totalCount);
    metrics.gauge('portal_db_pool_idle', 'PostgreSQL connections idle in the pool.', () => pool.idleCount);
    metrics.gauge('portal_db_pool_waiting', 'Queries waiting for a PostgreSQL connection.', () => pool.waitingCount);
  }
  return metrics;
}

/**
 * The `route` label of an answer: a call's route pattern; `web` for the pages and files of the web app (each hashed
 * file is a route of its own, and every deploy brings new names); `unmatched` when no route matched.
 */
export const routeLabel = (route: string | null): string =>
  route === null ? 'unmatched' : route.startsWith('/api/') ? route : 'web';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Whether an Authorization header is `Bearer <token>` (METRICS_TOKEN, the operator's token), compared through SHA-256
 * digests with timingSafeEqual: the metrics route and the operator's part of the health answers (ADR 0067).
 */
export function operatorTokenCheck(token: string | undefined): (authorization: unknown) => boolean {
  if (!token) return () => false;
  const expected = digest(`Bearer ${token}`);
  return (given) => typeof given === 'string' && timingSafeEqual(digest(given), expected);
}

/** `GET /api/metrics`: answered only to `Authorization: Bearer <token>`; anyone else is told no such route exists. */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string): void {
  const isOperator = operatorTokenCheck(token);
  app.get(
    '/api/metrics',
    {
      config: { access: 'public' },
      schema: { hide: true },
    },
    async (request, reply) => {
      if (!isOperator(request.headers.authorization)) {
        return reply.callNotFound();
      }
      const text = await metrics.registry.metrics();
      return reply.type(metrics.registry.contentType).send(text);
    },
  );
}

import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * Request logging that costs a trivial route little (issue 13, ADR 0018). Fastify's own two lines per request
 * at `info` ("incoming request", "request completed") halved the req/s of /api/health; instead one line per
 * answer, written after it is sent:
 * - successful answers at `debug` (off at the default `info` level, so they cost a level check),
 * - client errors (4xx) at `info`, server errors (5xx) at `error` (the fault itself is logged by errors.ts),
 * - any answer slower than SLOW_REQUEST_MS at `warn`.
 * Every line carries the request id (`reqId`), taken from a well-formed `x-request-id` header (a proxy's) or
 * made here, and sent back in `x-request-id`. The path is logged without its query string, so no token or
 * secret that a client put in a URL reaches a log line.
 */
export const SLOW_REQUEST_MS = 1000;

const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity } as const;
const WELL_FORMED_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Fastify's genReqId: the caller's x-request-id when well formed, else a new UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const h = req.headers['x-request-id'];
  return typeof h === 'string' && WELL_FORMED_ID.test(h) ? h : randomUUID();
}

export function registerRequestLog(app: FastifyInstance, slowMs = SLOW_REQUEST_MS): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    const slow = ms >= slowMs;
    const level = status >= 500 ? 'error' : slow ? 'warn' : status >= 400 ? 'info' : 'debug';
    if (LEVELS[level] < (LEVELS[request.log.level as keyof typeof LEVELS] ?? 0)) return;
    const url = request.url;
    const q = url.indexOf('?');
    request.log[level]({ method: request.method, path: q < 0 ? url : url.slice(0, q), statusCode: status, ms: Math.round(ms * 10) / 10 }, slow ? 'slow request' : 'request');
  });
}

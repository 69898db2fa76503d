import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Request logging that costs a trivial route little (issue 13, ADR 0018). Fastify's own two lines per request
 * at `info` ("incoming request", "request completed") halved the req/s of /api/health; instead, through
 * Fastify's LogController (the supported way to shape its per-request lines), one line per answer:
 * - successful answers at `debug` (off at the default `info` level, so they cost a level check),
 * - client errors (4xx) at `info`, server errors (5xx) at `error`,
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

export class RequestLogController extends LogController {
  private readonly slowMs: number;

  constructor(slowMs = SLOW_REQUEST_MS) {
    super();
    this.slowMs = slowMs;
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    const slow = ms >= this.slowMs;
    const level = error || status >= 500 ? 'error' : slow ? 'warn' : status >= 400 ? 'info' : 'debug';
    if (LEVELS[level] < (LEVELS[request.log.level as keyof typeof LEVELS] ?? 0)) return;
    const url = request.url;
    const q = url.indexOf('?');
    request.log[level](
      {
        method: request.method,
        path: q < 0 ? url : url.slice(0, q),
        statusCode: status,
        ms: Math.round(ms * 10) / 10,
        ...(error ? { err: error } : {}),
      },
      slow ? 'slow request' : 'request',
    );
  }
}

/** Sends the request id back with every answer. */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}

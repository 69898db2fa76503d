import { setTimeout as sleep } from 'node:timers/promises';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { RequestLogController, registerRequestId, requestIdOf } from './request-log.ts';

/** Issue 13: one log line per answer — successes at debug, client errors at info, slow answers at warn, with the request id. */
async function appWith(level: string, slowMs: number) {
  const lines: Array<Record<string, unknown>> = [];
  const app = Fastify({
    logger: { level, stream: { write: (l: string) => lines.push(JSON.parse(l) as Record<string, unknown>) } },
    logController: new RequestLogController(slowMs),
    genReqId: requestIdOf,
  });
  registerRequestId(app);
  app.get('/ok', async () => ({ ok: true }));
  app.get('/slow', async () => {
    await sleep(slowMs + 50);
    return { ok: true };
  });
  app.get('/fail', async (_req, reply) => reply.code(400).send({ bad: true }));
  await app.ready();
  return { app, lines };
}

describe('request logging', () => {
  it('logs nothing for a successful answer at info, and one debug line at debug', async () => {
    const quiet = await appWith('info', 60_000);
    for (let i = 0; i < 5; i++)
      expect((await quiet.app.inject({ url: '/ok?access_token=secret' })).statusCode).toBe(200);
    expect(quiet.lines).toEqual([]);
    const verbose = await appWith('debug', 60_000);
    await verbose.app.inject({ url: '/ok?access_token=secret' });
    expect(verbose.lines).toHaveLength(1);
    expect(verbose.lines[0]).toMatchObject({ level: 20, method: 'GET', path: '/ok', statusCode: 200 });
    expect(JSON.stringify(verbose.lines)).not.toContain('secret');
  });

  it('logs client errors at info and slow answers at warn, each with its request id', async () => {
    const { app, lines } = await appWith('info', 20);
    const bad = await app.inject({ url: '/fail', headers: { 'x-request-id': 'proxy-42' } });
    expect(bad.headers['x-request-id']).toBe('proxy-42');
    await app.inject({ url: '/slow' });
    expect(lines.map((l) => [l.level, l.path, l.msg])).toEqual([
      [30, '/fail', 'request'],
      [40, '/slow', 'slow request'],
    ]);
    expect(lines[0]!.reqId).toBe('proxy-42');
    expect(typeof lines[1]!.reqId).toBe('string');
  });

  it('replaces a malformed request id with its own', async () => {
    const { app } = await appWith('info', 60_000);
    const res = await app.inject({ url: '/ok', headers: { 'x-request-id': 'bad id\nwith newline' } });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

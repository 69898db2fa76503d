import { MESSAGES } from '@portal/contracts/errors';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ok } from './envelope.ts';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  registerErrorHandling,
  tooMany,
  unauthorized,
} from './errors.ts';

/** The one error handler, on a bare Fastify instance with routes that fail in every way it must map. */
describe('the error handler', () => {
  let app: FastifyInstance;
  const secret = 'password=hunter2 at /srv/portal/db.ts:42';

  beforeAll(async () => {
    app = Fastify({ logger: false, bodyLimit: 1024 });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/app-error/:kind', async (request) => {
      const kind = (request.params as { kind: string }).kind;
      const make = {
        badRequest,
        unauthorized,
        forbidden,
        notFound,
        tooMany: () => tooMany('太多了'),
        conflict: () => conflict('冲突了', 'detail'),
      }[kind];
      throw make ? make() : new AppError(418, '自定义错误', 'why');
    });
    r.get('/crash', async () => {
      throw new Error(secret);
    });
    r.get('/crash-sync', () => {
      throw new TypeError(secret);
    });
    r.post(
      '/validated',
      { schema: { body: z.object({ name: z.string().min(1, '请输入名称'), age: z.number().int() }) } },
      async (request) => ok(request.body),
    );
    r.get(
      '/bad-response',
      { schema: { response: { 200: z.object({ n: z.number() }) } } },
      async () => ({ n: 'not a number' }) as unknown as { n: number },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('sends an AppError as the envelope with its own HTTP status', async () => {
    const expected: Record<string, [number, string]> = {
      badRequest: [400, MESSAGES.badRequest],
      unauthorized: [401, MESSAGES.unauthorized],
      forbidden: [403, MESSAGES.forbidden],
      notFound: [404, MESSAGES.notFound],
      tooMany: [429, '太多了'],
      conflict: [409, '冲突了'],
      custom: [418, '自定义错误'],
    };
    for (const [kind, [status, msg]] of Object.entries(expected)) {
      const res = await app.inject({ method: 'GET', url: `/app-error/${kind}` });
      expect(res.statusCode, kind).toBe(status);
      expect(res.json()).toMatchObject({ status, msg, result: null });
    }
    expect((await app.inject({ method: 'GET', url: '/app-error/conflict' })).json().msgDetail).toBe('detail');
  });

  it('turns an unexpected fault into a 500 with the default message and nothing of the fault', async () => {
    for (const url of ['/crash', '/crash-sync']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ status: 500, msg: MESSAGES.defaultError, msgDetail: '', result: null });
      expect(res.body).not.toContain('hunter2');
      expect(res.body).not.toMatch(/\.ts:\d+/);
    }
  });

  it('turns a validation error into a 400, keeping a Chinese rule message for the user', async () => {
    const chinese = await app.inject({ method: 'POST', url: '/validated', payload: { name: '', age: 1 } });
    expect(chinese.statusCode).toBe(400);
    expect(chinese.json()).toMatchObject({ status: 400, msg: '请输入名称', result: null });
    expect(chinese.json().msgDetail).toContain('name');

    const english = await app.inject({ method: 'POST', url: '/validated', payload: { name: 'x', age: 'old' } });
    expect(english.statusCode).toBe(400);
    expect(english.json()).toMatchObject({ status: 400, msg: MESSAGES.badRequest });
    expect(english.json().msgDetail).toContain('age');
  });

  it('answers a response that breaks its contract with a 500, not with the bad data', async () => {
    const res = await app.inject({ method: 'GET', url: '/bad-response' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ status: 500, msg: MESSAGES.defaultError });
    expect(res.body).not.toContain('not a number');
  });

  it('answers malformed JSON with 400 and an oversized body with 413', async () => {
    const malformed = await app.inject({
      method: 'POST',
      url: '/validated',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ status: 400, msg: MESSAGES.badRequest, result: null });

    const large = await app.inject({ method: 'POST', url: '/validated', payload: { name: 'x'.repeat(5000), age: 1 } });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ status: 413, result: null });
  });

  it('answers an unknown path with the 404 envelope naming the method and path', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/nowhere?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, msg: MESSAGES.notFound, msgDetail: 'DELETE /nowhere', result: null });
  });
});

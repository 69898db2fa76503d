import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  keptCompression,
  preparedAnswerSerializer,
  preparedResult,
  preparedZlib,
  registerPreparedAnswers,
} from './prepared-answer.ts';

const schema = z.object({
  status: z.number(),
  msg: z.string(),
  msgDetail: z.string(),
  result: z.object({ records: z.array(z.object({ id: z.string(), n: z.number() })), total: z.number() }),
});

function compiled() {
  let calls = 0;
  const inner = serializerCompiler({ schema, method: 'POST', url: '/x', httpStatus: '200' });
  const counting = preparedAnswerSerializer((_route) => (data: unknown) => {
    calls++;
    return inner(data);
  });
  const serialize = counting({ schema, method: 'POST', url: '/x', httpStatus: '200' });
  return { serialize, inner, calls: () => calls };
}

describe('prepared answers', () => {
  it('serializes a prepared result once per envelope, with the bytes of the plain serializer', () => {
    const { serialize, inner, calls } = compiled();
    const result = preparedResult({ records: [{ id: '服务', n: 1, extra: 'dropped' }], total: 1 });
    const envelope = { status: 1000, msg: '操作成功', msgDetail: '', result };
    const first = serialize(envelope);
    expect(first).toBe(inner(envelope));
    expect(first).not.toContain('extra');
    expect(serialize({ ...envelope })).toBe(first);
    expect(calls()).toBe(1);
    // another envelope around the same result is serialized again
    const other = { status: 1000, msg: 'ok', msgDetail: 'x', result };
    expect(serialize(other)).toBe(inner(other));
    expect(calls()).toBe(2);
  });

  it('serializes a result that is not marked every time', () => {
    const { serialize, calls } = compiled();
    const result = { records: [{ id: 'a', n: 1 }], total: 1 };
    const envelope = { status: 1000, msg: 'ok', msgDetail: '', result };
    const first = serialize(envelope);
    result.records[0]!.n = 2;
    expect(serialize(envelope)).not.toBe(first);
    expect(calls()).toBe(2);
  });

  it('still refuses a prepared result the schema does not allow', () => {
    const { serialize } = compiled();
    const result = preparedResult({ records: [{ id: 1 }], total: 1 });
    expect(() => serialize({ status: 1000, msg: 'ok', msgDetail: '', result })).toThrow();
    expect(() => serialize({ status: 1000, msg: 'ok', msgDetail: '', result })).toThrow();
  });
});

describe('prepared answers over HTTP', () => {
  let brotliCalls = 0;
  const countedBrotli = keptCompression((input, options) => {
    brotliCalls++;
    return brotliCompressSync(input, options);
  });

  async function app() {
    const a = Fastify();
    a.setSerializerCompiler(preparedAnswerSerializer(serializerCompiler));
    await a.register(compress, {
      threshold: 1024,
      encodings: ['br', 'gzip'],
      zlib: { ...preparedZlib, brotliCompressSync: countedBrotli },
    });
    registerPreparedAnswers(a);
    const records = Array.from({ length: 100 }, (_, i) => ({ id: `服务-${i}`, n: i }));
    const shared = preparedResult({ records, total: records.length });
    a.post('/p', { schema: { response: { 200: schema } } }, async () => ({
      status: 1000,
      msg: 'ok',
      msgDetail: '',
      result: shared,
    }));
    a.post('/plain', { schema: { response: { 200: schema } } }, async () => ({
      status: 1000,
      msg: 'ok',
      msgDetail: '',
      result: { records: [...records], total: records.length },
    }));
    a.post('/fresh', { schema: { response: { 200: schema } } }, async () => ({
      status: 1000,
      msg: 'ok',
      msgDetail: '',
      result: { records: records.slice(1), total: records.length },
    }));
    await a.ready();
    return a;
  }

  it('sends the same bytes and headers as a fresh answer, compressed once per encoding', async () => {
    const a = await app();
    const plain = await a.inject({ method: 'POST', url: '/plain' });
    const first = await a.inject({ method: 'POST', url: '/p' });
    const second = await a.inject({ method: 'POST', url: '/p' });
    expect(first.rawPayload.equals(plain.rawPayload)).toBe(true);
    expect(second.rawPayload.equals(plain.rawPayload)).toBe(true);
    expect(first.headers['content-type']).toBe(plain.headers['content-type']);
    expect(first.headers['content-length']).toBe(plain.headers['content-length']);

    brotliCalls = 0;
    for (const encoding of ['br', 'gzip'] as const) {
      const answers = [];
      for (let i = 0; i < 3; i++)
        answers.push(await a.inject({ method: 'POST', url: '/p', headers: { 'accept-encoding': encoding } }));
      for (const res of answers) {
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
        const text = (encoding === 'br' ? brotliDecompressSync : gunzipSync)(res.rawPayload);
        expect(text.equals(plain.rawPayload)).toBe(true);
      }
    }
    // three brotli answers of one prepared value: compressed once; a value not prepared is compressed each time
    expect(brotliCalls).toBe(1);
    for (let i = 0; i < 2; i++) await a.inject({ method: 'POST', url: '/fresh', headers: { 'accept-encoding': 'br' } });
    expect(brotliCalls).toBe(3);
    await a.close();
  });
});

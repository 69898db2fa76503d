import * as zlib from 'node:zlib';
import type { FastifyInstance, FastifySerializerCompiler } from 'fastify';

/**
 * Prepared answers serialized once (issue 13, ADR 0018). A list prepared per role and catalogue version is the same
 * object for every request that reads it; checking it against the route's response schema and writing it as JSON
 * again on every request was a good part of what such a request cost. A value marked with `preparedResult` is
 * never changed after it is marked (its producer builds a new one instead), so the text the route's serializer made
 * of an envelope around it is kept (per route and status, while the value lives) and sent as it is the next time
 * the same value is answered in the same envelope: the same bytes, since the serializer is a function of the value.
 * Anything not marked is serialized as before.
 */
const prepared = new WeakSet<object>();

/** Marks `value` (an object or array; anything else is let through) as prepared: it will not be changed from now on. */
export function preparedResult<T>(value: T): T {
  if (typeof value === 'object' && value !== null) prepared.add(value);
  return value;
}

type Envelope = { status?: unknown; msg?: unknown; msgDetail?: unknown; result?: unknown };
type Kept = { status: unknown; msg: unknown; msgDetail: unknown; text: string; bytes?: Buffer };

/** The texts of prepared answers sent lately, for the onSend hook (a few: a text is sent right after it is made). */
const RECENT = 16;
const recent: Kept[] = [];
let next = 0;
function remember(kept: Kept): void {
  recent[next] = kept;
  next = (next + 1) % RECENT;
}

/** The UTF-8 bytes of prepared texts, made once: compression of them is kept too (preparedZlib). */
const preparedBytes = new WeakSet<Buffer>();

/** Wraps a serializer compiler: the text of an envelope whose result is prepared is made once per route and status. */
export function preparedAnswerSerializer<T>(compile: FastifySerializerCompiler<T>): FastifySerializerCompiler<T> {
  return (routeSchema) => {
    const serialize = compile(routeSchema);
    const kept = new WeakMap<object, Kept>();
    return (data: unknown) => {
      const result = (data as Envelope | null)?.result;
      if (typeof result !== 'object' || result === null || !prepared.has(result)) return serialize(data);
      const { status, msg, msgDetail } = data as Envelope;
      const hit = kept.get(result);
      if (hit && hit.status === status && hit.msg === msg && hit.msgDetail === msgDetail) {
        remember(hit);
        return hit.text;
      }
      const text = serialize(data);
      const entry: Kept = { status, msg, msgDetail, text };
      kept.set(result, entry);
      remember(entry);
      return text;
    };
  };
}

/**
 * Sends a prepared answer's text as bytes made once, so neither its length nor its UTF-8 encoding is computed per
 * request, and its compression is kept (preparedZlib). Register it after every onSend hook that reads the text
 * (7.1 sealing): it runs after them, and before @fastify/compress's route-level hook. A payload equal to a recent
 * prepared text has the same bytes whatever string holds it, so the swap never changes what is sent.
 */
export function registerPreparedAnswers(app: FastifyInstance): void {
  app.addHook('onSend', (_request, _reply, payload, done) => {
    if (typeof payload === 'string') {
      for (const kept of recent) {
        if (kept.text === payload) {
          if (!kept.bytes) preparedBytes.add((kept.bytes = Buffer.from(kept.text, 'utf8')));
          done(null, kept.bytes);
          return;
        }
      }
    }
    done(null, payload);
  });
}

/** Marks bytes sent unchanged again and again (a page made once, platform/web.ts): their compression is kept too. */
export function preparedBuffer(bytes: Buffer): Buffer {
  preparedBytes.add(bytes);
  return bytes;
}

type SyncCompress = (input: Buffer, options?: object) => Buffer;

/** A compressor that compresses the bytes of a prepared answer once (per compressor, while the bytes live). */
export function keptCompression(compress: SyncCompress): SyncCompress {
  const done = new WeakMap<Buffer, Buffer>();
  return (input, options) => {
    if (!preparedBytes.has(input)) return compress(input, options);
    let out = done.get(input);
    if (!out) done.set(input, (out = compress(input, options)));
    return out;
  };
}

/**
 * Node's zlib for @fastify/compress's `zlib` option, whose one-shot compressors keep the compression of a prepared
 * answer: the plugin still decides whether and how to compress (Accept-Encoding, type, threshold) and sets the
 * headers; only the bytes of the same prepared answer in the same encoding are compressed once, not per request.
 * (A prepared answer above the plugin's synchronous size limit goes through its streams, compressed per request.)
 */
export const preparedZlib = {
  ...zlib,
  brotliCompressSync: keptCompression(zlib.brotliCompressSync),
  gzipSync: keptCompression(zlib.gzipSync),
  deflateSync: keptCompression(zlib.deflateSync),
};

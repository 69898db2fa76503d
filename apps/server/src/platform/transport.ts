import {
  requestSigningText,
  STATUS_SIGNATURE_FAULT,
  responseSigningText,
  SEALED_DEFLATE_MIN_BYTES,
  SEALED_DEFLATED,
  sealsRequestBody,
  sealsResponse,
  TRANSPORT_HEADERS,
  TRANSPORT_KDF,
  TRANSPORT_MAX_SKEW_MS,
  TRANSPORT_TEXTS,
  UNWRAPPED_MULTIPART_DATA,
} from '@portal/contracts/transport';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { deflateRaw } from 'node:zlib';
import { Redis } from 'ioredis';
import type { Db } from '../db/create-db.ts';
import { nowIso } from '../db/sql-helpers.ts';
import { bearerToken } from './auth.ts';
import { AppError } from './errors.ts';

/**
 * 7.1 as one layer (docs/adr/0014-transport-sealing.md): a preValidation hook opens sealed request bodies of the
 * online-service-platform group before the contract schemas see them, and an onSend hook seals the result of
 * every answer of the four groups whose request asked for it. No route knows about it.
 *
 * Mode 'optional' (the default) also takes plain calls (API clients, scripts, the tests); 'required' refuses every
 * POST body of the online-service-platform group that is not sealed, whatever its content type (a multipart upload
 * is not wrapped but must be signed).
 */
export type TransportMode = 'optional' | 'required';

export type TransportKeys = { enc: Buffer; mac: Buffer };

export function transportKeys(token: string): TransportKeys {
  const derive = (info: string) =>
    Buffer.from(
      hkdfSync(
        'sha256',
        Buffer.from(token, 'utf8'),
        Buffer.from(TRANSPORT_KDF.salt, 'utf8'),
        Buffer.from(info, 'utf8'),
        32,
      ),
    );
  return { enc: derive(TRANSPORT_KDF.encInfo), mac: derive(TRANSPORT_KDF.macInfo) };
}

/** base64url(iv ‖ ciphertext ‖ tag) of the UTF-8 text (or of the bytes). */
export function seal(keys: TransportKeys, text: string | Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.enc, iv);
  const body = Buffer.concat([
    typeof text === 'string' ? cipher.update(text, 'utf8') : cipher.update(text),
    cipher.final(),
  ]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** The bytes of a sealed value; null when it was not sealed with these keys or was changed. */
export function openBytes(keys: TransportKeys, sealed: string): Buffer | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    if (raw.length < 12 + 16) return null;
    const decipher = createDecipheriv('aes-256-gcm', keys.enc, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]);
  } catch {
    return null;
  }
}

/** The text of a sealed value; null when it was not sealed with these keys or was changed. */
export const open = (keys: TransportKeys, sealed: string): string | null =>
  openBytes(keys, sealed)?.toString('utf8') ?? null;

export const sign = (keys: TransportKeys, text: string) =>
  createHmac('sha256', keys.mac).update(text, 'utf8').digest('base64url');

const sameSign = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Request ids of sealed calls seen within the time window, so a captured request cannot be sent again: in the
 * database (one insert that fails on a used id; an expired id is taken again by one conditional update; expired
 * rows pruned), or in Redis (SET NX PX) when REDIS_URL is set. Either survives a restart and holds across nodes.
 */
export type ReplayStore = {
  /** False when the id was already used within the window. */
  claim(id: string, now?: number): Promise<boolean>;
  close(): Promise<void>;
};

export const REPLAY_WINDOW_MS = 2 * TRANSPORT_MAX_SKEW_MS;
const PRUNE_EVERY_MS = 60_000;

export function databaseReplayStore(db: Db, windowMs = REPLAY_WINDOW_MS): ReplayStore {
  let prunedAt = 0;
  return {
    async claim(id, now = Date.now()) {
      if (now - prunedAt >= PRUNE_EVERY_MS) {
        prunedAt = now;
        await db.deleteFrom('transport_replay').where('expires_at', '<=', nowIso(now)).execute();
      }
      const expiresAt = nowIso(now + windowMs);
      const inserted = await db
        .insertInto('transport_replay')
        .values({ request_id: id, expires_at: expiresAt })
        .onConflict((oc) => oc.column('request_id').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) return true;
      // Used before: free again only once that use has expired (not yet pruned), and only for one claimant.
      const retaken = await db
        .updateTable('transport_replay')
        .set({ expires_at: expiresAt })
        .where('request_id', '=', id)
        .where('expires_at', '<=', nowIso(now))
        .executeTakeFirst();
      return Number(retaken.numUpdatedRows) === 1;
    },
    close: async () => undefined,
  };
}

export function redisReplayStore(
  url: string,
  prefix = 'portal:transport:replay',
  windowMs = REPLAY_WINDOW_MS,
): ReplayStore {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, connectTimeout: 5000 });
  return {
    // Redis expires the key itself; the window runs from the first use.
    claim: async (id) => (await redis.set(`${prefix}:${id}`, '1', 'PX', windowMs, 'NX')) === 'OK',
    close: async () => void (await redis.quit().catch(() => undefined)),
  };
}

const header = (request: FastifyRequest, name: string) => {
  const v = request.headers[name.toLowerCase()];
  return typeof v === 'string' ? v : undefined;
};
const fault = (msg: string, detail: string) => new AppError(STATUS_SIGNATURE_FAULT, msg, detail, 400);

/** Keys by token, so a burst of calls derives them once. */
function keyCache(max = 5_000) {
  const cache = new Map<string, TransportKeys>();
  return (token: string) => {
    let keys = cache.get(token);
    if (!keys) {
      if (cache.size >= max) cache.delete(cache.keys().next().value!);
      keys = transportKeys(token);
      cache.set(token, keys);
    }
    return keys;
  };
}

const deflateRawAsync = promisify(deflateRaw);

export function registerTransport(app: FastifyInstance, mode: TransportMode = 'optional', replay?: ReplayStore): void {
  const keysOf = keyCache();
  const { config, db } = app.deps;
  const store = replay ?? (config.redisUrl ? redisReplayStore(config.redisUrl) : databaseReplayStore(db));
  if (!replay) app.addHook('onClose', async () => store.close());

  app.addHook('preValidation', async (request) => {
    if (request.method !== 'POST') return;
    const pathname = request.url.split('?')[0]!;
    if (!sealsRequestBody(pathname)) return;
    const body = request.body as unknown;
    const contentType = request.headers['content-type'] ?? '';
    const json = /\bjson\b/i.test(contentType);
    const multipart = /^\s*multipart\/form-data\b/i.test(contentType);
    const sealedAsked = header(request, TRANSPORT_HEADERS.transport) === '1';
    const requestId = header(request, TRANSPORT_HEADERS.requestId);
    const time = header(request, TRANSPORT_HEADERS.time);
    const signature = header(request, TRANSPORT_HEADERS.sign);
    // Only a wrapped JSON body or a signed multipart upload is sealed; any other body (form-urlencoded, text, none,
    // or a multipart upload without its signature) is plain, and 'required' refuses every plain body of the group.
    const sealable = sealedAsked && (json || (multipart && (mode === 'required' || !!signature)));
    if (!sealable) {
      if (mode === 'required')
        throw fault(
          TRANSPORT_TEXTS.missingHeaders,
          `${TRANSPORT_HEADERS.transport} missing or ${contentType.split(';')[0] || 'no'} body not sealed`,
        );
      return;
    }
    const token = bearerToken(request);
    if (!token) return; // the authentication hook answers 401
    const data = multipart
      ? UNWRAPPED_MULTIPART_DATA
      : body && typeof body === 'object' && !Array.isArray(body)
        ? (body as { data?: unknown }).data
        : undefined;
    if (!requestId || !time || !signature || typeof data !== 'string')
      throw fault(TRANSPORT_TEXTS.missingHeaders, 'request id, time, sign or data missing');
    if (requestId.length > 100) throw fault(TRANSPORT_TEXTS.badSign, 'request id too long');
    if (!/^\d{1,16}$/.test(time) || Math.abs(Date.now() - Number(time)) > TRANSPORT_MAX_SKEW_MS)
      throw fault(TRANSPORT_TEXTS.badSign, 'request time outside the allowed window');
    const keys = keysOf(token);
    if (!sameSign(signature, sign(keys, requestSigningText(requestId, time, request.method, pathname, data))))
      throw fault(TRANSPORT_TEXTS.badSign, 'request signature');
    const text = multipart ? null : open(keys, data);
    if (!multipart && text === null) throw fault(TRANSPORT_TEXTS.badSign, 'request data cannot be opened');
    if (!(await store.claim(requestId))) throw fault(TRANSPORT_TEXTS.badSign, 'request id already used');
    if (multipart) return; // the route reads the file stream itself
    try {
      request.body = JSON.parse(text!) as unknown;
    } catch {
      throw fault(TRANSPORT_TEXTS.badSign, 'request data is not JSON');
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (header(request, TRANSPORT_HEADERS.transport) !== '1' || typeof payload !== 'string') return payload;
    const pathname = request.url.split('?')[0]!;
    if (!sealsResponse(pathname) || !/\bjson\b/i.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const token = bearerToken(request);
    const requestId = header(request, TRANSPORT_HEADERS.requestId);
    if (!token || !requestId || requestId.length > 100) return payload;
    let envelope: { status?: unknown; result?: unknown };
    try {
      envelope = JSON.parse(payload) as typeof envelope;
    } catch {
      return payload;
    }
    if (!envelope || typeof envelope !== 'object' || typeof envelope.status !== 'number') return payload;
    const keys = keysOf(token);
    const json = JSON.stringify(envelope.result ?? null);
    // A sealed result is random bytes to HTTP compression: a client that can inflate gets a long one deflated inside
    // the seal (ADR 0060; the home page's cards: 44.6 KB on the wire -> about 6 KB). Deflated on the thread pool.
    const deflate = header(request, TRANSPORT_HEADERS.deflate) === '1' && json.length >= SEALED_DEFLATE_MIN_BYTES;
    const result = seal(
      keys,
      deflate ? Buffer.concat([Buffer.of(SEALED_DEFLATED), await deflateRawAsync(json)]) : json,
    );
    reply.header(TRANSPORT_HEADERS.transport, '1');
    reply.header(TRANSPORT_HEADERS.requestId, requestId);
    reply.header(TRANSPORT_HEADERS.sign, sign(keys, responseSigningText(requestId, envelope.status, result)));
    return JSON.stringify({ ...envelope, result });
  });
}

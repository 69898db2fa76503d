import {
  requestSigningText,
  responseSigningText,
  STATUS_SIGNATURE_FAULT,
  TRANSPORT_TEXTS,
  UNWRAPPED_MULTIPART_DATA,
} from '@portal/contracts/transport';
import { deflateRawSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bytesToBase64 } from '../encoding/base64.ts';
import { createHttpClient } from './client.ts';
import { authHeaders } from './encoding.ts';
import { HttpError } from './errors.ts';
import { resetNotifyState, setNotifier } from './notify.ts';
import { openText, sealText, setTransportSealing, signText, transportKeys } from './transport.ts';

const TOKEN = 'token-of-student01';
type Seen = { url: string; headers: Record<string, string>; body: unknown; opened: unknown };

/**
 * A server speaking 7.1 with the same keys: opens and checks a sealed body, seals the answer. `spoil` breaks the
 * answer the way an attacker or a faulty proxy would.
 */
/** As the server seals a long result for a client that can inflate (ADR 0060): the mark 0, then raw deflate. */
async function sealDeflated(keys: Awaited<ReturnType<typeof transportKeys>>, json: string, spoilStream = false) {
  const stream = deflateRawSync(json);
  const middle = Math.floor(stream.length / 2);
  if (spoilStream) stream.writeUInt8(stream.readUInt8(middle) ^ 0xff, middle);
  const plain = new Uint8Array([0, ...stream]);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const body = new Uint8Array(await globalThis.crypto.subtle.encrypt({ name: 'AES-GCM', iv }, keys.enc, plain));
  return bytesToBase64(new Uint8Array([...iv, ...body]), true);
}

function sealingServer(
  result: unknown,
  spoil: 'none' | 'requestId' | 'sign' | 'headers' | 'result' | 'deflated' = 'none',
  deflate = false,
) {
  const seen: Seen[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    const keys = await transportKeys(TOKEN);
    const body: unknown =
      init.body instanceof FormData ? init.body : init.body ? JSON.parse(String(init.body)) : undefined;
    let opened: unknown = body;
    const data = (body as { data?: string } | undefined)?.data;
    if (typeof data === 'string') {
      const path = new URL(url, 'http://x').pathname;
      expect(headers.Sign).toBe(
        await signText(keys, requestSigningText(headers['Request-Id']!, headers['Request-Time']!, 'POST', path, data)),
      );
      opened = JSON.parse((await openText(keys, data))!);
    }
    seen.push({ url, headers, body, opened });
    const requestId = spoil === 'requestId' ? 'someone-else' : headers['Request-Id']!;
    const json = JSON.stringify(result);
    const sealed =
      spoil === 'result'
        ? 'AAAA'
        : deflate && headers['Portal-Transport-Deflate'] === '1'
          ? await sealDeflated(keys, json, spoil === 'deflated')
          : await sealText(keys, json);
    const sign =
      spoil === 'sign'
        ? await signText(keys, 'other text')
        : await signText(keys, responseSigningText(requestId, 1000, sealed));
    const out: Record<string, string> = { 'Content-Type': 'application/json' };
    if (spoil !== 'headers') Object.assign(out, { 'Portal-Transport': '1', 'Request-Id': requestId, Sign: sign });
    return new Response(JSON.stringify({ status: 1000, msg: '操作成功', msgDetail: '', result: sealed }), {
      status: 200,
      headers: out,
    });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, seen };
}

const identity = () => ({
  token: TOKEN,
  tenantId: '000000',
  account: 'student01',
  userName: '张同学',
  nickName: '小华',
});

describe('7.1 sealing in the http client', () => {
  const shown: string[] = [];
  beforeEach(() => {
    setTransportSealing(true);
    resetNotifyState();
    shown.length = 0;
    setNotifier({ error: (text) => shown.push(text), warning: (text) => shown.push(text) });
  });
  afterEach(() => setTransportSealing(false));

  it('sends an online-service-platform post as one sealed data field and opens the sealed answer', async () => {
    const server = sealingServer({ cards: 3 });
    const http = createHttpClient({
      baseUrl: '/api/online-service-platform',
      fetch: server.fetch,
      interceptors: [authHeaders(identity)],
    });
    await expect(http.post('/homePage/getIndexConfig', { roleId: 'r1' })).resolves.toEqual({ cards: 3 });
    const [call] = server.seen;
    expect(Object.keys(call!.body as object)).toEqual(['data']);
    expect(JSON.stringify(call!.body)).not.toContain('"r1"'); // quoted: a bare 'r1' can occur in the base64 by chance
    expect(call!.opened).toEqual({ roleId: 'r1' });
    expect(call!.headers).toMatchObject({
      'Portal-Transport': '1',
      'Request-Id': expect.stringMatching(/^[0-9a-f-]{36}$/),
      'Request-Time': expect.stringMatching(/^\d+$/),
    });
  });

  it('says it can inflate, and opens a result sealed deflated; a spoilt deflate stream is a 1002 (ADR 0060)', async () => {
    const cards = { list: Array.from({ length: 50 }, (_, i) => ({ cardId: `card-${i}`, name: '校园新闻' })) };
    const server = sealingServer(cards, 'none', true);
    const http = createHttpClient({
      baseUrl: '/api/online-service-platform',
      fetch: server.fetch,
      interceptors: [authHeaders(identity)],
    });
    await expect(http.post('/cardcolumnconfig/getConfigs', { cardIds: [] })).resolves.toEqual(cards);
    expect(server.seen[0]!.headers['Portal-Transport-Deflate']).toBe('1');

    const spoilt = sealingServer(cards, 'deflated', true);
    const http2 = createHttpClient({
      baseUrl: '/api/online-service-platform',
      fetch: spoilt.fetch,
      interceptors: [authHeaders(identity)],
    });
    const error = await http2.post('/cardcolumnconfig/getConfigs', { cardIds: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: STATUS_SIGNATURE_FAULT, message: TRANSPORT_TEXTS.badSign });
  });

  it('signs an online-service-platform upload (request id, time, path) and sends the file as it is', async () => {
    const server = sealingServer({ url: '/x.png' });
    const http = createHttpClient({
      baseUrl: '/api/online-service-platform',
      fetch: server.fetch,
      interceptors: [authHeaders(identity)],
    });
    const form = new FormData();
    form.append('file', new Blob(['png']), 'a.png');
    await expect(http.post('/common/upload', form)).resolves.toEqual({ url: '/x.png' });
    const [call] = server.seen;
    expect(call!.body).toBe(form);
    const keys = await transportKeys(TOKEN);
    const { 'Request-Id': id, 'Request-Time': time, Sign: signature } = call!.headers;
    expect(time).toMatch(/^\d+$/);
    expect(signature).toBe(
      await signText(
        keys,
        requestSigningText(id!, time!, 'POST', '/api/online-service-platform/common/upload', UNWRAPPED_MULTIPART_DATA),
      ),
    );
  });

  it('asks other groups for a sealed answer without wrapping the request, and leaves nobody calls plain', async () => {
    const server = sealingServer([1, 2]);
    const http = createHttpClient({
      baseUrl: '/api/blade-platform',
      fetch: server.fetch,
      interceptors: [authHeaders(identity)],
    });
    await expect(http.post('/serverCenter/page', { current: 2 })).resolves.toEqual([1, 2]);
    expect(server.seen[0]!.body).toEqual({ current: 2 });
    expect(server.seen[0]!.headers['Request-Time']).toBeUndefined();

    // A nobody path is not wrapped; without a token nothing is sealed at all.
    const nobody = sealingServer(null);
    await createHttpClient({
      baseUrl: '/api/online-service-platform',
      fetch: nobody.fetch,
      interceptors: [authHeaders(identity)],
    }).post('/nobody/x', { a: 1 });
    expect(nobody.seen[0]!.body).toEqual({ a: 1 });
    const anonymous = sealingServer(null);
    await createHttpClient({ baseUrl: '/api/online-service-platform', fetch: anonymous.fetch })
      .post('/x', { a: 1 })
      .catch(() => undefined);
    expect(anonymous.seen[0]!.headers['Portal-Transport']).toBeUndefined();
    expect(anonymous.seen[0]!.body).toEqual({ a: 1 });
  });

  it.each([
    ['requestId', TRANSPORT_TEXTS.requestIdMismatch],
    ['sign', TRANSPORT_TEXTS.badSign],
    ['headers', TRANSPORT_TEXTS.missingHeaders],
    ['result', TRANSPORT_TEXTS.badSign],
  ] as const)('rejects an answer with a spoilt %s as status 1002 with the section 8 message', async (spoil, msg) => {
    const server = sealingServer({ secret: 1 }, spoil);
    const http = createHttpClient({
      baseUrl: '/api/blade-workbench',
      fetch: server.fetch,
      interceptors: [authHeaders(identity)],
    });
    const err = await http.get('/anything').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: STATUS_SIGNATURE_FAULT, msg });
    expect(shown).toEqual([msg]);
  });
});

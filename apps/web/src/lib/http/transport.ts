import {
  requestSigningText,
  responseSigningText,
  SEALED_DEFLATED,
  sealsRequestBody,
  sealsResponse,
  STATUS_SIGNATURE_FAULT,
  TRANSPORT_HEADERS,
  TRANSPORT_KDF,
  TRANSPORT_TEXTS,
  UNWRAPPED_MULTIPART_DATA,
} from '@portal/contracts/transport';
import { HttpError } from './errors.ts';
import { base64ToBytes, bytesToBase64 } from '../encoding/base64.ts';

/**
 * 7.1 on the client (docs/adr/0014-transport-sealing.md): a logged-in call of the platform, workbench,
 * online-service-platform or comb-cygj group asks for a sealed answer and checks it (request id, signature,
 * then opens the result); a JSON POST of the online-service-platform group (not nobody) travels as one sealed
 * `data` field, signed with its request id and time; an upload (FormData) of that group is signed, not wrapped. Keys come from the bearer token (HKDF, WebCrypto).
 *
 * On by main.tsx; off where WebCrypto is missing (a page served over plain http from another host), where the
 * server's 'optional' mode takes plain calls.
 */
let enabled = false;
export function setTransportSealing(on: boolean): void {
  enabled = on;
}
const subtle = () => (typeof globalThis.crypto !== 'undefined' ? globalThis.crypto.subtle : undefined);
export const transportOn = () => enabled && !!subtle();

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();

const toB64url = (bytes: Uint8Array): string => bytesToBase64(bytes, true);
function fromB64url(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    return base64ToBytes(text, true);
  } catch {
    return null;
  }
}

type Keys = { enc: CryptoKey; mac: CryptoKey };
const keyCache = new Map<string, Promise<Keys>>();

/** The AES-GCM and HMAC keys of a token (cached for the token). */
export function transportKeys(token: string): Promise<Keys> {
  let keys = keyCache.get(token);
  if (!keys) {
    const c = subtle()!;
    keys = (async () => {
      const base = await c.importKey('raw', utf8.encode(token), 'HKDF', false, ['deriveKey']);
      const params = (info: string) => ({
        name: 'HKDF',
        hash: 'SHA-256',
        salt: utf8.encode(TRANSPORT_KDF.salt),
        info: utf8.encode(info),
      });
      const [enc, mac] = await Promise.all([
        c.deriveKey(params(TRANSPORT_KDF.encInfo), base, { name: 'AES-GCM', length: 256 }, false, [
          'encrypt',
          'decrypt',
        ]),
        c.deriveKey(params(TRANSPORT_KDF.macInfo), base, { name: 'HMAC', hash: 'SHA-256', length: 256 }, false, [
          'sign',
          'verify',
        ]),
      ]);
      return { enc, mac };
    })();
    if (keyCache.size > 20) keyCache.clear();
    keyCache.set(token, keys);
  }
  return keys;
}

export async function sealText(keys: Keys, text: string): Promise<string> {
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const body = new Uint8Array(await subtle()!.encrypt({ name: 'AES-GCM', iv }, keys.enc, utf8.encode(text)));
  const out = new Uint8Array(iv.length + body.length);
  out.set(iv);
  out.set(body, iv.length);
  return toB64url(out);
}

/** Whether this browser can inflate a result sealed deflated (ADR 0060): every current one. */
const canInflate = () => typeof DecompressionStream === 'function';

async function inflate(bytes: Uint8Array): Promise<string> {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  }).pipeThrough(new DecompressionStream('deflate-raw') as unknown as ReadableWritablePair<Uint8Array, Uint8Array>);
  return new Response(stream).text();
}

/** The text of a sealed value (inflated when it was sealed deflated); null when it does not open. */
export async function openText(keys: Keys, sealed: string): Promise<string | null> {
  const raw = fromB64url(sealed);
  if (!raw || raw.length < 28) return null;
  try {
    const opened = new Uint8Array(
      await subtle()!.decrypt({ name: 'AES-GCM', iv: raw.subarray(0, 12) }, keys.enc, raw.subarray(12)),
    );
    return opened[0] === SEALED_DEFLATED ? await inflate(opened.subarray(1)) : fromUtf8.decode(opened);
  } catch {
    return null;
  }
}

export const signText = async (keys: Keys, text: string) =>
  toB64url(new Uint8Array(await subtle()!.sign('HMAC', keys.mac, utf8.encode(text))));

async function verifyText(keys: Keys, text: string, signature: string): Promise<boolean> {
  const sig = fromB64url(signature);
  return !!sig && subtle()!.verify('HMAC', keys.mac, sig, utf8.encode(text));
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;

export type SealedRequest = { requestId: string; token: string; headers: Record<string, string>; body: unknown };

/**
 * Whether a call is sealed, and how: null for calls that are not (no token, another group, sealing off).
 * `pathname` is the call's full path, without the query.
 */
export async function sealRequest(
  token: string | null,
  method: 'GET' | 'POST',
  pathname: string,
  body: unknown,
  form: boolean,
): Promise<SealedRequest | null> {
  if (!token || !transportOn() || !sealsResponse(pathname)) return null;
  const requestId = globalThis.crypto.randomUUID();
  const headers: Record<string, string> = {
    [TRANSPORT_HEADERS.transport]: '1',
    [TRANSPORT_HEADERS.requestId]: requestId,
  };
  if (canInflate()) headers[TRANSPORT_HEADERS.deflate] = '1';
  if (method !== 'POST' || !sealsRequestBody(pathname)) return { requestId, token, headers, body };
  const keys = await transportKeys(token);
  const time = String(Date.now());
  if (typeof FormData !== 'undefined' && body instanceof FormData) {
    // An upload travels as it is, signed (request id, time, path), so the server's 'required' mode takes it.
    headers[TRANSPORT_HEADERS.time] = time;
    headers[TRANSPORT_HEADERS.sign] = await signText(
      keys,
      requestSigningText(requestId, time, method, pathname, UNWRAPPED_MULTIPART_DATA),
    );
    return { requestId, token, headers, body };
  }
  if (form || !(body === undefined || isPlainObject(body))) return { requestId, token, headers, body };
  const data = await sealText(keys, JSON.stringify(body ?? {}));
  headers[TRANSPORT_HEADERS.time] = time;
  headers[TRANSPORT_HEADERS.sign] = await signText(keys, requestSigningText(requestId, time, method, pathname, data));
  return { requestId, token, headers, body: { data } };
}

const fault = (msg: string, detail: string, httpStatus: number) =>
  new HttpError(STATUS_SIGNATURE_FAULT, msg, detail, httpStatus);

/** Section 5: the answer must carry the verification headers, the same request id and a valid signature; then its result is opened. */
export async function openResponse(
  sealed: SealedRequest,
  headers: Headers,
  parsed: unknown,
  httpStatus: number,
): Promise<unknown> {
  const requestId = headers.get(TRANSPORT_HEADERS.requestId);
  const signature = headers.get(TRANSPORT_HEADERS.sign);
  if (headers.get(TRANSPORT_HEADERS.transport) !== '1' || !requestId || !signature)
    throw fault(TRANSPORT_TEXTS.missingHeaders, 'verification headers missing', httpStatus);
  if (requestId !== sealed.requestId)
    throw fault(TRANSPORT_TEXTS.requestIdMismatch, `${requestId} ≠ ${sealed.requestId}`, httpStatus);
  const env = parsed as { status?: unknown; result?: unknown } | null;
  if (!env || typeof env !== 'object' || typeof env.status !== 'number' || typeof env.result !== 'string')
    throw fault(TRANSPORT_TEXTS.badSign, 'no sealed result', httpStatus);
  const keys = await transportKeys(sealed.token);
  if (!(await verifyText(keys, responseSigningText(requestId, env.status, env.result), signature)))
    throw fault(TRANSPORT_TEXTS.badSign, 'signature', httpStatus);
  const text = await openText(keys, env.result);
  if (text === null) throw fault(TRANSPORT_TEXTS.badSign, 'result cannot be opened', httpStatus);
  try {
    return { ...env, result: JSON.parse(text) as unknown };
  } catch {
    throw fault(TRANSPORT_TEXTS.badSign, 'result is not JSON', httpStatus);
  }
}

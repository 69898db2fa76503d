/**
 * 7.1 encoding: requests of the online-service-platform group (except nobody paths) travel as a single
 * encrypted `data` field, signed with a request id and a time; answers of the platform, workbench,
 * online-service-platform and comb-cygj groups carry an encrypted `result` string, signed and bound to the
 * request id (section 5: a differing request id, a failed signature check or a missing verification header
 * rejects the answer, with the messages of section 8). docs/adr/0014-transport-sealing.md has the design.
 *
 * Keys: both sides derive them from the bearer token of the call with HKDF-SHA-256 (salt and infos below):
 * one AES-256-GCM key and one HMAC-SHA-256 key. A sealed value is base64url(iv 12 bytes ‖ ciphertext ‖ tag).
 */

export const TRANSPORT_HEADERS = {
  /** '1' on a request: seal this call (body where it applies, and the answer). '1' on an answer: its result is sealed. */
  transport: 'Portal-Transport',
  requestId: 'Request-Id',
  time: 'Request-Time',
  sign: 'Sign',
  /**
   * '1' on a sealed request: the client can inflate (ADR 0060). The server may then seal a long result deflated: its
   * opened bytes are SEALED_DEFLATED followed by the raw deflate stream of the JSON (JSON never starts with 0x00).
   */
  deflate: 'Portal-Transport-Deflate',
} as const;

/** The first opened byte of a result sealed deflated (ADR 0060). */
export const SEALED_DEFLATED = 0;
/** Results whose JSON is shorter than this are sealed as they are: deflating them saves less than it costs. */
export const SEALED_DEFLATE_MIN_BYTES = 1024;

export const TRANSPORT_KDF = {
  salt: 'portal-transport-v1',
  encInfo: 'portal-transport-aes-256-gcm',
  macInfo: 'portal-transport-hmac-sha-256',
} as const;

/** How far a request's time may be from the server's. */
export const TRANSPORT_MAX_SKEW_MS = 5 * 60_000;

/** Section 8: "Signature faults return status 1002 with these messages". */
export const STATUS_SIGNATURE_FAULT = 1002;
export const TRANSPORT_TEXTS = {
  badSign: '验签失败 服务器返回内容不可信。',
  requestIdMismatch: 'requestId不一致，可能存在欺诈行为。',
  missingHeaders: '校验参数不存在，可能存在欺诈行为。',
} as const;

const SEALED_RESPONSE_GROUPS = [
  '/api/blade-platform/',
  '/api/blade-workbench/',
  '/api/online-service-platform/',
  '/api/comb-cygj/',
];

/** The request body of a POST to this path travels sealed (online-service-platform, not nobody). */
export const sealsRequestBody = (pathname: string) =>
  pathname.startsWith('/api/online-service-platform/') && !pathname.includes('/nobody/');

/** The answer to a call of this path carries a sealed result when the request asks for it. */
export const sealsResponse = (pathname: string) => SEALED_RESPONSE_GROUPS.some((g) => pathname.startsWith(g));

/** What a request's signature covers: the request id, time, method, path (no query) and the sealed data. */
/**
 * A multipart upload of the online-service-platform group is not wrapped (files travel as they are) but signed:
 * its Sign covers request id, time, method, path and this marker in place of the sealed data.
 */
export const UNWRAPPED_MULTIPART_DATA = 'multipart/form-data';

export const requestSigningText = (requestId: string, time: string, method: string, pathname: string, data: string) =>
  ['req', requestId, time, method.toUpperCase(), pathname, data].join('\n');

/** What an answer's signature covers: the request id it answers, the envelope status and the sealed result. */
export const responseSigningText = (requestId: string, status: number, result: string) =>
  ['res', requestId, String(status), result].join('\n');

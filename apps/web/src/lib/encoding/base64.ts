/**
 * Base64 and base64url of bytes, with the browser's own codec where it has one (`Uint8Array.prototype.toBase64` and
 * `Uint8Array.fromBase64`: Chromium 140, Firefox 133, Safari 18.2). The encrypted session, the encrypted offline
 * answers and the sealed calls of 7.1 are base64 text: on a home page load, turning the offline answers' ciphertext
 * into base64 through `String.fromCharCode` and `btoa` took 40 ms of a laptop's main thread (issue 10), the native codec
 * a fraction of that. Browsers without it use the same code as before.
 */

type Alphabet = 'base64' | 'base64url';
type NativeBytes = Uint8Array & { toBase64?: (options: { alphabet: Alphabet; omitPadding: boolean }) => string };
type NativeFrom = typeof Uint8Array & {
  fromBase64?: (text: string, options: { alphabet: Alphabet; lastChunkHandling: 'loose' }) => Uint8Array<ArrayBuffer>;
};

/** Base64 of `bytes`; base64url without padding when `url`. */
export function bytesToBase64(bytes: Uint8Array, url = false): string {
  const native = (bytes as NativeBytes).toBase64;
  if (typeof native === 'function')
    return native.call(bytes, { alphabet: url ? 'base64url' : 'base64', omitPadding: url });
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  const text = btoa(s);
  return url ? text.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') : text;
}

/** The bytes of base64 text (base64url when `url`, padding optional); throws on text that is not base64. */
export function base64ToBytes(text: string, url = false): Uint8Array<ArrayBuffer> {
  const native = (Uint8Array as NativeFrom).fromBase64;
  if (typeof native === 'function')
    return native.call(Uint8Array, text, { alphabet: url ? 'base64url' : 'base64', lastChunkHandling: 'loose' });
  const s = atob(url ? text.replace(/-/g, '+').replace(/_/g, '/') : text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

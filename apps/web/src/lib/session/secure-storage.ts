import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { STORAGE_LENGTH_PREFIX_DIGITS } from '@portal/contracts/constants';

/**
 * Section 9: values kept for the session are stored encrypted, with random-number padding behind a length prefix of
 * 10 digits (ADR 0027).
 *
 * Stored text: `v1.` + base64(iv ‖ AES-GCM ciphertext). The plaintext is `<length, 10 digits><value><random digits>`,
 * padded to a multiple of 256 characters with at least 16 random digits, so the stored size tells little of the
 * value's. The name the value is stored under is the AES-GCM additional data: a value moved to another name (another
 * user's, say) does not open. A changed byte fails the GCM tag; the value then reads as absent.
 *
 * Keys are non-extractable AES-256-GCM CryptoKeys generated in this browser and kept in IndexedDB (`portal-keys`),
 * never beside the data in localStorage and never as bytes a script could read or send away: the browser holds the
 * key material, a script can only ask it to encrypt or decrypt while on the portal's origin. The session's own key is
 * per browser (the session is read before anyone is known); every user's cached data has a key of its own, under
 * `user:<tenant>:<user id>`, which logout deletes with the data.
 */

export const STORAGE_FORMAT_VERSION = 'v1.';
const PAD_BLOCK = 256;
const MIN_PADDING = 16;

let keyStore: UseStore | null = null;
const keys = () => (keyStore ??= createStore('portal-keys', 'keys'));

/** The name of the browser's session key in the key store. */
export const SESSION_KEY_ID = 'session';
/** The key id of one user's data (section 3: keys tied to the user id). */
export const userKeyId = (tenantId: string, userId: string) => `user:${tenantId}:${userId}`;

const pending = new Map<string, Promise<CryptoKey>>();

/** The key named `id`, generated (non-extractable) and stored the first time it is asked for. */
export function storageKey(id: string): Promise<CryptoKey> {
  let p = pending.get(id);
  if (!p) {
    p = (async () => {
      const found = await get<CryptoKey>(id, keys());
      if (found) return found;
      const made = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
      await set(id, made, keys());
      // Two tabs may have made one at once: the one stored last wins, and both use it.
      return (await get<CryptoKey>(id, keys())) ?? made;
    })();
    pending.set(id, p);
    p.catch(() => pending.delete(id));
  }
  return p;
}

/** Deletes a key: whatever was encrypted with it cannot be read any more. */
export async function forgetStorageKey(id: string): Promise<void> {
  pending.delete(id);
  await del(id, keys());
}

/** Random decimal digits (rejection sampling: no digit more likely than another). */
export function randomDigits(count: number): string {
  let out = '';
  while (out.length < count) {
    for (const b of crypto.getRandomValues(new Uint8Array(Math.max(16, count - out.length)))) {
      if (b < 250 && out.length < count) out += String(b % 10);
    }
  }
  return out;
}

/** `<length, 10 digits><value><random digits>`. */
export function pad(value: string): string {
  const prefix = String(value.length).padStart(STORAGE_LENGTH_PREFIX_DIGITS, '0');
  if (prefix.length > STORAGE_LENGTH_PREFIX_DIGITS) throw new RangeError('value too long for the length prefix');
  const used = prefix.length + value.length + MIN_PADDING;
  const padding = MIN_PADDING + ((PAD_BLOCK - (used % PAD_BLOCK)) % PAD_BLOCK);
  return prefix + value + randomDigits(padding);
}

/** The value behind the length prefix, or null when the text is not of that form. */
export function unpad(text: string): string | null {
  const prefix = text.slice(0, STORAGE_LENGTH_PREFIX_DIGITS);
  if (!/^\d{10}$/.test(prefix)) return null;
  const length = Number(prefix);
  const end = STORAGE_LENGTH_PREFIX_DIGITS + length;
  if (end > text.length || !/^\d*$/.test(text.slice(end))) return null;
  return text.slice(STORAGE_LENGTH_PREFIX_DIGITS, end);
}

const toBase64 = (bytes: Uint8Array) => {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
};
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** Encrypts `value` for the slot `name` (the additional data) with `key`. */
export async function seal(key: CryptoKey, name: string, value: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = new TextEncoder().encode(pad(value));
  const additionalData = new TextEncoder().encode(name);
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData }, key, data));
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return STORAGE_FORMAT_VERSION + toBase64(out);
}

/** The value `seal` stored under `name`, or null when it is not there, was changed, or is of another key or slot. */
export async function open(key: CryptoKey, name: string, stored: string | null): Promise<string | null> {
  if (!stored?.startsWith(STORAGE_FORMAT_VERSION)) return null;
  try {
    const bytes = fromBase64(stored.slice(STORAGE_FORMAT_VERSION.length));
    if (bytes.length < 12 + 16) return null;
    const additionalData = new TextEncoder().encode(name);
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.subarray(0, 12), additionalData },
      key,
      bytes.subarray(12),
    );
    return unpad(new TextDecoder().decode(plain));
  } catch {
    return null;
  }
}

export type AsyncStringStorage = {
  getItem(name: string): Promise<string | null>;
  setItem(name: string, value: string): Promise<void>;
  removeItem(name: string): Promise<void>;
};

/**
 * A localStorage of encrypted values (the zustand `persist` storage of the session). Writes to one name go out in
 * order and the last one wins; `flush()` waits for those under way (the tab holding the refresh lock writes its new
 * tokens before it lets the next tab look).
 */
/** Rounds of a merging write while other tabs keep writing the same name; the last round writes regardless. */
const MERGE_ATTEMPTS = 5;

export function encryptedLocalStorage(
  keyId: string = SESSION_KEY_ID,
  opts: {
    /**
     * Combines a value about to be written with the one stored now (written by this tab or another): what it returns
     * is written. Runs in the write's turn, so it sees every earlier write of this tab, and again if another tab wrote
     * while this write was being encrypted.
     */
    merge?: (incoming: string, stored: string) => string;
  } = {},
): AsyncStringStorage & {
  flush(): Promise<void>;
} {
  const chains = new Map<string, Promise<void>>();
  const latest = new Map<string, number>();
  let counter = 0;
  const enqueue = (name: string, job: () => Promise<void>, replaceable = true) => {
    const n = ++counter;
    latest.set(name, n);
    const run = async () => {
      // A newer write or removal replaces a plain write. A merging write is never dropped: the newer one may come from
      // another writer of the same name (two session stores of one page), and what it merges with must hold this one
      // (a refresh's new token dropped for an older token's write made the next tab refresh again, issue 11).
      if (replaceable && latest.get(name) !== n) return;
      // A write the browser refuses (storage full or blocked, or gone with the page) leaves what is stored as it was:
      // the session then lasts as long as the tab, and no promise rejects unhandled.
      await job().catch(() => undefined);
    };
    const next = (chains.get(name) ?? Promise.resolve()).then(run, run);
    chains.set(name, next);
    return next;
  };
  return {
    async getItem(name) {
      await chains.get(name);
      const stored = localStorage.getItem(name);
      if (stored === null) return null;
      // Without IndexedDB (some private modes) nothing stored can be read: the session lasts as long as the tab.
      const key = await storageKey(keyId).catch(() => null);
      if (!key) return null;
      const value = await open(key, name, stored);
      if (value === null) localStorage.removeItem(name); // changed, or of a key this browser no longer has
      return value;
    },
    setItem: (name, value) =>
      enqueue(
        name,
        async () => {
          const key = await storageKey(keyId).catch(() => null);
          if (!key) return;
          const { merge } = opts;
          if (!merge) {
            localStorage.setItem(name, await seal(key, name, value));
            return;
          }
          // Compare and swap: decrypting and encrypting take turns of the event loop, in which another tab may write
          // (a refresh's new token). The merged value is written only if the stored one is still the one merged with;
          // otherwise the merge runs again on what the other tab wrote. The check and the write are one synchronous step.
          for (let attempt = 1; ; attempt++) {
            const current = localStorage.getItem(name);
            const stored = current === null ? null : await open(key, name, current);
            const sealed = await seal(key, name, stored === null ? value : merge(value, stored));
            if (localStorage.getItem(name) === current || attempt >= MERGE_ATTEMPTS) {
              localStorage.setItem(name, sealed);
              return;
            }
          }
        },
        !opts.merge,
      ),
    removeItem: (name) => enqueue(name, async () => localStorage.removeItem(name)),
    async flush() {
      await Promise.all(chains.values());
    },
  };
}

import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { STORAGE_LENGTH_PREFIX_DIGITS } from '@portal/contracts/constants';
import { base64ToBytes, bytesToBase64 } from '../encoding/base64.ts';

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

/** Encrypts `value` for the slot `name` (the additional data) with `key`. */
export async function seal(key: CryptoKey, name: string, value: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = new TextEncoder().encode(pad(value));
  const additionalData = new TextEncoder().encode(name);
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData }, key, data));
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return STORAGE_FORMAT_VERSION + bytesToBase64(out);
}

/** The value `seal` stored under `name`, or null when it is not there, was changed, or is of another key or slot. */
export async function open(key: CryptoKey, name: string, stored: string | null): Promise<string | null> {
  if (!stored?.startsWith(STORAGE_FORMAT_VERSION)) return null;
  try {
    const bytes = base64ToBytes(stored.slice(STORAGE_FORMAT_VERSION.length));
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

/** Rounds of a merging write while other tabs keep writing the same name; the last round writes regardless. */
const MERGE_ATTEMPTS = 5;

/** A write waiting its turn: its value is made when the turn comes (the newest state then), from one writer. */
type Write = { value: string | (() => string); writer: object | undefined; promise?: Promise<void> };

/**
 * A localStorage of encrypted values (the zustand `persist` storage of the session). Writes to one name go out in
 * order and the last one wins; `flush()` waits for those under way (the tab holding the refresh lock writes its new
 * tokens before it lets the next tab look).
 *
 * Writes are coalesced (issue 10, ADR 0050): while a write of a name waits for the one before it, a newer value of
 * the same writer takes its place, so a page that changes its session a dozen times while one write is being
 * encrypted encrypts twice, not a dozen times; a value may be given as a function, called when its turn comes. The
 * text last written or read is remembered beside its ciphertext, so a write finds what is stored without decrypting
 * it again unless another tab has written since, and skips the merge when what is stored is this writer's own
 * unmerged value.
 */
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
): Omit<AsyncStringStorage, 'setItem'> & {
  /** `writer`: who writes (one session store); only a newer value of the same writer replaces a waiting one. */
  setItem(name: string, value: string | (() => string), writer?: object): Promise<void>;
  flush(): Promise<void>;
} {
  const chains = new Map<string, Promise<void>>();
  const latest = new Map<string, number>();
  /** The write of each name that has not started yet. */
  const waiting = new Map<string, Write>();
  /** The ciphertext stored by or read through this storage, with its text; `writer` when it is that writer's own value. */
  const known = new Map<string, { stored: string; value: string; writer: object | undefined }>();
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
  const write = async (name: string, w: Write) => {
    if (waiting.get(name) === w) waiting.delete(name);
    const key = await storageKey(keyId).catch(() => null);
    if (!key) return;
    const value = typeof w.value === 'function' ? w.value() : w.value;
    const { merge } = opts;
    // Compare and swap: decrypting and encrypting take turns of the event loop, in which another tab may write (a
    // refresh's new token). The merged value is written only if the stored one is still the one merged with;
    // otherwise the merge runs again on what the other tab wrote. The check and the write are one synchronous step.
    for (let attempt = 1; ; attempt++) {
      const current = localStorage.getItem(name);
      const seen = known.get(name);
      const cached = current !== null && seen?.stored === current ? seen : null;
      let text = value;
      if (merge && current !== null && !(cached && cached.writer !== undefined && cached.writer === w.writer)) {
        const stored = cached ? cached.value : await open(key, name, current);
        if (stored !== null) text = merge(value, stored);
      }
      const sealed = await seal(key, name, text);
      if (localStorage.getItem(name) === current || attempt >= MERGE_ATTEMPTS) {
        localStorage.setItem(name, sealed);
        // Remembered as this writer's own only when nothing of another writer was merged into it.
        known.set(name, { stored: sealed, value: text, writer: text === value ? w.writer : undefined });
        return;
      }
    }
  };
  return {
    async getItem(name) {
      await chains.get(name);
      const stored = localStorage.getItem(name);
      if (stored === null) return null;
      const seen = known.get(name);
      if (seen?.stored === stored) return seen.value;
      // Without IndexedDB (some private modes) nothing stored can be read: the session lasts as long as the tab.
      const key = await storageKey(keyId).catch(() => null);
      if (!key) return null;
      const value = await open(key, name, stored);
      if (value === null) {
        localStorage.removeItem(name); // changed, or of a key this browser no longer has
        return null;
      }
      known.set(name, { stored, value, writer: undefined });
      return value;
    },
    setItem(name, value, writer) {
      const queued = waiting.get(name);
      // A newer value of the same writer (without a merge, of any writer) takes the place of one still waiting; a
      // merging write of no named writer is never replaced.
      if (queued?.promise && (!opts.merge || (writer !== undefined && queued.writer === writer))) {
        queued.value = value;
        return queued.promise;
      }
      const w: Write = { value, writer };
      waiting.set(name, w);
      w.promise = enqueue(name, () => write(name, w), !opts.merge);
      return w.promise;
    },
    removeItem: (name) => {
      // A later write does not take the place of one before the removal.
      waiting.delete(name);
      return enqueue(name, async () => {
        known.delete(name);
        localStorage.removeItem(name);
      });
    },
    async flush() {
      await Promise.all(chains.values());
    },
  };
}

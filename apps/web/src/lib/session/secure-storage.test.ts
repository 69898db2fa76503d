import { get, createStore } from 'idb-keyval';
import { describe, expect, it, vi } from 'vitest';
import {
  encryptedLocalStorage,
  forgetStorageKey,
  open,
  pad,
  seal,
  SESSION_KEY_ID,
  storageKey,
  STORAGE_FORMAT_VERSION,
  unpad,
  userKeyId,
} from './secure-storage.ts';

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** Opens a stored value by hand: the format as section 9 has it, without the module's reader. */
async function decryptByHand(key: CryptoKey, name: string, stored: string): Promise<string> {
  const bytes = fromBase64(stored.slice(STORAGE_FORMAT_VERSION.length));
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: bytes.subarray(0, 12), additionalData: new TextEncoder().encode(name) },
    key,
    bytes.subarray(12),
  );
  return new TextDecoder().decode(plain);
}

describe('encrypted session storage (section 9)', () => {
  it('pads with random digits behind a 10-digit length prefix', () => {
    const value = '{"token":"abc","name":"张三"}';
    const a = pad(value);
    expect(a.slice(0, 10)).toBe(String(value.length).padStart(10, '0'));
    expect(a.slice(10, 10 + value.length)).toBe(value);
    const padding = a.slice(10 + value.length);
    expect(padding).toMatch(/^\d{16,}$/);
    expect(a.length % 256).toBe(0);
    expect(unpad(a)).toBe(value);
    // The padding is random: the same value pads differently.
    expect(pad(value)).not.toBe(a);
    expect(unpad('12345')).toBeNull();
    expect(unpad('0000000099abc')).toBeNull();
    expect(unpad(`0000000001a${'x'}`)).toBeNull();
  });

  it('stores AES-GCM ciphertext of the padded value and reads it back', async () => {
    const storage = encryptedLocalStorage();
    const value = JSON.stringify({ state: { token: 'secret-access-token', user: { user_name: '张三' } }, version: 0 });
    await storage.setItem('portal.test', value);
    const stored = localStorage.getItem('portal.test')!;
    expect(stored.startsWith('v1.')).toBe(true);
    expect(stored).not.toContain('secret-access-token');
    expect(atob(stored.slice(3))).not.toContain('secret-access-token');

    const plain = await decryptByHand(await storageKey(SESSION_KEY_ID), 'portal.test', stored);
    expect(plain.slice(0, 10)).toBe(String(value.length).padStart(10, '0'));
    expect(plain.slice(10, 10 + value.length)).toBe(value);
    expect(plain.slice(10 + value.length)).toMatch(/^\d+$/);

    expect(await storage.getItem('portal.test')).toBe(value);
    // A fresh IV every write: the same value is stored differently.
    await storage.setItem('portal.test', value);
    expect(localStorage.getItem('portal.test')).not.toBe(stored);
    expect(await storage.getItem('portal.test')).toBe(value);
  });

  it('detects tampering: a changed byte, another slot or another key reads as absent', async () => {
    const storage = encryptedLocalStorage();
    await storage.setItem('portal.a', 'hello');
    const stored = localStorage.getItem('portal.a')!;
    const bytes = fromBase64(stored.slice(3));
    bytes[20] = bytes[20]! ^ 1;
    localStorage.setItem('portal.a', 'v1.' + btoa(String.fromCharCode(...bytes)));
    expect(await storage.getItem('portal.a')).toBeNull();
    expect(localStorage.getItem('portal.a')).toBeNull(); // dropped, not left to fail again

    const key = await storageKey(SESSION_KEY_ID);
    // Moved to another name (the additional data is the name): refused.
    expect(await open(key, 'portal.b', stored)).toBeNull();
    expect(await open(key, 'portal.a', stored)).toBe('hello');
    // Plain text where a sealed value belongs: refused.
    expect(await open(key, 'portal.a', '{"state":{"token":"x"}}')).toBeNull();
    // Another user's key does not open it.
    expect(await open(await storageKey(userKeyId('000000', 'u2')), 'portal.a', stored)).toBeNull();
  });

  it('keeps the key out of storage: non-extractable, in IndexedDB, never in localStorage', async () => {
    const storage = encryptedLocalStorage();
    await storage.setItem('portal.k', 'value');
    const key = await get<CryptoKey>(SESSION_KEY_ID, createStore('portal-keys', 'keys'));
    expect(key).toBeDefined();
    expect(key!.extractable).toBe(false);
    expect(key!.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    await expect(crypto.subtle.exportKey('raw', key!)).rejects.toThrow();
    // localStorage holds only the sealed value: nothing there is a key (no JWK, no 32-byte raw key in base64).
    for (let i = 0; i < localStorage.length; i++) {
      const v = localStorage.getItem(localStorage.key(i)!)!;
      expect(v).not.toMatch(/"kty"|"k":/);
      expect(v.startsWith('v1.')).toBe(true);
    }
  });

  it('a forgotten key leaves its data unreadable (logout of a user)', async () => {
    const id = userKeyId('000000', 'u1');
    const key = await storageKey(id);
    const sealed = await seal(key, 'portal.offline.000000.u1', 'cached');
    expect(await open(await storageKey(id), 'portal.offline.000000.u1', sealed)).toBe('cached');
    await forgetStorageKey(id);
    expect(await open(await storageKey(id), 'portal.offline.000000.u1', sealed)).toBeNull();
  });

  it('writes to one name land in order, the last one wins', async () => {
    const storage = encryptedLocalStorage();
    const writes = Array.from({ length: 20 }, (_, i) => storage.setItem('portal.order', `v${i}`));
    await Promise.all(writes);
    expect(await storage.getItem('portal.order')).toBe('v19');
    void storage.setItem('portal.order', 'last');
    await storage.flush();
    expect(await storage.getItem('portal.order')).toBe('last');
  });

  it("a merging write that another tab overtakes merges again with the other tab's value (issue 11)", async () => {
    const name = 'portal.cas';
    const key = await storageKey(SESSION_KEY_ID);
    localStorage.setItem(name, await seal(key, name, 'token-1'));
    const otherTab = await seal(key, name, 'token-2');
    const seen: string[] = [];
    const storage = encryptedLocalStorage(SESSION_KEY_ID, {
      merge: (incoming, stored) => {
        seen.push(stored);
        // While this write is being encrypted, the other tab stores its newer token.
        if (seen.length === 1) localStorage.setItem(name, otherTab);
        return stored > incoming ? stored : incoming;
      },
    });
    await storage.setItem(name, 'token-0');
    expect(seen).toEqual(['token-1', 'token-2']);
    expect(await storage.getItem(name)).toBe('token-2');
  });

  it('a merging write is never dropped for a later one: two writers of one name keep the newer token (issue 11)', async () => {
    const storage = encryptedLocalStorage(SESSION_KEY_ID, {
      merge: (incoming, stored) => (stored > incoming ? stored : incoming),
    });
    // One session store writes the refreshed token, another (of the same page) its older state right after, before
    // the first write has been encrypted.
    const refreshed = storage.setItem('portal.two-writers', 'token-2');
    const older = storage.setItem('portal.two-writers', 'token-1');
    await Promise.all([refreshed, older]);
    expect(await storage.getItem('portal.two-writers')).toBe('token-2');
  });

  it('a write the browser refuses (storage full) leaves the stored value and rejects nothing', async () => {
    const storage = encryptedLocalStorage();
    await storage.setItem('portal.full', 'kept');
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      await expect(storage.setItem('portal.full', 'lost')).resolves.toBeUndefined();
    } finally {
      setItem.mockRestore();
    }
    expect(await storage.getItem('portal.full')).toBe('kept');
  });
});

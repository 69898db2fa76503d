import type { Page } from 'playwright-core';

/**
 * The session the portal keeps in the browser, read and written as the app does (section 9, ADR 0027): localStorage
 * `portal.session` holds `v1.` + base64(IV ‖ AES-GCM ciphertext) of `<10-digit length><JSON><random digits>`, under
 * the non-extractable key `session` of IndexedDB `portal-keys` (store `keys`), with the name as additional data.
 * Runs in the page (same origin), so a journey reads the session without the key ever leaving the browser.
 */

export type StoredSession = {
  token?: string | null;
  tenantId?: string | null;
  casTicket?: string | null;
  user?: { user_id?: string; user_name?: string } | null;
  chatRecords?: Record<string, unknown>;
  [key: string]: unknown;
};

type InPageArgs = { name: string; patch: Record<string, unknown> | null };

/** In the page: decrypts the stored session; with a patch, merges it into the state and stores it again. */
async function inPage({ name, patch }: InPageArgs): Promise<Record<string, unknown> | null> {
  const stored = localStorage.getItem(name);
  if (!stored?.startsWith('v1.')) return null;
  const key = await new Promise<CryptoKey | undefined>((resolve, reject) => {
    const open = indexedDB.open('portal-keys');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('keys')) return resolve(undefined);
      const get = db.transaction('keys', 'readonly').objectStore('keys').get('session');
      get.onsuccess = () => resolve(get.result as CryptoKey | undefined);
      get.onerror = () => reject(get.error);
    };
  });
  if (!key) return null;
  const bytes = Uint8Array.from(atob(stored.slice(3)), (c) => c.charCodeAt(0));
  const additionalData = new TextEncoder().encode(name);
  let text: string;
  try {
    text = new TextDecoder().decode(
      await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: bytes.subarray(0, 12), additionalData },
        key,
        bytes.subarray(12),
      ),
    );
  } catch {
    return null;
  }
  const length = Number(text.slice(0, 10));
  const value = JSON.parse(text.slice(10, 10 + length)) as { state: Record<string, unknown>; version?: number };
  if (!patch) return value.state;
  value.state = { ...value.state, ...patch };
  const json = JSON.stringify(value);
  let padding = '';
  for (const b of crypto.getRandomValues(new Uint8Array(32))) padding += String(b % 10);
  const plain = String(json.length).padStart(10, '0') + json + padding;
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData }, key, new TextEncoder().encode(plain)),
  );
  const out = new Uint8Array(12 + sealed.length);
  out.set(iv);
  out.set(sealed, 12);
  localStorage.setItem(name, 'v1.' + btoa(String.fromCharCode(...out)));
  return value.state;
}

/** The stored session's state, or null when none is stored (or it does not open). */
export function storedSession(page: Page, name = 'portal.session'): Promise<StoredSession | null> {
  return page.evaluate(inPage, { name, patch: null });
}

/** The access token of the stored session (throws when there is none). */
export async function storedToken(page: Page): Promise<string> {
  const token = (await storedSession(page))?.token;
  if (!token) throw new Error('no stored session token');
  return token;
}

/** Changes the stored session as a script of the origin could (on a page where the app is not running). */
export function patchStoredSession(page: Page, patch: Record<string, unknown>, name = 'portal.session') {
  return page.evaluate(inPage, { name, patch });
}

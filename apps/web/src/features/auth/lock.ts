import { sessionStore } from '../../lib/session/session-store.ts';

const key = () => `portal.lock.${sessionStore.getState().user?.user_id ?? 'anonymous'}`;

async function digest(password: string): Promise<string> {
  const bytes = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(password));
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Locks the screen with a password the user chose; only its hash is kept, per user. Every tab of the user locks with
 * it (session-store.ts's setLock tells them).
 */
export async function lockScreen(password: string): Promise<void> {
  localStorage.setItem(key(), await digest(password));
  sessionStore.getState().setLock(true);
}

/**
 * Unlocks with the lock password. The lock is the session's, one for all its tabs (its hash is removed here, so no
 * other tab could be unlocked with it any more): every tab of the user unlocks with this one.
 */
export async function unlockScreen(password: string): Promise<boolean> {
  const stored = localStorage.getItem(key());
  if (!stored || stored !== (await digest(password))) return false;
  localStorage.removeItem(key());
  sessionStore.getState().setLock(false);
  return true;
}

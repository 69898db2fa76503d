/**
 * Group announcements a user closed in the chat panel, for this session only: kept in sessionStorage (a reload
 * keeps them, a new tab does not) and forgotten when the login session ends. A closed announcement is named by
 * its group and the time it was set, so a new or changed one shows again.
 */
const STORAGE_KEY = 'portal.chat.dismissedNotices';
/** The newest ones are kept; older dismissals drop off. */
export const DISMISSED_NOTICES_KEPT = 200;

const storage = (): Storage | null => (typeof sessionStorage === 'undefined' ? null : sessionStorage);
const entry = (userId: string, groupId: string, at: string) => `${userId}|${groupId}|${at}`;

function read(): string[] {
  try {
    const raw: unknown = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(raw) ? raw.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function isNoticeDismissed(userId: string, groupId: string, at: string): boolean {
  return read().includes(entry(userId, groupId, at));
}

export function dismissNotice(userId: string, groupId: string, at: string): void {
  const key = entry(userId, groupId, at);
  const kept = [...read().filter((x) => x !== key), key].slice(-DISMISSED_NOTICES_KEPT);
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(kept));
  } catch {
    // Storage full or unavailable: the banner stays closed until the page reloads.
  }
}

/** The login session ended: every announcement shows again at the next login. */
export function forgetDismissedNotices(): void {
  try {
    storage()?.removeItem(STORAGE_KEY);
  } catch {
    // Nothing kept.
  }
}

/**
 * The unread-notice prompt (2.4) a user closed with 关闭提醒, for this browser session: kept in sessionStorage (a
 * reload keeps it closed, a new tab does not). What is kept is the user and the notices the prompt held when it was
 * closed: another user on the same tab still sees theirs, and a notice not among them (one arrived since) shows the
 * prompt again. One user's entry only; the next user's dismissal replaces it.
 */
const STORAGE_KEY = 'portal.messages.noticePromptDismissed';

const storage = (): Storage | null => (typeof sessionStorage === 'undefined' ? null : sessionStorage);

/** The ids of the notices the prompt held when this user closed it (none when they have not). */
export function dismissedPromptNotices(user: string): ReadonlySet<string> {
  try {
    const raw: unknown = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? 'null');
    if (!raw || typeof raw !== 'object') return new Set();
    const { user: who, ids } = raw as { user?: unknown; ids?: unknown };
    if (who !== user || !Array.isArray(ids)) return new Set();
    return new Set(ids.filter((x): x is string => typeof x === 'string'));
  } catch {
    return new Set();
  }
}

/** This user closed the prompt holding these notices. */
export function dismissPrompt(user: string, noticeIds: string[]): void {
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify({ user, ids: noticeIds }));
  } catch {
    // Storage full or unavailable: the prompt stays closed until the page reloads.
  }
}

/**
 * What a user did with the unread-notice prompt (2.4) for this browser session, kept in sessionStorage (a reload
 * keeps it, a new tab does not): 关闭提醒 (closed: the prompt is gone) or 收起提醒 (collapsed to a small badge at the
 * corner that still reminds). What is kept is the user and the notices the prompt held then: another user on the
 * same tab still sees theirs, and a notice not among them (one arrived since) shows the whole prompt again. One
 * user's entry per kind only; the next user's replaces it.
 */
const STORAGE_KEYS = {
  closed: 'portal.messages.noticePromptDismissed',
  collapsed: 'portal.messages.noticePromptCollapsed',
} as const;
type Kind = keyof typeof STORAGE_KEYS;

const storage = (): Storage | null => (typeof sessionStorage === 'undefined' ? null : sessionStorage);

function heldNotices(kind: Kind, user: string): ReadonlySet<string> {
  try {
    const raw: unknown = JSON.parse(storage()?.getItem(STORAGE_KEYS[kind]) ?? 'null');
    if (!raw || typeof raw !== 'object') return new Set();
    const { user: who, ids } = raw as { user?: unknown; ids?: unknown };
    if (who !== user || !Array.isArray(ids)) return new Set();
    return new Set(ids.filter((x): x is string => typeof x === 'string'));
  } catch {
    return new Set();
  }
}

function hold(kind: Kind, user: string, noticeIds: string[] | null): void {
  try {
    if (noticeIds) storage()?.setItem(STORAGE_KEYS[kind], JSON.stringify({ user, ids: noticeIds }));
    else storage()?.removeItem(STORAGE_KEYS[kind]);
  } catch {
    // Storage full or unavailable: the prompt keeps its state until the page reloads.
  }
}

/** The ids of the notices the prompt held when this user closed it (none when they have not). */
export const dismissedPromptNotices = (user: string) => heldNotices('closed', user);

/** This user closed the prompt holding these notices. */
export const dismissPrompt = (user: string, noticeIds: string[]) => hold('closed', user, noticeIds);

/** The ids of the notices the prompt held when this user collapsed it (none when it is not collapsed). */
export const collapsedPromptNotices = (user: string) => heldNotices('collapsed', user);

/** This user collapsed the prompt holding these notices (null: they opened it again). */
export const collapsePrompt = (user: string, noticeIds: string[] | null) => hold('collapsed', user, noticeIds);

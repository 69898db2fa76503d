import { dehydrate, hydrate, onlineManager, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { forgetStorageKey, open, seal, storageKey, userKeyId } from '../../../lib/session/secure-storage.ts';

/**
 * The answers a user saw, kept for offline use (issue 18, ADR 0027): the query cache is saved — encrypted with that
 * user's own key, under a name that carries tenant and user id — to IndexedDB `portal-offline`, at most once a second
 * after it changes, and read back when the same user opens the portal again. Offline, the saved answers show at once;
 * online, the page shows what the server answers now, and the saved answers show only if the browser goes offline (a
 * copy saved before the user's last change, shown while the fresh answer is on its way, would show what is no longer
 * true). Each save keeps the saved answers of the pages not visited this time. Logout deletes the saved answers and
 * the user's key. Answers older than OFFLINE_MAX_AGE_MS are not restored.
 */

export const OFFLINE_MAX_AGE_MS = 7 * 24 * 3600_000;
const SAVE_THROTTLE_MS = 1000;
const FORMAT = 1;

let valueStore: UseStore | null = null;
const values = () => (valueStore ??= createStore('portal-offline', 'values'));

export const offlineCacheName = (tenantId: string, userId: string) => `portal.offline.${tenantId}.${userId}`;

type Saved = { format: number; savedAt: number; state: DehydratedState };

/** The saved answers of a user, or null (none, too old, changed, or of a key this browser no longer has). */
export async function readOfflineCache(tenantId: string, userId: string, now = Date.now()): Promise<Saved | null> {
  const name = offlineCacheName(tenantId, userId);
  const stored = await get<string>(name, values());
  if (!stored) return null;
  const text = await open(await storageKey(userKeyId(tenantId, userId)), name, stored);
  if (!text) return null;
  const saved = JSON.parse(text) as Saved;
  if (saved.format !== FORMAT || now - saved.savedAt > OFFLINE_MAX_AGE_MS) return null;
  return saved;
}

export async function writeOfflineCache(tenantId: string, userId: string, state: DehydratedState, now = Date.now()) {
  const name = offlineCacheName(tenantId, userId);
  const saved: Saved = { format: FORMAT, savedAt: now, state };
  await set(name, await seal(await storageKey(userKeyId(tenantId, userId)), name, JSON.stringify(saved)), values());
}

/** Logout: the user's saved answers and their key go. */
export async function forgetOfflineCache(tenantId: string, userId: string): Promise<void> {
  await del(offlineCacheName(tenantId, userId), values());
  await forgetStorageKey(userKeyId(tenantId, userId));
}

/** Restored answers are stale from the start: when the network is back, a page fetches afresh. */
const invalidated = (state: DehydratedState): DehydratedState => ({
  ...state,
  queries: state.queries.map((q) => ({ ...q, state: { ...q.state, isInvalidated: true } })),
});

/**
 * Keeps `client`'s answers saved for one user while it runs. What was saved is read back at once: offline it goes into
 * the cache (answers the cache holds newer are kept); online it is kept aside, goes into the cache if the browser goes
 * offline, and its answers of pages not visited this time stay in every save. Saves follow every change. `stop()` ends
 * the saving, a save under way included, before a logout deletes the data (nothing of that user is written after it).
 */
export function keepOfflineCache(
  client: QueryClient,
  tenantId: string,
  userId: string,
): { restored: Promise<number | null>; stop: () => Promise<void> } {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let chain: Promise<void> = Promise.resolve();
  let ready = false;
  /** The answers read back that the cache has not taken (online), kept in each save. */
  let aside: DehydratedState['queries'] = [];
  const show = () => {
    if (stopped || !aside.length) return;
    hydrate(client, invalidated({ mutations: [], queries: aside }));
    aside = [];
  };
  const save = () => {
    timer = null;
    if (stopped) return;
    // Not before the saved copy has been read back: a save then would write a copy without it.
    if (!ready) {
      timer = setTimeout(save, SAVE_THROTTLE_MS);
      return;
    }
    const state = dehydrate(client);
    const now = Date.now();
    const fetched = new Set(state.queries.map((q) => q.queryHash));
    // The answers set aside are kept until the page fetches its own, and not beyond their age.
    aside = aside.filter((q) => !fetched.has(q.queryHash) && now - q.state.dataUpdatedAt <= OFFLINE_MAX_AGE_MS);
    const kept = { ...state, queries: [...state.queries, ...aside] };
    chain = chain.then(() => (stopped ? undefined : writeOfflineCache(tenantId, userId, kept))).catch(() => {});
  };
  const restored = readOfflineCache(tenantId, userId)
    .then((saved) => {
      if (!saved || stopped) return null;
      aside = saved.state.queries;
      if (!onlineManager.isOnline()) show();
      return saved.savedAt;
    })
    .catch(() => null)
    .finally(() => {
      ready = true;
    });
  const offline = onlineManager.subscribe((online) => {
    if (!online) show();
  });
  let lastSave = 0;
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (stopped || (event.type !== 'updated' && event.type !== 'removed' && event.type !== 'added')) return;
    if (timer) return;
    // The first change after a quiet second is saved at once (a page left right after it showed is kept), later ones
    // at most once a second.
    const wait = Math.max(0, lastSave + SAVE_THROTTLE_MS - Date.now());
    timer = setTimeout(() => {
      lastSave = Date.now();
      save();
    }, wait);
  });
  return {
    restored,
    stop: () => {
      stopped = true;
      unsubscribe();
      offline();
      if (timer) clearTimeout(timer);
      return chain;
    },
  };
}

type SessionLike = { tenantId: string | null; user: { user_id: string; tenant_id: string } | null };
type StoreLike = {
  getState(): SessionLike;
  subscribe(listener: (s: SessionLike, prev: SessionLike) => void): () => void;
};

/**
 * Binds the offline cache to the session: the logged-in user's answers are restored and kept; when the session ends
 * (logout, a forced re-login) that user's saved answers and key are deleted; another user's are never shown.
 */
export function startOfflineSession(client: QueryClient, store: StoreLike): () => void {
  // TanStack Query counts itself online until an 'offline' event: a page opened offline would fetch, fail and show
  // an error over the saved answers. It starts from what the browser says, so queries pause offline instead.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  let current: { tenantId: string; userId: string; keeper: ReturnType<typeof keepOfflineCache> } | null = null;
  const sync = (s: SessionLike) => {
    const tenantId = s.user?.tenant_id ?? s.tenantId;
    const userId = s.user?.user_id;
    if (current && current.tenantId === tenantId && current.userId === userId) return;
    if (current) {
      const ended = current;
      current = null;
      const loggedOut = !s.user;
      void ended.keeper.stop().then(() => (loggedOut ? forgetOfflineCache(ended.tenantId, ended.userId) : undefined));
    }
    if (tenantId && userId) current = { tenantId, userId, keeper: keepOfflineCache(client, tenantId, userId) };
  };
  sync(store.getState());
  const unsubscribe = store.subscribe((s) => sync(s));
  return () => {
    unsubscribe();
    void current?.keeper.stop();
    current = null;
  };
}

/** When the answers on screen were last fetched from the server (the newest of the cache), or null. */
export function lastUpdatedAt(client: QueryClient): number | null {
  let newest = 0;
  for (const q of client.getQueryCache().getAll()) newest = Math.max(newest, q.state.dataUpdatedAt);
  return newest || null;
}

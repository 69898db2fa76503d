import type { Db } from '../../db/create-db.ts';
import { preparedResult } from '../../platform/prepared-answer.ts';
import { catalogueVersion } from './catalogue-version.ts';

/**
 * Data prepared per tenant and catalogue version (ADR 0018): counts, group lists, the landing page's parts.
 * A request reads the tenant's version (one primary-key read) and gets what was computed at that version, or
 * computes it once — concurrent requests share the one computation. Because the version is bumped in the
 * transaction of every catalogue change, a cached value is never older than the catalogue the request sees.
 * Values that depend on visits (heat order, visit counts), which are not catalogue changes, also carry a
 * time-to-live (`maxAgeMs`).
 */
const MAX_ENTRIES = 2000;
/**
 * Search answers are keyed by what callers type, so any number of keys may come: fewer are kept (a page is at
 * most 100 services, so at most about 25,600 items of a tenant, with their serialized answers).
 */
const MAX_SEARCH_ENTRIES = 256;

/** How old visit counts and scores in prepared lists may be (they move with clicks and ratings, not catalogue changes). */
export const VISITS_MAX_AGE_MS = 5000;

type Entry = { value: Promise<unknown>; expiresAt: number };
type TenantCache = { version: number; entries: Map<string, Entry> };

const caches = new WeakMap<object, Map<string, TenantCache>>();

function tenantCache(db: Db, tenantId: string, version: number, space: CacheSpace): TenantCache {
  let byTenant = caches.get(db);
  if (!byTenant) caches.set(db, (byTenant = new Map()));
  const slot = space === 'lists' ? tenantId : `${tenantId}\u0000${space}`;
  let t = byTenant.get(slot);
  if (!t || t.version !== version) {
    // Only ever move forward: a request that read an older version (a race with a commit) does not evict
    // the newer data; it computes its own value without keeping it.
    if (t && t.version > version) return { version, entries: new Map() };
    byTenant.set(slot, (t = { version, entries: new Map() }));
  }
  return t;
}

/** The value of `key` at the tenant's current catalogue version, computed by `compute` at most once per version. */
export async function prepared<T>(
  db: Db,
  tenantId: string,
  key: string,
  compute: () => Promise<T>,
  maxAgeMs = Infinity,
): Promise<T> {
  const version = await catalogueVersion(db, tenantId);
  return preparedAt(db, tenantId, version, key, compute, maxAgeMs);
}

/**
 * Where a prepared value is kept: the lists, counts and landing parts ('lists'), or search answers ('search'),
 * whose keys are whatever callers type — kept apart so that many different searches, which clear their own
 * space at MAX_SEARCH_ENTRIES, never clear the lists.
 */
export type CacheSpace = 'lists' | 'search';

/** As `prepared`, with a version the caller has already read in this request. */
export function preparedAt<T>(
  db: Db,
  tenantId: string,
  version: number,
  key: string,
  compute: () => Promise<T>,
  maxAgeMs = Infinity,
  space: CacheSpace = 'lists',
): Promise<T> {
  const t = tenantCache(db, tenantId, version, space);
  const now = Date.now();
  const hit = t.entries.get(key);
  if (hit && hit.expiresAt > now) return hit.value as Promise<T>;
  // Every request of the version gets this same value, so it is never changed once made: an answer made of it
  // is serialized and compressed once (platform/prepared-answer.ts).
  const value = compute().then(preparedResult);
  if (t.entries.size >= (space === 'search' ? MAX_SEARCH_ENTRIES : MAX_ENTRIES)) t.entries.clear();
  const entry: Entry = { value, expiresAt: now + maxAgeMs };
  t.entries.set(key, entry);
  value.catch(() => {
    if (t.entries.get(key) === entry) t.entries.delete(key);
  });
  return value;
}

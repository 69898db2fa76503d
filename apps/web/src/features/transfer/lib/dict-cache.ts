import { DICTIONARY_CACHE_MS } from '@portal/contracts/constants';
import type { DictOption } from '@portal/contracts/transfer';

/** Dictionary options kept for 5 minutes (section 9), by URL, method and search; a failed load is not kept. */
const cache = new Map<string, { at: number; value: Promise<DictOption[]> }>();

export function cachedDictionary(
  key: string,
  load: () => Promise<DictOption[]>,
  now: number = Date.now(),
): Promise<DictOption[]> {
  const hit = cache.get(key);
  if (hit && now - hit.at < DICTIONARY_CACHE_MS) return hit.value;
  const value = load();
  cache.set(key, { at: now, value });
  value.catch(() => cache.delete(key));
  return value;
}

export const clearDictionaryCache = () => cache.clear();

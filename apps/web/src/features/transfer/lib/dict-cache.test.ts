import { DICTIONARY_CACHE_MS } from '@portal/contracts/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cachedDictionary, clearDictionaryCache } from './dict-cache.ts';

afterEach(() => clearDictionaryCache());

describe('dictionary cache', () => {
  it('answers from the cache for 5 minutes, then loads again', async () => {
    const load = vi.fn(async () => [{ dictKey: '1', dictValue: '职责' }]);
    await cachedDictionary('dutyType', load, 0);
    await cachedDictionary('dutyType', load, DICTIONARY_CACHE_MS - 1);
    expect(load).toHaveBeenCalledTimes(1);
    await cachedDictionary('dutyType', load, DICTIONARY_CACHE_MS);
    expect(load).toHaveBeenCalledTimes(2);
  });
  it('does not keep a failed load', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('x')).mockResolvedValue([]);
    await expect(cachedDictionary('dept', load, 0)).rejects.toThrow('x');
    await Promise.resolve();
    await cachedDictionary('dept', load, 1);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

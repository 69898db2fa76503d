import { afterEach, describe, expect, it, vi } from 'vitest';
import { CODE_PART_LOAD_TIMEOUT_MS } from '@portal/contracts/constants';
import { isPartLoadError, loadPart, PartLoadError } from './load-part.ts';

describe('loadPart', () => {
  afterEach(() => vi.useRealTimers());

  it('resolves with the part', async () => {
    await expect(loadPart(async () => ({ Page: 'x' }))).resolves.toEqual({ Page: 'x' });
  });

  it('turns a failed import into a PartLoadError', async () => {
    const error = await loadPart(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PartLoadError);
    expect(isPartLoadError(error)).toBe(true);
  });

  it('gives up after the code-part load time-out of section 9 (120 s), not before', async () => {
    vi.useFakeTimers();
    let settled: unknown = 'pending';
    loadPart(() => new Promise(() => undefined)).catch((e: unknown) => (settled = e));
    await vi.advanceTimersByTimeAsync(CODE_PART_LOAD_TIMEOUT_MS - 1);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBeInstanceOf(PartLoadError);
  });

  it('tells a part load failure from other errors', () => {
    expect(isPartLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isPartLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
  });
});

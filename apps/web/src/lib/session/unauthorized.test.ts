import { describe, expect, it, vi } from 'vitest';
import { createUnauthorizedClassifier } from './unauthorized.ts';

describe('which dialog a 401 opens (4.3)', () => {
  it('opens the forced re-login dialog when the cleared ticket has no time left', async () => {
    const check = vi.fn(async () => ({ validTime: 0 }));
    await expect(createUnauthorizedClassifier(check)('ST-1')).resolves.toBe('forced');
    expect(check).toHaveBeenCalledWith('ST-1');
  });

  it('opens the session-expired dialog when the session lives on, when there was no ticket, or when the check fails', async () => {
    await expect(createUnauthorizedClassifier(async () => ({ validTime: 1200 }))('ST-1')).resolves.toBe('expired');
    const check = vi.fn(async () => ({ validTime: 0 }));
    await expect(createUnauthorizedClassifier(check)(null)).resolves.toBe('expired');
    expect(check).not.toHaveBeenCalled();
    await expect(createUnauthorizedClassifier(async () => Promise.reject(new Error('network')))('ST-1')).resolves.toBe(
      'expired',
    );
  });

  it('gives a burst of 401s one answer: the later ones, whose ticket is already cleared, wait for the first', async () => {
    let release!: (v: { validTime: number }) => void;
    const check = vi.fn(() => new Promise<{ validTime: number }>((r) => (release = r)));
    const classify = createUnauthorizedClassifier(check);
    const first = classify('ST-1');
    const second = classify(null);
    release({ validTime: 0 });
    await expect(Promise.all([first, second])).resolves.toEqual(['forced', 'forced']);
    expect(check).toHaveBeenCalledTimes(1);
  });
});

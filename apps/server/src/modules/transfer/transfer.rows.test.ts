import { describe, expect, it } from 'vitest';
import { orderedId } from './transfer.rows.ts';

describe('orderedId', () => {
  it('gives UUID version 7 ids, all different, in the order they were made, within a millisecond and across', () => {
    const ids = [...Array.from({ length: 5_000 }, () => orderedId(1_790_000_000_000))];
    ids.push(orderedId(1_790_000_000_001), orderedId(Date.now()));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // The counter within one millisecond has 12 bits: the first 4,096 ids of a millisecond keep their order.
    expect(ids.slice(0, 4_096).every((id, i, all) => i === 0 || id > all[i - 1]!)).toBe(true);
    expect(ids[0]!.startsWith('01a0c450-6c00-7000-')).toBe(true);
    expect(ids.at(-2)! > ids[4_095]!).toBe(true);
    expect(ids.at(-1)! > ids.at(-2)!).toBe(true);
  });
});

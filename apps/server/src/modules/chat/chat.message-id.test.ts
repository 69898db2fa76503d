import { describe, expect, it } from 'vitest';
import { newMessageId } from './chat.repository.ts';

/** Issue 13: chat message ids are version 7 UUIDs, in time order, so new messages land on the last index pages. */
describe('chat message ids', () => {
  it('are version 7 UUIDs whose order is their time order, unique within one millisecond', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const t = Date.UTC(2026, 10, 24, 12);
    const ids = [t, t + 1, t + 1000, t + 86_400_000].map((ms) => newMessageId(ms));
    for (const id of ids) expect(id).toMatch(uuid);
    expect([...ids].sort()).toEqual(ids);
    expect(ids[0]!.slice(0, 13).replace('-', '')).toBe(t.toString(16).padStart(12, '0'));
    const same = Array.from({ length: 1000 }, () => newMessageId(t));
    expect(new Set(same).size).toBe(1000);
    for (const id of same) expect(id < ids[1]!).toBe(true);
  });
});

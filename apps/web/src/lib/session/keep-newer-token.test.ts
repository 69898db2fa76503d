import { describe, expect, it } from 'vitest';
import { keepNewerToken } from './session-store.ts';

const saved = (token: string | null, tokenIssuedAt: number | null, extra: object = {}) =>
  JSON.stringify({ state: { token, tokenIssuedAt, tenantId: '000000', ...extra }, version: 0 });

describe('two tabs writing one stored session (issue 11)', () => {
  it("never puts back an older token than the one another tab stored, and keeps the rest of this tab's write", () => {
    const merged = JSON.parse(keepNewerToken(saved('a1', 1000, { theme: 'mine' }), saved('a2', 4000)));
    expect(merged.state).toMatchObject({ token: 'a2', tokenIssuedAt: 4000, theme: 'mine' });
  });

  it('writes a newer token, a logout and another tenant as they are', () => {
    expect(keepNewerToken(saved('a3', 7000), saved('a2', 4000))).toBe(saved('a3', 7000));
    expect(keepNewerToken(saved(null, null), saved('a2', 4000))).toBe(saved(null, null));
    const other = JSON.stringify({ state: { token: 'b1', tokenIssuedAt: 1, tenantId: '100001' }, version: 0 });
    expect(keepNewerToken(other, saved('a2', 4000))).toBe(other);
    expect(keepNewerToken(saved('a1', 1000), 'not json')).toBe(saved('a1', 1000));
  });
});

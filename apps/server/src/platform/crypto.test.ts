import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newToken, tokenHasher } from './crypto.ts';

describe('tokenHasher', () => {
  const direct = (secret: string, token: string) => createHmac('sha256', secret).update(token).digest('base64url');

  it("is HMAC-SHA256 under the server's secret, the same answer however often and in whatever order it is asked", () => {
    const hash = tokenHasher('the-secret', 3);
    const tokens = Array.from({ length: 10 }, () => newToken());
    for (let round = 0; round < 3; round++)
      for (const t of round === 1 ? [...tokens].reverse() : tokens) expect(hash(t)).toBe(direct('the-secret', t));
  });

  it('gives another secret another hash', () => {
    const token = newToken();
    expect(tokenHasher('one')(token)).not.toBe(tokenHasher('two')(token));
  });
});

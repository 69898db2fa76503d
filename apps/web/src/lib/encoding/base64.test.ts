import { afterEach, describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64 } from './base64.ts';

const samples = [0, 1, 2, 3, 4, 5, 31, 32, 33, 0x7fff, 0x8000, 0x8001, 100_000].map((n) => {
  const bytes = new Uint8Array(n);
  for (let i = 0; i < n; i++) bytes[i] = (i * 131 + n * 7) & 0xff;
  return bytes;
});

type Proto = { toBase64?: unknown };
type Ctor = { fromBase64?: unknown };

function expectAsBuffer(): void {
  for (const bytes of samples) {
    const b64 = Buffer.from(bytes).toString('base64');
    const url = Buffer.from(bytes).toString('base64url');
    expect(bytesToBase64(bytes)).toBe(b64);
    expect(bytesToBase64(bytes, true)).toBe(url);
    expect(base64ToBytes(b64)).toEqual(bytes);
    expect(base64ToBytes(url, true)).toEqual(bytes);
    // base64url read with its padding too, as the server may send it.
    expect(base64ToBytes(url + '='.repeat((4 - (url.length % 4)) % 4), true)).toEqual(bytes);
  }
  expect(() => base64ToBytes('not base64!')).toThrow();
  expect(() => base64ToBytes('a')).toThrow();
}

describe('base64 of bytes (issue 10)', () => {
  afterEach(() => {
    delete (Uint8Array.prototype as Proto).toBase64;
    delete (Uint8Array as Ctor).fromBase64;
  });

  it('writes and reads what Node writes, in both alphabets, without a native codec', () => {
    expect((Uint8Array.prototype as Proto).toBase64).toBeUndefined();
    expectAsBuffer();
  });

  it("uses the browser's codec with the alphabet and padding asked for", () => {
    const used: string[] = [];
    // A stand-in for the browser's codec (Node 24 has none), with its options read as the proposal defines them.
    (Uint8Array.prototype as Proto).toBase64 = function (
      this: Uint8Array,
      { alphabet = 'base64', omitPadding = false }: { alphabet?: string; omitPadding?: boolean } = {},
    ) {
      used.push(`to ${alphabet}${omitPadding ? ' unpadded' : ''}`);
      const text = Buffer.from(this).toString(alphabet === 'base64url' ? 'base64url' : 'base64');
      return omitPadding ? text.replace(/=+$/, '') : text.padEnd(Math.ceil(text.length / 4) * 4, '=');
    };
    (Uint8Array as Ctor).fromBase64 = (text: string, { alphabet = 'base64' }: { alphabet?: string } = {}) => {
      used.push(`from ${alphabet}`);
      if (!(alphabet === 'base64url' ? /^[\w-]*=*$/ : /^[\w+/]*=*$/).test(text) || text.length % 4 === 1)
        throw new SyntaxError('not base64');
      return new Uint8Array(Buffer.from(text, alphabet === 'base64url' ? 'base64url' : 'base64'));
    };
    expectAsBuffer();
    expect(new Set(used)).toEqual(new Set(['to base64', 'to base64url unpadded', 'from base64', 'from base64url']));
  });
});

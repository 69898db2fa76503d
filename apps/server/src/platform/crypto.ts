import { createHmac, createSecretKey, randomBytes, randomUUID, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (pw: string, salt: Buffer, keylen: number, opts: object) => Promise<Buffer>;
const SCRYPT = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEYLEN = 32;

/** scrypt password hash: scrypt$N$r$p$salt$hash (base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password.normalize('NFKC'), salt, KEYLEN, SCRYPT);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, salt, hash] = stored.split('$');
  if (alg !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scryptAsync(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT.maxmem,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash computed for unknown accounts, so a wrong account costs as much time as a wrong password. */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = () => (dummyHash ??= hashPassword(randomBytes(12).toString('hex')));

/** An opaque bearer token (256 bits). */
export const newToken = () => randomBytes(32).toString('base64url');
export const newId = () => randomUUID();

/** Tokens are stored as HMAC-SHA256 under the server's secret, never in clear. */
export function tokenHasher(secret: string, remembered = 2048) {
  const key = createSecretKey(Buffer.from(secret));
  // Every authenticated request hashes its bearer token: the hashes of the tokens seen last are kept (a bounded map,
  // oldest dropped first), so a client's calls do not each pay for the HMAC (issue 13).
  const recent = new Map<string, string>();
  return (token: string) => {
    const known = recent.get(token);
    if (known !== undefined) return known;
    const hash = createHmac('sha256', key).update(token).digest('base64url');
    recent.set(token, hash);
    if (recent.size > remembered) recent.delete(recent.keys().next().value!);
    return hash;
  };
}

import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The identity provider's secret (OIDC client secret, LDAP bind password) at rest: AES-256-GCM under a key derived
 * from the server's TOKEN_SECRET with HKDF, bound to the tenant (associated data), as 'v1.' + base64url(iv|tag|data).
 * A database copy without the server's secret reveals nothing; rotating TOKEN_SECRET means entering the secret again.
 */
function keyOf(tokenSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', tokenSecret, 'portal identity', 'identity provider secret v1', 32));
}

export function sealSecret(tokenSecret: string, tenantId: string, secret: string): string {
  if (!secret) return '';
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(tokenSecret), iv);
  cipher.setAAD(Buffer.from(`tenant:${tenantId}`));
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url')}`;
}

/** The secret, or null when none is stored or it cannot be opened (another TOKEN_SECRET, another tenant's row). */
export function openSecret(tokenSecret: string, tenantId: string, sealed: string): string | null {
  if (!sealed.startsWith('v1.')) return null;
  try {
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', keyOf(tokenSecret), raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(`tenant:${tenantId}`));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

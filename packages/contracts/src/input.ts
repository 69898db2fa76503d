import './zod-setup.ts';
import { z } from 'zod';

/**
 * Shapes of raw input every engine can store. Both SQLite and PostgreSQL keep this project's integer columns
 * as 32-bit on PostgreSQL (`integer`), so a request integer past 2^31 - 1 is refused by its schema instead of
 * failing in a query on one engine only.
 */
export const INT32_MAX = 2_147_483_647;
export const INT32_MIN = -2_147_483_648;

/** An integer a 32-bit column holds. */
export const int32 = () => z.number().int().min(INT32_MIN).max(INT32_MAX);

/**
 * A link a page may open: an http or https address, or a path of this site (relative). Everything else —
 * `javascript:`, `data:`, `vbscript:`, `file:` and any other scheme, a protocol-relative `//host`, backslashes,
 * control characters or white space inside (which browsers strip, so `java\tscript:` would run) — is refused.
 */
export function isSafeLink(value: string): boolean {
  const v = value.trim();
  if (!v) return false;
  if (/[\u0000-\u0020\u007f-\u009f\\]/.test(v)) return false;
  if (v.startsWith('//')) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(v);
  if (!scheme) return true;
  if (!/^https?$/i.test(scheme[1]!)) return false;
  try {
    const url = new URL(v);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname;
  } catch {
    return false;
  }
}

/** "链接只能是 http、https 地址或站内路径" (en-US: "A link must be an http or https address or a path of this site"). */
export const UNSAFE_LINK_MESSAGE = '链接只能是 http、https 地址或站内路径';

/** A link field of a request: empty, or a safe link (isSafeLink), at most `max` characters. */
/**
 * An image's address: '' (none), a path of this site (an upload: /files/…) or an http(s) address; `message` is the
 * refusal the field's form shows.
 */
export const imageUrl = (message: string, max = 1000) =>
  z
    .string({ error: message })
    .trim()
    .max(max, { error: message })
    .refine((v) => v === '' || (v.startsWith('/') && !v.startsWith('//')) || /^https?:\/\/[^\s]+$/i.test(v), {
      error: message,
    });

export const safeLink = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => v === '' || isSafeLink(v), { error: UNSAFE_LINK_MESSAGE });

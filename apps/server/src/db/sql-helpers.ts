/** Dialect-specific bits, kept in one place (house style 8). */

/** True when the error is a unique-constraint violation on either engine. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string; errcode?: string } | null;
  if (!e) return false;
  if (e.code === '23505') return true; // PostgreSQL
  return typeof e.message === 'string' && e.message.includes('UNIQUE constraint failed'); // SQLite
}

export const nowIso = (ms: number = Date.now()) => new Date(ms).toISOString();

/**
 * Open-redirect check of every return address (issue 17): a path inside the portal, never a URL of another
 * site. Accepted: one leading '/', then printable characters without backslash; refused: '//host', '/\host',
 * schemes, control characters, encoded slashes or backslashes that a browser or proxy might turn into '//'.
 * Returns the path, or null when it is not allowed.
 */
export function safeReturnPath(value: string | undefined | null): string | null {
  if (value === undefined || value === null || value === '') return '/';
  if (value.length > 500) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  if (/[\\\u0000-\u001f\u007f\s]/.test(value)) return null;
  if (/%(2f|5c|0[0-9a-f]|1[0-9a-f]|7f)/i.test(value)) return null;
  // Resolved against a fixed origin, the path must stay on it (catches '/..//host' style tricks).
  try {
    const u = new URL(value, 'http://portal.invalid');
    if (u.origin !== 'http://portal.invalid') return null;
    return `${u.pathname}${u.search}${u.hash}`;
  } catch {
    return null;
  }
}

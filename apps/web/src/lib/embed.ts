/** Only http(s) pages are embedded (no javascript:, data: or file: urls). */
export function embeddableUrl(raw: string | null | undefined, origin: string = window.location.origin): URL | null {
  if (!raw) return null;
  try {
    const u = new URL(raw, origin);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u : null;
  } catch {
    return null;
  }
}

/**
 * Whether a page may be embedded by url (/home/serviceIframPage, /home/navIfram, /home/iframPage): a page of this
 * site, or a url an administrator configured (a common tool, a navigation item), so a crafted link cannot frame an
 * arbitrary site in the portal.
 */
export function mayEmbed(url: URL, configured: readonly string[], origin: string = window.location.origin): boolean {
  if (url.origin === origin) return true;
  return configured.some((c) => embeddableUrl(c, origin)?.href === url.href);
}

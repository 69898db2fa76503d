/**
 * commonTool/urlAllowlist keeps host names (matched exactly against a data-source url's host, without port).
 * An administrator may paste a url or host:port; this keeps the host. Null when it is not a host.
 */
export function allowHostOf(input: string): string | null {
  let s = input.trim().toLowerCase();
  if (!s) return null;
  if (s.includes('://')) {
    try {
      s = new URL(s).hostname;
    } catch {
      return null;
    }
  } else {
    s = s.split(/[/?#]/)[0]!;
    if (s.startsWith('[')) s = s.slice(1, s.indexOf(']') > 0 ? s.indexOf(']') : undefined);
    else if ((s.match(/:/g) ?? []).length === 1) s = s.split(':')[0]!;
  }
  s = s.replace(/^\[|\]$/g, '');
  if (!s || s.length > 253 || !/^[a-z0-9.\-:]+$/.test(s) || s.startsWith('.') || s.endsWith('.')) return null;
  return s;
}

/** The hosts to save: normalised, unique, in the order given; the inputs that are not hosts apart. */
export function normalizeAllowHosts(inputs: readonly string[]): { hosts: string[]; invalid: string[] } {
  const hosts: string[] = [];
  const invalid: string[] = [];
  for (const raw of inputs) {
    const h = allowHostOf(raw);
    if (!h) invalid.push(raw);
    else if (!hosts.includes(h)) hosts.push(h);
  }
  return { hosts, invalid };
}

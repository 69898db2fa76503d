import { SaxesParser } from 'saxes';
import type { AppDeps } from '../../platform/http.ts';
import { casSettingsOf, identityError, type ExternalProfile, type ExternalSignIn } from './identity.service.ts';

const CAS_NS = 'http://www.yale.edu/tp/cas';
const VALIDATE_TIMEOUT_MS = 10_000;
const MAX_RESPONSE_BYTES = 256 * 1024;

type XmlNode = { ns: string; name: string; attrs: Record<string, string>; children: XmlNode[]; text: string };

/** A small namespace-aware XML tree (saxes; no DTD, no entities beyond XML's own, so no XXE). */
export function parseXml(xml: string): XmlNode | null {
  const parser = new SaxesParser({ xmlns: true });
  const stack: XmlNode[] = [];
  let root: XmlNode | null = null;
  parser.on('opentag', (tag) => {
    const attrs: Record<string, string> = {};
    for (const [k, v] of Object.entries(tag.attributes)) attrs[k] = typeof v === 'string' ? v : v.value;
    const node: XmlNode = { ns: tag.uri ?? '', name: tag.local ?? tag.name, attrs, children: [], text: '' };
    stack.at(-1)?.children.push(node);
    if (!root) root = node;
    stack.push(node);
  });
  parser.on('text', (t) => {
    const top = stack.at(-1);
    if (top) top.text += t;
  });
  parser.on('cdata', (t) => {
    const top = stack.at(-1);
    if (top) top.text += t;
  });
  parser.on('closetag', () => void stack.pop());
  parser.on('doctype', () => {
    throw new Error('DOCTYPE not allowed');
  });
  try {
    parser.write(xml).close();
  } catch {
    return null;
  }
  return root;
}

const child = (n: XmlNode | undefined, name: string, ns = CAS_NS) =>
  n?.children.find((c) => c.name === name && c.ns === ns);

/**
 * CAS 2.0 and 3.0 (Apereo CAS Protocol 3.0 specification): the browser goes to {server}/login?service=…, comes back
 * with ?ticket=ST-…, and the ticket is validated once at {server}/serviceValidate (2.0) or /p3/serviceValidate (3.0)
 * for exactly the same service URL. Attributes (3.0, or 2.0 servers that release them) map to the account fields.
 */
export function casSignIn(_deps: AppDeps): ExternalSignIn {
  return {
    type: 'cas',
    async start({ provider, callbackUrl }) {
      const s = casSettingsOf(provider);
      return `${s.serverUrl.replace(/\/+$/, '')}/login?${new URLSearchParams({ service: callbackUrl })}`;
    },

    async finish({ provider, callbackUrl, currentUrl }): Promise<ExternalProfile> {
      const s = casSettingsOf(provider);
      const ticket = currentUrl.searchParams.get('ticket') ?? '';
      // "Service tickets MUST begin with the characters ST-" (3.0 spec 3.1.1); at most 256 characters (3.7).
      if (!/^ST-[\x21-\x7e]{1,253}$/.test(ticket)) throw identityError(400, 'providerFailed');
      const path = s.version === '3.0' ? 'p3/serviceValidate' : 'serviceValidate';
      const url = `${s.serverUrl.replace(/\/+$/, '')}/${path}?${new URLSearchParams({ service: callbackUrl, ticket })}`;
      let body: string;
      try {
        const res = await fetch(url, {
          signal: AbortSignal.timeout(VALIDATE_TIMEOUT_MS),
          redirect: 'error',
          headers: { accept: 'application/xml, text/xml' },
        });
        if (!res.ok) throw new Error(`CAS answered ${res.status}`);
        body = await res.text();
        if (body.length > MAX_RESPONSE_BYTES) throw new Error('CAS answer too large');
      } catch (err) {
        const e = identityError(502, 'providerUnreachable');
        (e as Error & { cause?: unknown }).cause = err;
        throw e;
      }
      const root = parseXml(body);
      if (!root || root.name !== 'serviceResponse' || root.ns !== CAS_NS) throw identityError(400, 'providerFailed');
      const success = child(root, 'authenticationSuccess');
      if (!success) throw identityError(400, 'providerFailed');
      const user = child(success, 'user')?.text.trim() ?? '';
      if (!user) throw identityError(400, 'providerFailed');
      const attrs = new Map<string, string[]>();
      for (const a of child(success, 'attributes')?.children ?? []) {
        attrs.set(a.name, [...(attrs.get(a.name) ?? []), a.text.trim()]);
      }
      const one = (name: string) => (name ? (attrs.get(name)?.[0] ?? '') : '');
      return {
        subject: user,
        account: provider.mapping.account && attrs.has(provider.mapping.account) ? one(provider.mapping.account) : user,
        name: one(provider.mapping.name),
        department: one(provider.mapping.department),
        roles: provider.mapping.role ? (attrs.get(provider.mapping.role) ?? []) : [],
        // The service ticket names this sign-in in the CAS server's single-logout request.
        sid: ticket,
        idToken: '',
      };
    },

    async providerLogout({ message }) {
      const ticket = casSingleLogout(message);
      if (!ticket) throw identityError(400, 'requestInvalid');
      return { sid: ticket, subject: '' };
    },

    async logoutUrl({ provider, returnUrl }) {
      const s = casSettingsOf(provider);
      return `${s.serverUrl.replace(/\/+$/, '')}/logout?${new URLSearchParams({ service: returnUrl })}`;
    },
  };
}

/** The service ticket named by a CAS single-logout request (SAML LogoutRequest), or null. */
export function casSingleLogout(logoutRequest: string): string | null {
  const root = parseXml(logoutRequest);
  if (!root || root.name !== 'LogoutRequest') return null;
  const index = root.children.find((c) => c.name === 'SessionIndex')?.text.trim() ?? '';
  return /^ST-[\x21-\x7e]{1,253}$/.test(index) ? index : null;
}

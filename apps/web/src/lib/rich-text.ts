import {
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_DROP_WITH_CONTENT,
  RICH_TEXT_LINK_TARGET,
  RICH_TEXT_SCHEMES,
  RICH_TEXT_STYLES,
  RICH_TEXT_TAGS,
} from '@portal/contracts/rich-text';
import DOMPurify, { type Config } from 'dompurify';

/** href and src: the allowed schemes, or a path of this site (not a protocol-relative //host). */
const ALLOWED_URI = new RegExp(
  `^(?:(?:${RICH_TEXT_SCHEMES.join('|')}):|(?!//)[^a-z]|[a-z+.\\-]+(?:[^a-z+.\\-:]|$))`,
  'i',
);

const CONFIG: Config = {
  ALLOWED_TAGS: [...RICH_TEXT_TAGS],
  ALLOWED_ATTR: [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())],
  ALLOWED_URI_REGEXP: ALLOWED_URI,
  FORBID_CONTENTS: [...RICH_TEXT_DROP_WITH_CONTENT],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

/** Keeps the style properties of the shared list whose values match, written as sanitize-html writes them. */
function cleanStyle(value: string): string {
  return value
    .split(';')
    .map((d) => {
      const i = d.indexOf(':');
      return i < 0 ? null : ([d.slice(0, i).trim().toLowerCase(), d.slice(i + 1).trim()] as const);
    })
    .filter((d): d is readonly [string, string] => !!d && !!RICH_TEXT_STYLES[d[0]]?.test(d[1]))
    .map(([p, v]) => `${p}:${v}`)
    .join(';');
}

let purifier: ReturnType<typeof DOMPurify> | null = null;

function instance() {
  if (purifier) return purifier;
  const p = DOMPurify(window);
  // Attributes per tag, as the server's sanitize-html keeps them (DOMPurify's list is for every tag).
  p.addHook('uponSanitizeAttribute', (node, data) => {
    const tag = node.nodeName.toLowerCase();
    const allowed = [...(RICH_TEXT_ATTRIBUTES[tag] ?? []), ...(RICH_TEXT_ATTRIBUTES['*'] ?? [])];
    if (!allowed.includes(data.attrName)) {
      data.keepAttr = false;
      return;
    }
    if (data.attrName === 'style') {
      const style = cleanStyle(data.attrValue);
      if (style) data.attrValue = style;
      else data.keepAttr = false;
    }
  });
  p.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A') for (const [k, v] of Object.entries(RICH_TEXT_LINK_TARGET)) node.setAttribute(k, v);
  });
  purifier = p;
  return p;
}

/**
 * Rich text from the server (guides, notice bodies) cleaned again in the browser right before it is rendered,
 * by DOMPurify with the server's rules (contracts/rich-text.ts): a stored script can never run here, even if
 * the server's cleaning were bypassed or the text came from an older server.
 */
export function sanitizeRichText(html: string): string {
  return instance().sanitize(html, CONFIG) as string;
}

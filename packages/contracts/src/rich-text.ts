/**
 * The one rule set for rich text written by administrators (service guides, notice bodies): the server cleans
 * with sanitize-html when it stores or serves the text, and the browser cleans again with DOMPurify right before
 * it renders it, both from these lists, so the two can never disagree about what is allowed.
 */

/** Formatting, lists, tables, links and pictures. Everything else is removed (script and style with content). */
export const RICH_TEXT_TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'span',
  'div',
  'blockquote',
] as const;

/** Attributes kept per tag ('*': on every allowed tag). */
export const RICH_TEXT_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height'],
  '*': ['style'],
};

/** Inline style properties kept, each with the values it may take. */
export const RICH_TEXT_STYLES: Record<string, RegExp> = {
  'text-align': /^(left|right|center|justify)$/,
  'line-height': /^[\d.]+$/,
  color: /^#[0-9a-fA-F]{3,6}$/,
};

/** URL schemes of href and src; relative paths of this site are allowed as well. */
export const RICH_TEXT_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;

/** Links open in a new window without giving the opened page a handle on this one. */
export const RICH_TEXT_LINK_TARGET = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** Elements removed together with everything inside them. */
export const RICH_TEXT_DROP_WITH_CONTENT = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'textarea',
  'select',
  'svg',
  'math',
] as const;

import {
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_DROP_WITH_CONTENT,
  RICH_TEXT_LINK_TARGET,
  RICH_TEXT_SCHEMES,
  RICH_TEXT_STYLES,
  RICH_TEXT_TAGS,
} from '@portal/contracts/rich-text';
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, attrs]) => [tag, [...attrs]])),
  allowedStyles: { '*': Object.fromEntries(Object.entries(RICH_TEXT_STYLES).map(([prop, re]) => [prop, [re]])) },
  allowedSchemes: [...RICH_TEXT_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  nonTextTags: [...RICH_TEXT_DROP_WITH_CONTENT],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { ...RICH_TEXT_LINK_TARGET }) },
};

/**
 * Rich text written by administrators (guides, notice bodies), cleaned by the rules of contracts/rich-text.ts —
 * the same lists the browser gives DOMPurify before it renders the text.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** The plain text of rich text, for search and snippets. */
export function richTextPlain(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
}

import { richTextPlain, sanitizeRichText } from '../../platform/rich-text.ts';

/** Guides are rich text written by administrators: cleaned by the shared rules (contracts/rich-text.ts). */
export const sanitizeGuide = (html: string): string => sanitizeRichText(html);

/** The plain text of a sanitised guide, for search and snippets. */
export const guideText = (html: string): string => richTextPlain(html);

import { LANGUAGE_COOKIE } from '@portal/contracts/constants';
import { translateServerText } from '@portal/contracts/server-texts-en';
import {
  TRANSFER_DATASET_TITLES_EN,
  TRANSFER_FIELD_LABELS_EN,
  TRANSFER_FILE_TEXTS_EN,
  TRANSFER_VALUE_LABELS_EN,
} from '@portal/contracts/transfer-fields-en';
import { TRANSFER_FILE_TEXTS } from '@portal/contracts/transfer-texts';

/**
 * The language of a file of import and export (a download follows the interface it was asked from): zh-CN, the
 * spec's texts as they always were, or en-US (headers, coded values, the failed rows' reasons and file names in
 * English). The request says it by `?lang=`, else by the language cookie the web app writes (LANGUAGE_COOKIE); any
 * other value is zh-CN. An import takes either language's headers and coded values, whichever the request's.
 */
export type FileLanguage = 'zh-CN' | 'en-US';

const CHOSEN = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`);

const known = (v: unknown): FileLanguage | null => (v === 'zh-CN' || v === 'en-US' ? v : null);

/** The file language of a request: its `lang` query parameter when it has one, else its language cookie, else zh-CN. */
export function fileLanguageOf(request: { query?: unknown; headers: { cookie?: string | undefined } }): FileLanguage {
  const query = request.query;
  if (query && typeof query === 'object' && Object.hasOwn(query, 'lang'))
    return known((query as { lang?: unknown }).lang) ?? 'zh-CN';
  const cookie = request.headers.cookie;
  const m = typeof cookie === 'string' ? CHOSEN.exec(cookie) : null;
  return known(m?.[1]?.trim()) ?? 'zh-CN';
}

/** A text of the file itself (sheet names, the failed rows' last columns, the template's name). */
export const fileText = (key: keyof typeof TRANSFER_FILE_TEXTS, lang: FileLanguage): string =>
  lang === 'en-US' ? TRANSFER_FILE_TEXTS_EN[key] : TRANSFER_FILE_TEXTS[key];

/** A field's header (its zh-CN header, the spec's) in the file's language. */
export const headerIn = (field: string, lang: FileLanguage): string =>
  lang === 'en-US' ? (TRANSFER_FIELD_LABELS_EN[field] ?? field) : field;

/** A data set's title (its zh-CN title) in the file's language. */
export const titleIn = (title: string, lang: FileLanguage): string =>
  lang === 'en-US' ? (TRANSFER_DATASET_TITLES_EN[title] ?? title) : title;

/** A cell of the column `field` (its zh-CN header) in the file's language: coded values translated, data as it is. */
export const valueIn = (field: string, value: string, lang: FileLanguage): string =>
  lang === 'en-US' ? (TRANSFER_VALUE_LABELS_EN[field]?.[value] ?? value) : value;

const fold = (s: string) => s.trim().toLowerCase();

/** The zh-CN label of a coded value an import read in English (any case); any other value as it is. */
export function zhValueOf(field: string, value: string): string {
  const labels = TRANSFER_VALUE_LABELS_EN[field];
  if (!labels || !value) return value;
  const v = fold(value);
  return Object.entries(labels).find(([, en]) => fold(en) === v)?.[0] ?? value;
}

/** The length of the longest English label of the column `field`'s coded values (0 for a column of data). */
export const longestEnglishValue = (field: string): number =>
  Math.max(0, ...Object.values(TRANSFER_VALUE_LABELS_EN[field] ?? {}).map((en) => en.length));

/** Whether a header cell (its * mark off) names the field `field` (zh-CN header) in English (any case). */
export function isEnglishHeaderOf(field: string, cell: string): boolean {
  const en = TRANSFER_FIELD_LABELS_EN[field];
  return !!en && fold(en) === fold(cell);
}

/**
 * A failed row's reason in the file's language. A reason is one message, or several joined by ；, each a message,
 * `field：message` or `message：names` (the names are data, kept as they are).
 */
export function reasonIn(reason: string, lang: FileLanguage): string {
  if (lang !== 'en-US') return reason;
  return reason
    .split('；')
    .map((part) => {
      const whole = translateServerText(part);
      if (whole !== part) return whole;
      const at = part.indexOf('：');
      if (at < 0) return part;
      const piece = (s: string) => TRANSFER_FIELD_LABELS_EN[s] ?? translateServerText(s);
      return `${piece(part.slice(0, at))}: ${piece(part.slice(at + 1))}`;
    })
    .join('; ');
}

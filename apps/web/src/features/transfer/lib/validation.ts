import {
  EXPORT_FILE_NAME_MAX,
  IMPORT_HEADER_ROW_MAX,
  IMPORT_HEADER_ROW_MIN,
  IMPORT_MAX_BYTES,
} from '@portal/contracts/constants';
import { STATUS_SIGNATURE, STATUS_TIMEOUT } from '@portal/contracts/errors';
import {
  EXPORT_FILE_NAME_PATTERN,
  exportFileNameError,
  TRANSFER_TEXTS,
  type MatchField,
  type TransferField,
} from '@portal/contracts/transfer';
import { i18n, serverText } from '../../../lib/i18n/i18n.ts';

/**
 * The dialog rules of section 5, as pure functions (the server checks the same). Each returns the message
 * of the spec, verbatim, or null.
 */

export const fileNameError = (name: string | undefined): string | null => exportFileNameError(name ?? '');

/**
 * A page's title as an export's default file name that passes section 5's rule: its spaces and other characters the
 * rule refuses become underscores (in English, "Department duty lists" was refused before anything was exported).
 */
export function defaultExportName(title: string): string {
  const chars = [...title.trim()].map((c) => (EXPORT_FILE_NAME_PATTERN.test(c) ? c : '_'));
  return chars.join('').replace(/_+/g, '_').slice(0, EXPORT_FILE_NAME_MAX);
}

const KEY_OF = new Map<string, string>(Object.entries(TRANSFER_TEXTS).map(([key, text]) => [text, key]));

/**
 * A message of section 5 or of the server's transfer answers (TRANSFER_TEXTS, zh-CN as the spec writes them) in the
 * interface's language; any other text as it is. The checks above and the server keep the spec's words; the dialogs
 * show them through this.
 */
export function transferText(message: string): string;
export function transferText(message: string | null): string | null;
export function transferText(message: string | null): string | null {
  const key = message && KEY_OF.get(message);
  return key
    ? i18n.t(`transfer.${key}`, { defaultValue: message, max: EXPORT_FILE_NAME_MAX })
    : message && serverText(message);
}

export const exportFieldsError = (fields: readonly string[]): string | null =>
  fields.length ? null : TRANSFER_TEXTS.fieldRequired;

export function importFileError(files: readonly { name: string; size: number }[]): string | null {
  if (!files.length) return TRANSFER_TEXTS.fileRequired;
  if (files.length > 1) return TRANSFER_TEXTS.oneFile;
  const f = files[0]!;
  if (!/\.(xls|xlsx)$/i.test(f.name)) return TRANSFER_TEXTS.badFormat;
  if (f.size > IMPORT_MAX_BYTES) return TRANSFER_TEXTS.tooLarge;
  return null;
}

export function headerLineError(v: unknown): string | null {
  if (v === null || v === undefined || v === '') return TRANSFER_TEXTS.headerLineRequired;
  const n = Number(v);
  if (!Number.isInteger(n) || n < IMPORT_HEADER_ROW_MIN || n > IMPORT_HEADER_ROW_MAX)
    return TRANSFER_TEXTS.headerLineRange;
  return null;
}

export const ruleError = (ruleNum: number | null | undefined): string | null =>
  ruleNum ? null : TRANSFER_TEXTS.ruleRequired;
export const checkFieldsError = (fields: readonly string[] | undefined): string | null =>
  fields?.length ? null : TRANSFER_TEXTS.checkFieldsRequired;

/** '请匹配所有系统必填字段' when a required system field has no spreadsheet column. */
export function matchError(dbFields: readonly TransferField[], matches: readonly MatchField[]): string | null {
  const missing = dbFields.filter((f) => f.required && !matches.some((m) => m.dbField === f.id && m.excelField));
  return missing.length ? TRANSFER_TEXTS.matchRequired : null;
}

/**
 * Section 8 for the import and export dialogs: 1000 is success; 1002 shows the error and closes the dialog;
 * 8010 while polling is ignored; any other status shows msg with a copyable msgDetail.
 */
export function failureAction(status: number, polling: boolean): 'close' | 'ignore' | 'show' {
  if (status === STATUS_SIGNATURE) return 'close';
  if (polling && status === STATUS_TIMEOUT) return 'ignore';
  return 'show';
}

/** The exportField of 7.10: comma-joined id:field. */
export const exportFieldParam = (fields: readonly TransferField[], chosen: readonly string[]) =>
  fields
    .filter((f) => chosen.includes(f.id))
    .map((f) => `${f.id}:${f.field}`)
    .join(',');

/** The progress's times ("1分5秒", "0秒", as 7.10's useTimeStr and tryMathRemainTime carry them) in the interface's language. */
export function durationText(value: string): string {
  const m = /^(?:(\d+)分)?(\d+)秒$/.exec(value);
  if (!m) return value;
  return m[1]
    ? i18n.t('transfer.durationMinSec', { m: m[1], s: m[2], defaultValue: value })
    : i18n.t('transfer.durationSec', { s: m[2], defaultValue: value });
}

/**
 * A data set's field as the interface names it: the server's zh-CN header, or its en-US label in English. The
 * request still carries the field's id; a file carries the header in the interface's language, and an import matches
 * either language's header.
 */
export const fieldLabel = (field: string): string => i18n.t(`transferFields.${field}`, { defaultValue: field });

import { IMPORT_HEADER_ROW_MAX, IMPORT_HEADER_ROW_MIN, IMPORT_MAX_BYTES } from '@portal/contracts/constants';
import { STATUS_SIGNATURE, STATUS_TIMEOUT } from '@portal/contracts/errors';
import { exportFileNameError, TRANSFER_TEXTS, type MatchField, type TransferField } from '@portal/contracts/transfer';

/**
 * The dialog rules of section 5, as pure functions (the server checks the same). Each returns the message
 * of the spec, verbatim, or null.
 */

export const fileNameError = (name: string | undefined): string | null => exportFileNameError(name ?? '');

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

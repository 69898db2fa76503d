import * as XLSX from '@e965/xlsx';

/**
 * A number cell as the text a person sees in it: the cell's number format applied (a date 2026-09-01 stays
 * "2026-09-01", not its serial 46266; 50 % stays "50%"; 3.50 keeps its two decimals), by SheetJS's formatter (SSF),
 * the same one for xlsx and xls. A cell in the General (or text) format gives the number itself in full, to the
 * 15 significant digits a spreadsheet keeps ("20260001234567", never "2.026E+13" as a narrow General column would
 * show it; 0.1 + 0.2 as 0.3), so codes and ids survive.
 */

/** Excel's built-in short date formats, which Excel shows in the reader's locale: kept as ISO dates here. */
const LOCALE_DATES: Record<string, string> = {
  'm/d/yy': 'yyyy-mm-dd',
  'm/d/yyyy': 'yyyy-mm-dd',
  'm/d/yy h:mm': 'yyyy-mm-dd hh:mm',
  'm/d/yyyy h:mm': 'yyyy-mm-dd hh:mm',
};
const BUILT_IN_DATES: Record<number, string> = { 14: 'yyyy-mm-dd', 22: 'yyyy-mm-dd hh:mm' };

/** The format code of a built-in number format id (0-49), as SheetJS knows them. */
export function builtInFormat(id: number): string | undefined {
  return BUILT_IN_DATES[id] ?? (XLSX.SSF.get_table() as Record<number, string | undefined>)[id];
}

const isGeneral = (format: string) => {
  const f = format.trim().toLowerCase();
  return f === '' || f === 'general' || f === '@';
};

/** The text of number `n` shown with `format` (a format code); General or no format gives the number in full. */
export function formatNumber(n: number, format: string | undefined, date1904 = false): string {
  if (!Number.isFinite(n)) return String(n);
  // General: the 15 significant digits a spreadsheet keeps (0.1 + 0.2 shows 0.3), never an exponent for an id.
  if (format === undefined || isGeneral(format)) return String(Number(n.toPrecision(15)));
  const code = LOCALE_DATES[format] ?? format;
  try {
    const text = XLSX.SSF.format(code, n, { date1904 }) as string;
    return typeof text === 'string' ? text : String(n);
  } catch {
    // A format SheetJS cannot read: the number itself rather than nothing.
    return String(n);
  }
}

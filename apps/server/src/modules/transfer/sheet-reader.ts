import * as XLSX from '@e965/xlsx';
import { readFile, stat } from 'node:fs/promises';
import { formatNumber } from './cell-format.ts';
import { xlsxRowCount, xlsxRows } from './xlsx-reader.ts';

/**
 * Reading the rows of a spreadsheet for an import: streamed xlsx (xlsx-reader.ts), xls through SheetJS
 * (docs/adr/0005-spreadsheets.md), and formula neutralising. Apart from spreadsheet.ts (which re-exports all of
 * it) so that an import's reader thread (import-rows.worker.ts, ADR 0045) does not load ExcelJS's writer.
 */

/** Excel's own limit of characters in a cell; a longer cell is refused. */
export const CELL_MAX_CHARS = 32_767;
/** Rows one import may hold. */
export const IMPORT_MAX_ROWS = 1_000_000;
/** Parts (zip entries) an xlsx may hold. */
export const XLSX_MAX_ENTRIES = 10_000;

export type SheetKind = 'xlsx' | 'xls';

/**
 * A row; `tooLong` when a cell exceeded CELL_MAX_CHARS (it is cut there, and the row must be refused);
 * `staleFormulas` the 0-based columns of formulas whose result the file does not hold (xls: see xlsCellText; xlsx:
 * a formula written without its result), so the row is refused rather than imported with a wrong value.
 */
export type SheetRow = { rowNumber: number; cells: string[]; tooLong?: true; staleFormulas?: number[] };

function sheetRow(rowNumber: number, cells: string[], staleFormulas: number[] = []): SheetRow {
  while (cells.length && cells[cells.length - 1] === '') cells.pop();
  let tooLong = false;
  for (let i = 0; i < cells.length; i++) {
    if (cells[i]!.length > CELL_MAX_CHARS) {
      cells[i] = cells[i]!.slice(0, CELL_MAX_CHARS);
      tooLong = true;
    }
  }
  const row: SheetRow = { rowNumber, cells };
  if (tooLong) row.tooLong = true;
  if (staleFormulas.length) row.staleFormulas = staleFormulas;
  return row;
}

/** Functions whose result is always text: a formula ending in one of them (or in &) cannot have a number result. */
const TEXT_FUNCTIONS = new Set(
  'CONCATENATE CONCAT TEXTJOIN TEXT LEFT LEFTB RIGHT RIGHTB MID MIDB UPPER LOWER PROPER TRIM CLEAN SUBSTITUTE REPLACE REPLACEB REPT CHAR UNICHAR T FIXED DOLLAR ADDRESS'.split(
    ' ',
  ),
);

/** Whether the outermost operation of a formula (as SheetJS writes it, no leading =) gives text. */
export function isTextFormula(formula: string): boolean {
  const f = formula.trim().replace(/^=/, '');
  let depth = 0;
  let quoted = false;
  let firstCallEnd = -1;
  for (let i = 0; i < f.length; i++) {
    const ch = f[i];
    if (ch === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0 && firstCallEnd < 0) firstCallEnd = i;
    else if (ch === '&' && depth === 0) return true;
  }
  if (/^"([^"]|"")*"$/.test(f)) return true;
  const call = /^(?:_xlfn\.)?([A-Z][A-Z0-9.]*)\(/i.exec(f);
  return !!call && firstCallEnd === f.length - 1 && TEXT_FUNCTIONS.has(call[1]!.toUpperCase());
}

/**
 * An xls cell as the text a person sees (cell-format.ts for numbers). A formula gives its cached result, never
 * evaluated; `stale` when that result is a number though the formula can only give text: the file was written
 * without calculating it (LibreOffice's xls export of a sheet it has not recalculated stores 0 for such a
 * formula, marked to be recalculated on load, so a spreadsheet program shows the text while the file holds 0).
 */
function xlsCellText(c: XLSX.CellObject | undefined, date1904: boolean): { text: string; stale?: true } {
  if (!c) return { text: '' };
  switch (c.t) {
    case 's':
      return { text: typeof c.v === 'string' ? c.v : String(c.v ?? '') };
    case 'b':
      return { text: c.v ? 'true' : 'false' };
    case 'n': {
      if (typeof c.v !== 'number') return { text: '' };
      const text = formatNumber(c.v, typeof c.z === 'string' ? c.z : undefined, date1904);
      return c.f && isTextFormula(c.f) ? { text, stale: true } : { text };
    }
    case 'd':
      return { text: c.v instanceof Date ? c.v.toISOString().slice(0, 10) : String(c.v ?? '') };
    default:
      // 'e' (an error such as #N/A) and 'z' (a blank cell) are empty.
      return { text: '' };
  }
}

/** The rows of the first worksheet, one at a time (empty rows skipped), with 1-based row numbers. */
export async function* readRows(path: string, kind: SheetKind): AsyncGenerator<SheetRow> {
  if (kind === 'xls') {
    const info = await stat(path);
    if (!info.size) return;
    const wb = XLSX.read(await readFile(path), {
      type: 'buffer',
      dense: true,
      cellFormula: true,
      cellNF: true,
      cellHTML: false,
      cellStyles: false,
      sheetRows: IMPORT_MAX_ROWS + 20,
    });
    const ws = wb.SheetNames[0] ? wb.Sheets[wb.SheetNames[0]] : undefined;
    if (!ws || !ws['!ref']) return;
    const date1904 = !!wb.Workbook?.WBProps?.date1904;
    const data = (ws['!data'] ?? []) as (XLSX.CellObject | undefined)[][];
    for (let r = 0; r < data.length; r++) {
      const cells: string[] = [];
      const stale: number[] = [];
      const row = data[r] ?? [];
      for (let c = 0; c < row.length; c++) {
        const cell = xlsCellText(row[c], date1904);
        cells.push(cell.text);
        if (cell.stale) stale.push(c);
      }
      if (cells.every((t) => t.trim() === '')) continue;
      yield sheetRow(r + 1, cells, stale);
    }
    return;
  }
  for await (const row of xlsxRows(path, XLSX_MAX_ENTRIES)) {
    if (row.cells.every((c) => c.trim() === '') && !row.staleFormulas) continue;
    yield sheetRow(row.rowNumber, row.cells, row.staleFormulas);
  }
}

/**
 * How many rows after `headerLine` the first worksheet holds, for an import's progress total: an xlsx's sheet is
 * scanned for its row tags, not parsed (xlsx-reader.ts); an xls (at most 65,536 rows) is read.
 */
export async function countRows(path: string, kind: SheetKind, headerLine: number): Promise<number> {
  if (kind === 'xlsx') return xlsxRowCount(path, XLSX_MAX_ENTRIES, headerLine);
  let n = 0;
  for await (const row of readRows(path, kind)) if (row.rowNumber > headerLine) n++;
  return n;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text that a spreadsheet would run as a formula gets a leading apostrophe (formula injection on export). */
export function neutralise(v: string): string {
  return FORMULA_START.test(v) ? `'${v}` : v;
}

/** Undoes neutralise() on import, so an exported file imports back to the same data. */
export function unneutralise(v: string): string {
  return v.length > 1 && v.startsWith("'") && FORMULA_START.test(v.slice(1)) ? v.slice(1) : v;
}

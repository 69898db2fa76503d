import * as XLSX from '@e965/xlsx';
import { open, readFile, stat } from 'node:fs/promises';
import { TRANSFER_TEXTS } from '@portal/contracts/transfer';
import { badRequest } from '../../platform/errors.ts';
import ExcelJS from 'exceljs';
import { formatNumber } from './cell-format.ts';
import { entryChunks, openZip, xlsxRowCount, xlsxRows } from './xlsx-reader.ts';

/**
 * Spreadsheet reading and writing for import and export: the type by content, a zip-bomb check before an
 * xlsx is parsed, streamed reading (xlsx-reader.ts) and writing (ExcelJS WorkbookWriter), xls through
 * SheetJS (docs/adr/0005-spreadsheets.md), and formula neutralising.
 */

/** Excel's own limit of characters in a cell; a longer cell is refused. */
export const CELL_MAX_CHARS = 32_767;
/** Rows one import may hold. */
export const IMPORT_MAX_ROWS = 1_000_000;
/** What the parts of an xlsx may inflate to in total, and the highest ratio one part may have. */
export const XLSX_MAX_INFLATED_BYTES = 512 * 1024 * 1024;
export const XLSX_MAX_RATIO = 200;
const XLSX_MAX_ENTRIES = 10_000;

export type SheetKind = 'xlsx' | 'xls';

const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** The spreadsheet type of a file by its first bytes and its name; null when they do not agree on xls or xlsx. */
export async function sniffKind(path: string, fileName: string): Promise<SheetKind | null> {
  const fh = await open(path, 'r');
  const head = Buffer.alloc(8);
  try {
    await fh.read(head, 0, 8, 0);
  } finally {
    await fh.close();
  }
  return sniffKindOf(head, fileName);
}

/** sniffKind() from the first bytes already at hand (the file store's put() answers them). */
export function sniffKindOf(head: Buffer, fileName: string): SheetKind | null {
  const ext = (/\.([a-z0-9]+)$/i.exec(fileName)?.[1] ?? '').toLowerCase();
  if (ext === 'xlsx' && head.subarray(0, 4).equals(ZIP_MAGIC)) return 'xlsx';
  if (ext === 'xls' && head.subarray(0, 8).equals(CFB_MAGIC)) return 'xls';
  return null;
}

/**
 * Refuses an xlsx that is not a plain workbook or that inflates too far (a zip bomb): no part may declare more
 * than XLSX_MAX_RATIO times its stored size, nor all of them together more than XLSX_MAX_INFLATED_BYTES; then every
 * part is inflated once, output discarded, and yauzl fails a part the moment it holds more (or fewer) bytes than it
 * declared. xlsx-reader.ts then parses only parts whose real size is known.
 */
export async function checkXlsx(path: string): Promise<void> {
  const { zip, entries, close } = await openZip(path, XLSX_MAX_ENTRIES);
  try {
    if (
      !entries.some((e) => e.fileName === 'xl/workbook.xml') ||
      !entries.some((e) => e.fileName === '[Content_Types].xml')
    ) {
      throw badRequest(TRANSFER_TEXTS.badFormat, 'the zip holds no workbook');
    }
    let declared = 0;
    for (const e of entries) {
      if (e.uncompressedSize > Math.max(1024 * 1024, e.compressedSize * XLSX_MAX_RATIO))
        throw badRequest(
          TRANSFER_TEXTS.zipBomb,
          `${e.fileName} inflates ${e.uncompressedSize} from ${e.compressedSize} bytes`,
        );
      declared += e.uncompressedSize;
      if (declared > XLSX_MAX_INFLATED_BYTES)
        throw badRequest(TRANSFER_TEXTS.zipBomb, `inflates past ${XLSX_MAX_INFLATED_BYTES} bytes`);
    }
    for (const e of entries) for await (const _ of entryChunks(zip, e)) void _;
  } finally {
    close();
  }
}

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

/** A list of allowed values for a range of a worksheet (a drop-down in spreadsheet programs). */
export type ListValidation = { range: string; source: string; title: string };

/** A streamed xlsx writer of one or more worksheets, one after the other: rows go to disk as they come. */
export function workbookWriter(path: string) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useStyles: false, useSharedStrings: false });
  return {
    addSheet(name: string) {
      const ws = wb.addWorksheet(name);
      return {
        addRow(cells: (string | number)[]) {
          ws.addRow(cells.map((c) => (typeof c === 'string' ? neutralise(c) : c))).commit();
        },
        /** Cells of `range` offer the values of `source` (a range such as 'Sheet2'!$A$2:$A$9) and warn on others. */
        addListValidation({ range, source, title }: ListValidation) {
          // The streaming worksheet keeps data validations as the document one does; its typings leave them out.
          const sheet = ws as unknown as {
            dataValidations: { add(range: string, v: import('exceljs').DataValidation): void };
          };
          sheet.dataValidations.add(range, {
            type: 'list',
            allowBlank: true,
            formulae: [source],
            showErrorMessage: true,
            errorStyle: 'warning',
            errorTitle: title,
            error: `${title}：请从下拉列表中选择`,
          });
        },
        commit() {
          ws.commit();
        },
      };
    },
    async close() {
      await wb.commit();
    },
  };
}

/** A streamed xlsx writer with one worksheet: rows go to disk as they come, no styles or shared strings. */
export function sheetWriter(path: string, sheetName: string) {
  const wb = workbookWriter(path);
  const ws = wb.addSheet(sheetName);
  return {
    addRow: ws.addRow,
    async close() {
      ws.commit();
      await wb.close();
    },
  };
}

/** The letters of a 0-based column index (0 → A, 26 → AA). */
export function columnName(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

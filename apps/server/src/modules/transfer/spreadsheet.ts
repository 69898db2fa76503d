import * as XLSX from '@e965/xlsx';
import { open, readFile, stat } from 'node:fs/promises';
import { TRANSFER_TEXTS } from '@portal/contracts/transfer';
import { badRequest } from '../../platform/errors.ts';
import { ExcelJS } from './exceljs.ts';
import { entryChunks, openZip, xlsxRows } from './xlsx-reader.ts';

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
    if (!entries.some((e) => e.fileName === 'xl/workbook.xml') || !entries.some((e) => e.fileName === '[Content_Types].xml')) {
      throw badRequest(TRANSFER_TEXTS.badFormat, 'the zip holds no workbook');
    }
    let declared = 0;
    for (const e of entries) {
      if (e.uncompressedSize > Math.max(1024 * 1024, e.compressedSize * XLSX_MAX_RATIO)) throw badRequest(TRANSFER_TEXTS.zipBomb, `${e.fileName} inflates ${e.uncompressedSize} from ${e.compressedSize} bytes`);
      declared += e.uncompressedSize;
      if (declared > XLSX_MAX_INFLATED_BYTES) throw badRequest(TRANSFER_TEXTS.zipBomb, `inflates past ${XLSX_MAX_INFLATED_BYTES} bytes`);
    }
    for (const e of entries) for await (const _ of entryChunks(zip, e)) void _;
  } finally {
    close();
  }
}

/** A cell's value as the text an import works with; a formula gives its cached result, never evaluated. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    const o = v as { richText?: { text: string }[]; text?: unknown; result?: unknown; formula?: unknown; error?: unknown };
    if (Array.isArray(o.richText)) return o.richText.map((r) => r.text).join('');
    if ('formula' in o || 'sharedFormula' in o) return cellText(o.result);
    if ('text' in o) return cellText(o.text);
    if ('error' in o) return '';
  }
  return String(v);
}

/** A row; `tooLong` when a cell exceeded CELL_MAX_CHARS (it is cut there, and the row must be refused). */
export type SheetRow = { rowNumber: number; cells: string[]; tooLong?: true };

function sheetRow(rowNumber: number, cells: string[]): SheetRow {
  while (cells.length && cells[cells.length - 1] === '') cells.pop();
  let tooLong = false;
  for (let i = 0; i < cells.length; i++) {
    if (cells[i]!.length > CELL_MAX_CHARS) {
      cells[i] = cells[i]!.slice(0, CELL_MAX_CHARS);
      tooLong = true;
    }
  }
  return tooLong ? { rowNumber, cells, tooLong: true } : { rowNumber, cells };
}

/** The rows of the first worksheet, one at a time (empty rows skipped), with 1-based row numbers. */
export async function* readRows(path: string, kind: SheetKind): AsyncGenerator<SheetRow> {
  if (kind === 'xls') {
    const info = await stat(path);
    if (!info.size) return;
    const wb = XLSX.read(await readFile(path), { type: 'buffer', dense: true, cellFormula: false, cellHTML: false, cellStyles: false, sheetRows: IMPORT_MAX_ROWS + 20 });
    const ws = wb.SheetNames[0] ? wb.Sheets[wb.SheetNames[0]] : undefined;
    if (!ws || !ws['!ref']) return;
    const range = XLSX.utils.decode_range(ws['!ref']);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(ws, { header: 1, raw: true, blankrows: true, defval: '' });
    for (let i = 0; i < rows.length; i++) {
      const cells = (rows[i] ?? []).map(cellText);
      if (cells.every((c) => c.trim() === '')) continue;
      // sheet_to_json starts at the range's first column; pad so cells[0] is column A.
      const padded = [...Array<string>(range.s.c).fill(''), ...cells];
      yield sheetRow(range.s.r + i + 1, padded);
    }
    return;
  }
  for await (const row of xlsxRows(path, XLSX_MAX_ENTRIES)) {
    if (row.cells.every((c) => c.trim() === '')) continue;
    yield sheetRow(row.rowNumber, row.cells);
  }
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

/** A streamed xlsx writer with one worksheet: rows go to disk as they come, no styles or shared strings. */
export function sheetWriter(path: string, sheetName: string) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useStyles: false, useSharedStrings: false });
  const ws = wb.addWorksheet(sheetName);
  return {
    addRow(cells: (string | number)[]) {
      ws.addRow(cells.map((c) => (typeof c === 'string' ? neutralise(c) : c))).commit();
    },
    async close() {
      ws.commit();
      await wb.commit();
    },
  };
}

import { open } from 'node:fs/promises';
import { TRANSFER_TEXTS } from '@portal/contracts/transfer';
import { badRequest } from '../../platform/errors.ts';
import ExcelJS from 'exceljs';
import { neutralise, XLSX_MAX_ENTRIES } from './sheet-reader.ts';
import { entryChunks, openZip, SCAN_CHUNK } from './xlsx-reader.ts';
import { plainSheetWriter } from './xlsx-writer.ts';

export {
  CELL_MAX_CHARS,
  countRows,
  IMPORT_MAX_ROWS,
  isTextFormula,
  neutralise,
  readRows,
  unneutralise,
  type SheetKind,
  type SheetRow,
} from './sheet-reader.ts';
import type { SheetKind } from './sheet-reader.ts';

/**
 * Spreadsheet reading and writing for import and export: the type by content, a zip-bomb check before an
 * xlsx is parsed, streamed reading (sheet-reader.ts, re-exported here: xlsx-reader.ts, and xls through SheetJS,
 * docs/adr/0005-spreadsheets.md) and writing (one sheet: xlsx-writer.ts, ADR 0049; templates: ExcelJS
 * WorkbookWriter), and formula neutralising.
 */

/** What the parts of an xlsx may inflate to in total, and the highest ratio one part may have. */
export const XLSX_MAX_INFLATED_BYTES = 512 * 1024 * 1024;
export const XLSX_MAX_RATIO = 200;

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
    for (const e of entries) for await (const _ of entryChunks(zip, e, SCAN_CHUNK)) void _;
  } finally {
    close();
  }
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

/**
 * A streamed xlsx writer with one worksheet (exports, failed rows): our own plain writer over yazl
 * (xlsx-writer.ts, ADR 0049), text neutralised against formulas. Rows go to disk as they come; `ready()` between
 * batches waits while the zip stream is behind, so memory stays flat however large the sheet.
 */
export function sheetWriter(path: string, sheetName: string) {
  return plainSheetWriter(path, sheetName, neutralise);
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

import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';

/**
 * A plain one-sheet xlsx, streamed (ADR 0049): the sheet's XML is written as its rows come, straight from the
 * cells, into yazl (the zip writer beside yauzl, which reads them, ADR 0005/0024), which deflates it on libuv's
 * pool; the whole sheet is never in memory. It is what exports and failed-rows files need and nothing more: text
 * and number cells, no styles, no shared strings. Templates (several sheets, drop-down lists) stay with
 * ExcelJS (spreadsheet.ts, workbookWriter).
 *
 * The cells are written as ExcelJS wrote them for these files, so readers see the same values: text as
 * `t="str"` with its `<v>`, numbers as plain `<v>`, characters XML 1.0 cannot hold dropped; an empty text cell is
 * left out (readers give '' for a missing cell, ours and ExcelJS's and LibreOffice alike). `text` may change each
 * text before it is written (spreadsheet.ts neutralises formulas with it).
 */

/**
 * zlib's level for the sheet. Level 3 deflates 66 MB of sheet XML (200,000 duties) in about a third of the time
 * of the default level 6 (205 vs 589 ms here) into 6.1 MB instead of 5.5 MB, still smaller than the 7.1 MB
 * ExcelJS writes at level 6 (its XML is larger); the small parts keep the default.
 */
const SHEET_LEVEL = 3;
/** Characters of sheet XML gathered before they go to the zip stream. */
const CHUNK_CHARS = 64 * 1024;
/** Bytes the sheet stream holds before `ready()` waits for the zip (and the disk) to take them. */
export const SHEET_HIGH_WATER = 1024 * 1024;

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RNS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PNS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const contentTypes =
  `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
  '</Types>';
const rootRels =
  `${HEAD}<Relationships xmlns="${PNS}">` +
  `<Relationship Id="rId1" Type="${RNS}/officeDocument" Target="xl/workbook.xml"/>` +
  '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
  '</Relationships>';
const workbookRels =
  `${HEAD}<Relationships xmlns="${PNS}">` +
  `<Relationship Id="rId1" Type="${RNS}/styles" Target="styles.xml"/>` +
  `<Relationship Id="rId2" Type="${RNS}/worksheet" Target="worksheets/sheet1.xml"/>` +
  '</Relationships>';
/** The least a styles part holds: one font (Calibri 11, ExcelJS's default), the two required fills, one border. */
const styles =
  `${HEAD}<styleSheet xmlns="${NS}">` +
  '<fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';
const workbook = (sheetName: string) =>
  `${HEAD}<workbook xmlns="${NS}" xmlns:r="${RNS}"><sheets>` +
  `<sheet name="${escapeAttr(sheetName)}" sheetId="1" r:id="rId2"/></sheets></workbook>`;
const core = (at: Date) => {
  const when = at.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return (
    `${HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
    'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    `<dcterms:created xsi:type="dcterms:W3CDTF">${when}</dcterms:created>` +
    `<dcterms:modified xsi:type="dcterms:W3CDTF">${when}</dcterms:modified></cp:coreProperties>`
  );
};
const SHEET_START = `${HEAD}<worksheet xmlns="${NS}" xmlns:r="${RNS}"><sheetData>`;
const SHEET_END = '</sheetData></worksheet>';

/** Characters text must not carry as they are: markup, and those XML 1.0 cannot hold (tab, LF and CR can). */
const SPECIAL = /[&<>\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]/;
const SPECIAL_ALL = /[&<>\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]/g;
const replacement = (ch: string) => (ch === '&' ? '&amp;' : ch === '<' ? '&lt;' : ch === '>' ? '&gt;' : '');

/** Text as element content: &, < and > escaped, characters XML cannot hold dropped (as ExcelJS does). */
export function escapeText(s: string): string {
  return SPECIAL.test(s) ? s.replace(SPECIAL_ALL, replacement) : s;
}
function escapeAttr(s: string): string {
  return escapeText(s).replace(/"/g, '&quot;');
}

/** Column letters by 0-based index, kept as they are first needed. */
const letters: string[] = [];
function columnLetters(index: number): string {
  let name = letters[index];
  if (name === undefined) {
    let n = index + 1;
    name = '';
    while (n > 0) {
      const r = (n - 1) % 26;
      name = String.fromCharCode(65 + r) + name;
      n = Math.floor((n - 1) / 26);
    }
    letters[index] = name;
  }
  return name;
}

/** A streamed one-sheet xlsx writer: addRow() as rows come, await ready() now and then, close() at the end. */
export type PlainSheetWriter = {
  /** Appends a row: text as `text` gives it, numbers as they are. */
  addRow(cells: readonly (string | number)[]): void;
  /** Resolves once the rows given so far are taken by the zip stream (call it between batches: memory stays flat). */
  ready(): Promise<void>;
  /** Bytes of sheet XML given but not yet taken by the zip stream. */
  buffered(): number;
  /** Ends the sheet and the zip; resolves once the file is written. */
  close(): Promise<void>;
  /** Gives up: the streams are ended; a file already begun is left for the caller to remove. */
  abort(): void;
};

/** A plain one-sheet xlsx at `path`; the sheet is called `sheetName`. */
export function plainSheetWriter(
  path: string,
  sheetName: string,
  text: (s: string) => string = (s) => s,
): PlainSheetWriter {
  const zip = new ZipFile();
  const mtime = new Date();
  const part = (xml: string, name: string) => zip.addBuffer(Buffer.from(xml), name, { mtime });
  part(contentTypes, '[Content_Types].xml');
  part(rootRels, '_rels/.rels');
  part(core(mtime), 'docProps/core.xml');
  part(workbook(sheetName), 'xl/workbook.xml');
  part(workbookRels, 'xl/_rels/workbook.xml.rels');
  part(styles, 'xl/styles.xml');
  // The sheet last, so readers that go front to back meet the workbook before it.
  const sheet = new PassThrough({ highWaterMark: SHEET_HIGH_WATER });
  zip.addReadStream(sheet, 'xl/worksheets/sheet1.xml', { mtime, compressionLevel: SHEET_LEVEL });
  zip.end();
  let failure: Error | null = null;
  const written = pipeline(zip.outputStream, createWriteStream(path)).catch((err: Error) => {
    failure ??= err;
    throw err;
  });
  written.catch(() => undefined);
  let chunk = SHEET_START;
  let row = 0;
  const flush = () => {
    if (chunk) sheet.write(chunk);
    chunk = '';
  };
  return {
    addRow(cells) {
      const r = String(++row);
      let xml = `<row r="${r}">`;
      for (let i = 0; i < cells.length; i++) {
        const v = cells[i];
        if (typeof v === 'number' && Number.isFinite(v)) xml += `<c r="${columnLetters(i)}${r}"><v>${v}</v></c>`;
        else if (v !== '') xml += `<c r="${columnLetters(i)}${r}" t="str"><v>${escapeText(text(String(v)))}</v></c>`;
      }
      chunk += xml + '</row>';
      if (chunk.length >= CHUNK_CHARS) flush();
    },
    async ready() {
      if (failure) throw failure;
      if (sheet.writableNeedDrain) await Promise.race([once(sheet, 'drain'), written]);
      // A turn of the event loop, so the zip stream's finished deflate work is taken and the next handed out.
      else await new Promise((resolve) => setImmediate(resolve));
      if (failure) throw failure;
    },
    buffered: () => sheet.writableLength + Buffer.byteLength(chunk),
    async close() {
      if (failure) throw failure;
      chunk += SHEET_END;
      flush();
      sheet.end();
      await written;
    },
    abort() {
      failure ??= new Error('the sheet writer was aborted');
      sheet.destroy();
      (zip.outputStream as PassThrough).destroy();
    },
  };
}

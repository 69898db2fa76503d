import { TRANSFER_TEXTS } from '@portal/contracts/transfer-texts';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import type { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import yauzl from 'yauzl';
import { AppError, badRequest } from '../../platform/app-error.ts';
import { builtInFormat, formatNumber } from './cell-format.ts';

/**
 * Reads the rows of an xlsx's first worksheet, streamed, in one deterministic pass over the zip's central
 * directory: the workbook and its relationships first, then the shared strings, then the worksheet, whatever
 * order the parts have in the file. ExcelJS's streaming reader (4.4.0) walks the zip front to back through
 * unzipper, and when a worksheet comes before the shared strings — as in files Excel itself writes — it parks
 * the sheet in a temporary file, during which unzipper sometimes ends the archive early: the workbook part is
 * never read and the import fails at random (about 1 read in 300 here). See docs/adr/0005-spreadsheets.md.
 *
 * The zip itself is yauzl's (docs/adr/0024-maintained-parts.md): it reads the central directory (zip64 included)
 * and each part's bytes from the file by offset, never the whole file; entryChunks inflates them as a stream (in
 * larger pieces than yauzl's own inflater) and fails a part whose inflated size differs from the size it declares,
 * so a part's declared size can be trusted for the zip-bomb limits of spreadsheet.ts. The XML is parsed by saxes (the parser ExcelJS uses), chunk by chunk as it is
 * inflated. Values are the text a person sees: shared and inline strings as text, numbers shown with the cell's
 * number format from the styles part (a date as its date, a percentage with its %; General as the number in
 * full, cell-format.ts), booleans as true/false, a formula's cached result (never evaluated), errors as empty.
 */

export type ZipEntry = yauzl.Entry;

/** An open xlsx (zip): its entries from the central directory; close() when done. */
export type OpenZip = { zip: yauzl.ZipFile; entries: ZipEntry[]; close: () => void };

/**
 * Bytes of a part inflated at a time by a pass that only looks at the bytes (the zip-bomb check, the row count):
 * one turn of the event loop where 16 KiB pieces need sixteen. The parse keeps 16 KiB pieces (PARSE_CHUNK): its values are
 * slices of each piece's text, and with 256 KiB pieces they kept large texts alive (the reader's peak memory
 * +48 MB -> +246 MB for 200,000 rows) for no gain in time.
 */
export const SCAN_CHUNK = 256 * 1024;
const PARSE_CHUNK = 16 * 1024;

/** The zip library's own words stay out of the answer: a user's file is simply not one the portal can read. */
const notAZip = () => badRequest(TRANSFER_TEXTS.badFormat, '文件内容不是可读的 xlsx');

/** Opens the zip at `path` and lists its entries; a file that is not a readable zip, or has too many entries, is refused. */
export async function openZip(path: string, maxEntries: number): Promise<OpenZip> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(path, {
      autoClose: false,
      lazyEntries: true,
      validateEntrySizes: true,
      strictFileNames: false,
    });
  } catch (err) {
    throw notAZip();
  }
  const close = () => zip.isOpen && zip.close();
  try {
    if (zip.entryCount > maxEntries) throw badRequest(TRANSFER_TEXTS.zipBomb, `${zip.entryCount} entries`);
    const entries: ZipEntry[] = [];
    try {
      for await (const e of zip.eachEntry()) entries.push(e);
    } catch (err) {
      throw notAZip();
    }
    return { zip, entries, close };
  } catch (err) {
    close();
    throw err;
  }
}

/**
 * The chunks of an entry's bytes as stored, inflated (deflate) or as they are (stored), streamed. A part that does
 * not inflate, or inflates to another size than it declares, is refused (the latter as a zip bomb).
 */
export async function* entryChunks(zip: yauzl.ZipFile, e: ZipEntry, chunkSize = PARSE_CHUNK): AsyncGenerator<Buffer> {
  if (!e.canDecodeFileData() || (e.compressionMethod !== 0 && e.compressionMethod !== 8)) {
    throw badRequest(
      TRANSFER_TEXTS.badFormat,
      `${e.fileName}: compression method ${e.compressionMethod}${e.isEncrypted() ? ', encrypted' : ''}`,
    );
  }
  let raw: Readable;
  try {
    // The bytes as stored, inflated here rather than by yauzl, so a scan can take larger pieces: yauzl's inflater
    // hands out 16 KiB at a time (a 66 MB sheet: 4,112 turns of the event loop, about 350 ms; in SCAN_CHUNK pieces
    // 60-80 ms).
    raw = (await zip.openReadStreamPromise(e, e.compressionMethod === 8 ? { decompress: false } : {})) as Readable;
  } catch (err) {
    throw badRequest(TRANSFER_TEXTS.badFormat, `${e.fileName}: ${(err as Error).message}`.slice(0, 300));
  }
  let stream = raw;
  if (e.compressionMethod === 8) {
    const inflate = createInflateRaw({ chunkSize });
    // pipe() does not pass on the reading's errors: the inflater ends with them, so the loop below sees them.
    raw.on('error', (err) => inflate.destroy(err));
    stream = raw.pipe(inflate);
  }
  // A part that holds more or fewer bytes than it declares is refused, as a zip bomb: the limits of spreadsheet.ts
  // trust the declared sizes. More is found as soon as it is inflated, never held.
  const lies = () =>
    badRequest(TRANSFER_TEXTS.zipBomb, `${e.fileName} does not hold the ${e.uncompressedSize} bytes it declares`);
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      if (size > e.uncompressedSize) throw lies();
      yield chunk as Buffer;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const message = (err as Error).message ?? '';
    // yauzl's validateEntrySizes of the stored bytes: "too many bytes in the stream …" / "not enough bytes …".
    if (/bytes in the stream/.test(message)) throw lies();
    throw badRequest(TRANSFER_TEXTS.badFormat, `${e.fileName} cannot be inflated`);
  } finally {
    raw.unpipe();
    raw.destroy();
    if (stream !== raw) stream.destroy();
  }
  if (size !== e.uncompressedSize) throw lies();
}

const local = (name: string) => name.slice(name.indexOf(':') + 1);
/** An attribute by its local name: the plain name first (almost always), any prefix only when it is not there. */
const attr = (tag: SaxesTagPlain, name: string): string | undefined => {
  const attributes = tag.attributes as Record<string, string>;
  const plain = attributes[name];
  if (plain !== undefined) return plain;
  for (const k in attributes) if (k.endsWith(`:${name}`)) return attributes[k];
  return undefined;
};

/**
 * Feeds an entry through saxes, calling `open`/`close`/`text` with local tag names, and yields whatever the
 * handlers collected after each chunk (so a worksheet's rows come out as the bytes come in).
 */
async function* parseEntry<T>(
  zip: yauzl.ZipFile,
  e: ZipEntry,
  handlers: {
    open?: (tag: SaxesTagPlain, name: string) => void;
    close?: (name: string) => void;
    text?: (t: string) => void;
  },
  take: () => T[] = () => [],
): AsyncGenerator<T> {
  const parser = new SaxesParser();
  let error: Error | null = null;
  parser.on('error', (err) => (error ??= err));
  if (handlers.open) parser.on('opentag', (tag) => handlers.open!(tag as SaxesTagPlain, local(tag.name)));
  if (handlers.close) parser.on('closetag', (tag) => handlers.close!(local(tag.name)));
  if (handlers.text) {
    parser.on('text', handlers.text);
    parser.on('cdata', handlers.text);
  }
  const decoder = new TextDecoder('utf-8');
  const write = (s: string) => {
    if (s) parser.write(s);
    if (error) throw badRequest(TRANSFER_TEXTS.badFormat, `${e.fileName}: ${(error as Error).message}`.slice(0, 300));
  };
  for await (const chunk of entryChunks(zip, e)) {
    write(decoder.decode(chunk, { stream: true }));
    yield* take();
  }
  write(decoder.decode());
  parser.close();
  if (error) throw badRequest(TRANSFER_TEXTS.badFormat, `${e.fileName}: ${(error as Error).message}`.slice(0, 300));
  yield* take();
}

async function drain(gen: AsyncGenerator<unknown>) {
  for await (const _ of gen) void _;
}

/** A part's path from a relationship target, relative to xl/ unless it starts with '/'. */
function partPath(target: string) {
  const parts: string[] = [];
  for (const p of (target.startsWith('/') ? target.slice(1) : `xl/${target}`).split('/')) {
    if (p === '..') parts.pop();
    else if (p && p !== '.') parts.push(p);
  }
  return parts.join('/');
}

/** The parts of the first worksheet, the shared strings and the styles, from the workbook and its relationships. */
async function locateParts(zip: yauzl.ZipFile, byName: Map<string, ZipEntry>, sheetIndex: number) {
  const sheetRels: string[] = [];
  let date1904 = false;
  const workbook = byName.get('xl/workbook.xml');
  if (workbook) {
    await drain(
      parseEntry(zip, workbook, {
        open: (tag, name) => {
          if (name === 'sheet') sheetRels.push(attr(tag, 'id') ?? '');
          else if (name === 'workbookPr') date1904 = /^(1|true)$/.test(attr(tag, 'date1904') ?? '');
        },
      }),
    );
  }
  const rels = new Map<string, { target: string; type: string }>();
  const relsEntry = byName.get('xl/_rels/workbook.xml.rels');
  if (relsEntry) {
    await drain(
      parseEntry(zip, relsEntry, {
        open: (tag, name) => {
          if (name !== 'Relationship') return;
          const id = attr(tag, 'Id');
          const target = attr(tag, 'Target');
          if (id && target) rels.set(id, { target: partPath(target), type: attr(tag, 'Type') ?? '' });
        },
      }),
    );
  }
  const sheetNo = (n: string) => Number(/sheet(\d+)\.xml$/.exec(n)?.[1] ?? Infinity);
  const rel = sheetRels[sheetIndex];
  const sheet =
    (rel ? rels.get(rel)?.target : undefined) ??
    [...byName.keys()].filter((n) => /^xl\/worksheets\/[^/]+\.xml$/.test(n)).sort((a, b) => sheetNo(a) - sheetNo(b))[
      sheetIndex
    ];
  const strings = [...rels.values()].find((r) => r.type.endsWith('/sharedStrings'))?.target ?? 'xl/sharedStrings.xml';
  const styles = [...rels.values()].find((r) => r.type.endsWith('/styles'))?.target ?? 'xl/styles.xml';
  return {
    sheet: sheet ? byName.get(sheet) : undefined,
    strings: byName.get(strings),
    styles: byName.get(styles),
    date1904,
  };
}

/** The number format code of each cell style (the `s` of a cell indexes cellXfs), from the styles part. */
async function cellFormats(zip: yauzl.ZipFile, e: ZipEntry | undefined): Promise<(string | undefined)[]> {
  const out: (string | undefined)[] = [];
  if (!e) return out;
  const custom = new Map<number, string>();
  const ids: number[] = [];
  let inCellXfs = false;
  await drain(
    parseEntry(zip, e, {
      open: (tag, name) => {
        if (name === 'numFmt') custom.set(Number(attr(tag, 'numFmtId')), attr(tag, 'formatCode') ?? '');
        else if (name === 'cellXfs') inCellXfs = true;
        else if (name === 'xf' && inCellXfs) ids.push(Number(attr(tag, 'numFmtId') ?? 0));
      },
      close: (name) => void (name === 'cellXfs' && (inCellXfs = false)),
    }),
  );
  for (const id of ids) out.push(custom.get(id) ?? builtInFormat(id));
  return out;
}

/** The shared strings: each <si>'s text runs joined, phonetic runs (<rPh>) left out. */
async function sharedStrings(zip: yauzl.ZipFile, e: ZipEntry | undefined): Promise<string[]> {
  const out: string[] = [];
  if (!e) return out;
  let current: string | null = null;
  let inT = false;
  let phonetic = 0;
  await drain(
    parseEntry(zip, e, {
      open: (_tag, name) => {
        if (name === 'si') current = '';
        else if (name === 'rPh') phonetic++;
        else if (name === 't') inT = true;
      },
      close: (name) => {
        if (name === 'si') {
          out.push(current ?? '');
          current = null;
        } else if (name === 'rPh') phonetic--;
        else if (name === 't') inT = false;
      },
      text: (t) => {
        if (inT && !phonetic && current !== null) current += t;
      },
    }),
  );
  return out;
}

/** A column's 0-based index from a cell reference such as "AB12". */
function columnOf(ref: string): number {
  let n = 0;
  for (const ch of ref) {
    const c = ch.charCodeAt(0);
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return n - 1;
}

/** A row; `staleFormulas`: 0-based columns of formulas the file holds no result for (never calculated). */
export type RawRow = { rowNumber: number; cells: string[]; staleFormulas?: number[] };

/** The rows of the first worksheet (or the one at `sheetIndex`) of the xlsx at `path` (cells as text, column A at index 0). */
export async function* xlsxRows(path: string, maxEntries: number, sheetIndex = 0): AsyncGenerator<RawRow> {
  const { zip, entries, close } = await openZip(path, maxEntries);
  try {
    yield* sheetRows(zip, new Map(entries.map((e) => [e.fileName, e])), sheetIndex);
  } finally {
    close();
  }
}

const LT = 0x3c;
const GT = 0x3e;
const COLON = 0x3a;
/** Whether a byte may be part of an XML name (ASCII letters, digits, _ . -; tags are ASCII here). */
const nameByte = (b: number) =>
  (b >= 0x61 && b <= 0x7a) ||
  (b >= 0x41 && b <= 0x5a) ||
  (b >= 0x30 && b <= 0x39) ||
  b === 0x5f ||
  b === 0x2e ||
  b === 0x2d;

/**
 * The row tags (`<row …>`, any prefix) of a piece of sheet XML, by bytes: native searches for "row" and a look at
 * the bytes around each (text cannot hold a `<`, so a name that starts after one is a tag). A row's number is its
 * r attribute, else the one before plus one; only rows after `afterRow` count. `rest`: where an unfinished tag
 * begins (the bytes to read again with the next piece), else the length.
 */
export function scanRowTags(
  buf: Buffer,
  last: number,
  afterRow: number,
): { count: number; last: number; rest: number } {
  let count = 0;
  let at = 0;
  for (;;) {
    const hit = buf.indexOf('row', at, 'latin1');
    if (hit < 0) break;
    at = hit + 3;
    // `<row` or `<prefix:row`, followed by white space, / or >.
    let start = hit - 1;
    if (start >= 0 && buf[start] === COLON) {
      start--;
      while (start >= 0 && nameByte(buf[start]!)) start--;
      if (start === hit - 2) continue;
    }
    if (start < 0 || buf[start] !== LT) {
      // A tag cut by the piece's start cannot be: pieces are cut only after a whole tag (see rest).
      continue;
    }
    if (at >= buf.length) return { count, last, rest: start };
    const next = buf[at]!;
    if (!(next === 0x20 || next === 0x09 || next === 0x0a || next === 0x0d || next === 0x2f || next === GT)) continue;
    const end = buf.indexOf(GT, at);
    if (end < 0) return { count, last, rest: start };
    const r = ROW_NUMBER.exec(buf.toString('latin1', at, end));
    last = r ? Number(r[1]) : last + 1;
    if (last > afterRow) count++;
    at = end + 1;
  }
  // "row" may be cut by the end of the piece: the last bytes after the last tag's end that begin a tag are kept.
  const open = buf.lastIndexOf(LT);
  return { count, last, rest: open >= 0 && buf.indexOf(GT, open) < 0 ? open : buf.length };
}
const ROW_NUMBER = /\sr\s*=\s*["'](\d+)["']/;

/**
 * How many rows numbered after `afterRow` the first worksheet of the xlsx at `path` holds, by scanning the inflated
 * sheet for its row tags, without parsing the XML (a progress total; rows with only empty cells count too).
 */
export async function xlsxRowCount(path: string, maxEntries: number, afterRow: number): Promise<number> {
  const { zip, entries, close } = await openZip(path, maxEntries);
  try {
    const { sheet } = await locateParts(zip, new Map(entries.map((e) => [e.fileName, e])), 0);
    if (!sheet) return 0;
    let count = 0;
    let last = 0;
    let carry: Buffer | null = null;
    for await (const chunk of entryChunks(zip, sheet, SCAN_CHUNK)) {
      const bytes: Buffer = carry ? Buffer.concat([carry, chunk]) : chunk;
      const scan = scanRowTags(bytes, last, afterRow);
      count += scan.count;
      last = scan.last;
      // An unfinished tag at the end of the chunk is read again with the next one.
      carry = scan.rest < bytes.length ? bytes.subarray(scan.rest) : null;
    }
    return count;
  } finally {
    close();
  }
}

async function* sheetRows(
  zip: yauzl.ZipFile,
  byName: Map<string, ZipEntry>,
  sheetIndex: number,
): AsyncGenerator<RawRow> {
  const { sheet, strings, styles, date1904 } = await locateParts(zip, byName, sheetIndex);
  if (!sheet) return;
  const shared = await sharedStrings(zip, strings);
  const formats = await cellFormats(zip, styles);

  const done: RawRow[] = [];
  let rowNumber = 0;
  let cells: string[] | null = null;
  let col = -1;
  let type = '';
  let style = 0;
  let value = '';
  let inline = '';
  let inV = false;
  let inT = false;
  let phonetic = 0;
  // A formula (<f>) without a cached result (<v>), as tools that do not calculate write them: its value is unknown.
  let formula = false;
  let cached = false;
  let stale: number[] = [];
  yield* parseEntry<RawRow>(
    zip,
    sheet,
    {
      open: (tag, name) => {
        if (name === 'row') {
          const r = Number(attr(tag, 'r'));
          rowNumber = Number.isInteger(r) && r > 0 ? r : rowNumber + 1;
          cells = [];
          col = -1;
          stale = [];
        } else if (name === 'c' && cells) {
          const ref = attr(tag, 'r');
          const at = ref ? columnOf(ref) : -1;
          col = at >= 0 ? at : col + 1;
          type = attr(tag, 't') ?? 'n';
          style = Number(attr(tag, 's') ?? 0);
          value = '';
          inline = '';
          formula = false;
          cached = false;
        } else if (name === 'v') inV = cached = true;
        else if (name === 'f') formula = true;
        else if (name === 't') inT = true;
        else if (name === 'rPh') phonetic++;
      },
      close: (name) => {
        if (name === 'v') inV = false;
        else if (name === 't') inT = false;
        else if (name === 'rPh') phonetic--;
        else if (name === 'c' && cells) {
          let text: string;
          if (type === 's') text = shared[Number(value)] ?? '';
          else if (type === 'inlineStr') text = inline;
          else if (type === 'b') text = value === '1' ? 'true' : value === '0' ? 'false' : value;
          else if (type === 'e') text = '';
          else if (type === 'str' || type === 'd') text = value;
          else if (value.trim() === '') text = '';
          else {
            const n = Number(value);
            text = Number.isFinite(n) ? formatNumber(n, formats[style], date1904) : value;
          }
          while (cells.length < col) cells.push('');
          cells[col] = text;
          if (formula && !cached && type !== 'e') stale.push(col);
        } else if (name === 'row' && cells) {
          done.push(stale.length ? { rowNumber, cells, staleFormulas: stale } : { rowNumber, cells });
          cells = null;
        }
      },
      text: (t) => {
        if (inV) value += t;
        else if (inT && !phonetic) inline += t;
      },
    },
    () => done.splice(0),
  );
}

import { TRANSFER_TEXTS } from '@portal/contracts/transfer';
import { readFile } from 'node:fs/promises';
import { createInflateRaw, inflateRawSync } from 'node:zlib';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { badRequest } from '../../platform/errors.ts';

/**
 * Reads the rows of an xlsx's first worksheet, streamed, in one deterministic pass over the zip's central
 * directory: the workbook and its relationships first, then the shared strings, then the worksheet, whatever
 * order the parts have in the file. ExcelJS's streaming reader (4.4.0) walks the zip front to back through
 * unzipper, and when a worksheet comes before the shared strings — as in files Excel itself writes — it parks
 * the sheet in a temporary file, during which unzipper sometimes ends the archive early: the workbook part is
 * never read and the import fails at random (about 1 read in 300 here). See docs/adr/0005-spreadsheets.md.
 *
 * The XML is parsed by saxes (the parser ExcelJS uses). Values are what ExcelJS gave with styles ignored:
 * shared and inline strings as text, numbers as numbers written back to text, booleans as true/false, a
 * formula's cached result (never evaluated), errors as empty.
 */

export type ZipEntry = { name: string; method: number; compressed: number; size: number; offset: number };

/** The entries of a zip from its central directory; a file that is not a readable zip is refused. */
export function centralDirectory(buf: Buffer, maxEntries: number): ZipEntry[] {
  const bad = () => badRequest(TRANSFER_TEXTS.badFormat, 'not a readable xlsx (zip) file');
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65_535); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw bad();
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || p === 0xffffffff) throw badRequest(TRANSFER_TEXTS.zipBomb, 'zip64 archives are not accepted');
  if (count > maxEntries) throw badRequest(TRANSFER_TEXTS.zipBomb, `${count} entries`);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) throw bad();
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    entries.push({
      method: buf.readUInt16LE(p + 10),
      compressed: buf.readUInt32LE(p + 20),
      size: buf.readUInt32LE(p + 24),
      offset: buf.readUInt32LE(p + 42),
      name: buf.subarray(p + 46, p + 46 + nameLen).toString('utf8'),
    });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** The stored (still compressed) bytes of an entry. */
export function entryData(buf: Buffer, e: ZipEntry): Buffer {
  if (e.offset + 30 > buf.length || buf.readUInt32LE(e.offset) !== 0x04034b50) throw badRequest(TRANSFER_TEXTS.badFormat, `bad local header of ${e.name}`);
  const start = e.offset + 30 + buf.readUInt16LE(e.offset + 26) + buf.readUInt16LE(e.offset + 28);
  return buf.subarray(start, start + e.compressed);
}

const unsupported = (e: ZipEntry) => badRequest(TRANSFER_TEXTS.badFormat, `compression method ${e.method}`);

/** The chunks of an entry's inflated bytes, streamed. */
async function* entryChunks(buf: Buffer, e: ZipEntry): AsyncGenerator<Buffer> {
  const data = entryData(buf, e);
  if (e.method === 0) {
    yield data;
    return;
  }
  if (e.method !== 8) throw unsupported(e);
  const inflate = createInflateRaw();
  inflate.end(data);
  try {
    for await (const chunk of inflate) yield chunk as Buffer;
  } catch {
    throw badRequest(TRANSFER_TEXTS.badFormat, `${e.name} cannot be inflated`);
  } finally {
    inflate.destroy();
  }
}

const local = (name: string) => name.slice(name.indexOf(':') + 1);
const attr = (tag: SaxesTagPlain, name: string) => {
  for (const [k, v] of Object.entries(tag.attributes)) if (local(k) === name) return v as string;
  return undefined;
};

/**
 * Feeds an entry through saxes, calling `open`/`close`/`text` with local tag names, and yields whatever the
 * handlers collected after each chunk (so a worksheet's rows come out as the bytes come in).
 */
async function* parseEntry<T>(
  buf: Buffer,
  e: ZipEntry,
  handlers: { open?: (tag: SaxesTagPlain, name: string) => void; close?: (name: string) => void; text?: (t: string) => void },
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
    if (error) throw badRequest(TRANSFER_TEXTS.badFormat, `${e.name}: ${(error as Error).message}`.slice(0, 300));
  };
  for await (const chunk of entryChunks(buf, e)) {
    write(decoder.decode(chunk, { stream: true }));
    yield* take();
  }
  write(decoder.decode());
  parser.close();
  if (error) throw badRequest(TRANSFER_TEXTS.badFormat, `${e.name}: ${(error as Error).message}`.slice(0, 300));
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

/** The paths of the first worksheet and of the shared strings, from the workbook and its relationships. */
async function locateParts(buf: Buffer, byName: Map<string, ZipEntry>) {
  let firstSheetRel: string | undefined;
  const workbook = byName.get('xl/workbook.xml');
  if (workbook) {
    await drain(parseEntry(buf, workbook, { open: (tag, name) => void (name === 'sheet' && firstSheetRel === undefined && (firstSheetRel = attr(tag, 'id'))) }));
  }
  const rels = new Map<string, { target: string; type: string }>();
  const relsEntry = byName.get('xl/_rels/workbook.xml.rels');
  if (relsEntry) {
    await drain(
      parseEntry(buf, relsEntry, {
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
  const sheet =
    (firstSheetRel ? rels.get(firstSheetRel)?.target : undefined) ??
    [...byName.keys()].filter((n) => /^xl\/worksheets\/[^/]+\.xml$/.test(n)).sort((a, b) => sheetNo(a) - sheetNo(b))[0];
  const strings = [...rels.values()].find((r) => r.type.endsWith('/sharedStrings'))?.target ?? 'xl/sharedStrings.xml';
  return { sheet: sheet ? byName.get(sheet) : undefined, strings: byName.get(strings) };
}

/** The shared strings: each <si>'s text runs joined, phonetic runs (<rPh>) left out. */
async function sharedStrings(buf: Buffer, e: ZipEntry | undefined): Promise<string[]> {
  const out: string[] = [];
  if (!e) return out;
  let current: string | null = null;
  let inT = false;
  let phonetic = 0;
  await drain(
    parseEntry(buf, e, {
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

export type RawRow = { rowNumber: number; cells: string[] };

/** The rows of the first worksheet of the xlsx at `path` (cells as text, column A at index 0). */
export async function* xlsxRows(path: string, maxEntries: number): AsyncGenerator<RawRow> {
  const buf = await readFile(path);
  const entries = centralDirectory(buf, maxEntries);
  const byName = new Map(entries.map((e) => [e.name, e]));
  const { sheet, strings } = await locateParts(buf, byName);
  if (!sheet) return;
  const shared = await sharedStrings(buf, strings);

  const done: RawRow[] = [];
  let rowNumber = 0;
  let cells: string[] | null = null;
  let col = -1;
  let type = '';
  let value = '';
  let inline = '';
  let inV = false;
  let inT = false;
  let phonetic = 0;
  yield* parseEntry<RawRow>(
    buf,
    sheet,
    {
      open: (tag, name) => {
        if (name === 'row') {
          const r = Number(attr(tag, 'r'));
          rowNumber = Number.isInteger(r) && r > 0 ? r : rowNumber + 1;
          cells = [];
          col = -1;
        } else if (name === 'c' && cells) {
          const ref = attr(tag, 'r');
          const at = ref ? columnOf(ref) : -1;
          col = at >= 0 ? at : col + 1;
          type = attr(tag, 't') ?? 'n';
          value = '';
          inline = '';
        } else if (name === 'v') inV = true;
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
          else text = value.trim() === '' ? '' : Number.isFinite(Number(value)) ? String(Number(value)) : value;
          while (cells.length < col) cells.push('');
          cells[col] = text;
        } else if (name === 'row' && cells) {
          done.push({ rowNumber, cells });
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

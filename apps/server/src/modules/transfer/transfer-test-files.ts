import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { xlsxRows } from './xlsx-reader.ts';

/** Real spreadsheet files for the import tests and the bench, made on the fly. */

export type Grid = (string | number | null)[][];

/** An xlsx whose rows are `grid` (row 1 first). */
export async function xlsxOf(grid: Grid): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  grid.forEach((row, i) => {
    row.forEach((v, j) => {
      if (v !== null) ws.getCell(i + 1, j + 1).value = v;
    });
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A BIFF8 .xls whose rows are `grid`. */
export function xlsOf(grid: Grid): Buffer {
  const ws = XLSX.utils.aoa_to_sheet(grid.map((r) => r.map((v) => (v === null ? '' : v))));
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, 'Sheet1');
  return XLSX.write(wb, { bookType: 'biff8', type: 'buffer' }) as Buffer;
}

/**
 * Reads every row of a sheet of an xlsx (the first unless told) as text cells, with the portal's own reader (rows
 * with no cell left out), so a test reads a file as an import would.
 */
export async function rowsOf(buf: Buffer, sheet = 0): Promise<string[][]> {
  const dir = await mkdtemp(join(tmpdir(), 'portal-rows-'));
  try {
    const path = join(dir, 'rows.xlsx');
    await writeFile(path, buf);
    const out: string[][] = [];
    for await (const row of xlsxRows(path, 10_000, sheet)) if (row.cells.length) out.push(row.cells);
    return out;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A zip of the given parts; `lie` makes a part declare a smaller size than it inflates to. With `zip64`, as tools
 * write large archives: every size and offset in the central directory is 0xFFFFFFFF with the real values in a
 * zip64 extra field, and the end of central directory points to a zip64 end record through its locator.
 */
export function zipOf(parts: { name: string; data: Buffer; lie?: number }[], { zip64 = false } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  const FULL = 0xffffffff;
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const data = deflateRawSync(p.data, { level: 9 });
    const size = p.lie ?? p.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(zip64 ? 45 : 20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(p.data), 14);
    local.writeUInt32LE(zip64 ? FULL : data.length, 18);
    local.writeUInt32LE(zip64 ? FULL : size, 22);
    local.writeUInt16LE(name.length, 26);
    // The zip64 extra field: uncompressed size, compressed size (local header); plus the offset (central directory).
    const extra = (withOffset: boolean) => {
      if (!zip64) return Buffer.alloc(0);
      const x = Buffer.alloc(4 + (withOffset ? 24 : 16));
      x.writeUInt16LE(0x0001, 0);
      x.writeUInt16LE(x.length - 4, 2);
      x.writeBigUInt64LE(BigInt(size), 4);
      x.writeBigUInt64LE(BigInt(data.length), 12);
      if (withOffset) x.writeBigUInt64LE(BigInt(offset), 20);
      return x;
    };
    const localExtra = extra(false);
    const centralExtra = extra(true);
    local.writeUInt16LE(localExtra.length, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(zip64 ? 45 : 20, 4);
    central.writeUInt16LE(zip64 ? 45 : 20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(p.data), 16);
    central.writeUInt32LE(zip64 ? FULL : data.length, 20);
    central.writeUInt32LE(zip64 ? FULL : size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt16LE(centralExtra.length, 30);
    central.writeUInt32LE(zip64 ? FULL : offset, 42);
    locals.push(local, name, localExtra, data);
    centrals.push(central, name, centralExtra);
    offset += 30 + name.length + localExtra.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const tail: Buffer[] = [];
  if (zip64) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE(45, 12);
    record.writeUInt16LE(45, 14);
    record.writeBigUInt64LE(BigInt(parts.length), 24);
    record.writeBigUInt64LE(BigInt(parts.length), 32);
    record.writeBigUInt64LE(BigInt(cd.length), 40);
    record.writeBigUInt64LE(BigInt(offset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(offset + cd.length), 8);
    locator.writeUInt32LE(1, 16);
    tail.push(record, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(zip64 ? 0xffff : parts.length, 8);
  end.writeUInt16LE(zip64 ? 0xffff : parts.length, 10);
  end.writeUInt32LE(zip64 ? FULL : cd.length, 12);
  end.writeUInt32LE(zip64 ? FULL : offset, 16);
  return Buffer.concat([...locals, cd, ...tail, end]);
}

/** A multipart/form-data body with the given files and fields. */
export function multipart(files: { filename: string; content: Buffer }[], fields: Record<string, string> = {}) {
  const boundary = `----portal${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
    );
    chunks.push(f.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

import * as XLSX from '@e965/xlsx';
import { deflateRawSync } from 'node:zlib';
import { ExcelJS } from './exceljs.ts';

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

/** Reads every row of an xlsx (first sheet) as text cells. */
export async function rowsOf(buf: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const out: string[][] = [];
  wb.worksheets[0]!.eachRow((row) => {
    const values = row.values as unknown[];
    out.push(Array.from(values.slice(1), (v) => (v === null || v === undefined ? '' : String(v))));
  });
  return out;
}

/** A zip of the given parts; `lie` makes a part declare a smaller size than it inflates to. */
export function zipOf(parts: { name: string; data: Buffer; lie?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const data = deflateRawSync(p.data, { level: 9 });
    const size = p.lie ?? p.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** A multipart/form-data body with the given files and fields. */
export function multipart(files: { filename: string; content: Buffer }[], fields: Record<string, string> = {}) {
  const boundary = `----portal${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
    chunks.push(f.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

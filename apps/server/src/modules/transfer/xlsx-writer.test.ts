import ExcelJS from 'exceljs';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkXlsx, readRows, sheetWriter } from './spreadsheet.ts';
import { escapeText, plainSheetWriter, SHEET_HIGH_WATER } from './xlsx-writer.ts';

/**
 * The plain one-sheet xlsx writer (ADR 0049): what it writes is read back as written by the portal's own reader,
 * by ExcelJS and by LibreOffice, and it streams (back-pressure, failures, abort).
 */
describe('plain xlsx writer', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'portal-xlsx-writer-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  const long = '职'.repeat(32_767);
  // What a sheet may hold: markup, quotes, tab and line breaks, characters XML cannot hold (dropped, as ExcelJS
  // drops them), surrogate pairs, formula starts (neutralised by sheetWriter), numbers, empty cells between and
  // after others, a row of nothing, Excel's longest cell.
  const rows: (string | number)[][] = [
    ['所属部门', '职责名称', '职责类型', '职责内容', '排序', '关联服务'],
    ['教务处', 'a<b>&c "d" \'e\'', '职责', '第一行\n第二行\t制表', '12', '成绩单打印、学籍信息修改'],
    ['学生工作处', '=SUM(A1:A2)', '', '+1 -2 @x', 7, ''],
    ['信\u0001息\u001f化\u0000中心\uFFFE', '𠀀𝄞 emoji 🎓', '权力', '', '', '末列'],
    ['', '', '', '', '', ''],
    ['', '只有第二列'],
    ['人事处', long, '责任', 'x', 0, 'y'],
  ];
  /** What a reader gives back for `rows` (trailing empty cells and empty rows are not cells). */
  const expected = [
    { rowNumber: 1, cells: ['所属部门', '职责名称', '职责类型', '职责内容', '排序', '关联服务'] },
    {
      rowNumber: 2,
      cells: ['教务处', 'a<b>&c "d" \'e\'', '职责', '第一行\n第二行\t制表', '12', '成绩单打印、学籍信息修改'],
    },
    { rowNumber: 3, cells: ['学生工作处', "'=SUM(A1:A2)", '', "'+1 -2 @x", '7'] },
    { rowNumber: 4, cells: ['信息化中心', '𠀀𝄞 emoji 🎓', '权力', '', '', '末列'] },
    { rowNumber: 6, cells: ['', '只有第二列'] },
    { rowNumber: 7, cells: ['人事处', long, '责任', 'x', '0', 'y'] },
  ];
  const write = async (path: string, sheetName = '部门职责清单') => {
    const out = sheetWriter(path, sheetName);
    for (const r of rows) out.addRow(r);
    await out.ready();
    await out.close();
  };
  const ours = async (path: string) => {
    const got = [];
    for await (const r of readRows(path, 'xlsx')) got.push(r);
    return got;
  };

  it('escapes markup and drops what XML cannot hold, as ExcelJS does', () => {
    expect(escapeText('a<b>&c "d"')).toBe('a&lt;b&gt;&amp;c "d"');
    expect(escapeText('x\u0000\u0008\u000b\u000c\u000e\u001f\u007f\uffff y\t\n\r')).toBe('x y\t\n\r');
    expect(escapeText('教务处')).toBe('教务处');
  });

  it('writes a file the import reads back as written, which passes the zip-bomb check', async () => {
    const path = join(dir, 'plain.xlsx');
    await write(path);
    await checkXlsx(path);
    expect(await ours(path)).toEqual(expected);
  });

  it('writes a file ExcelJS reads: the sheet and its name, text as text, numbers as numbers', async () => {
    const path = join(dir, 'exceljs.xlsx');
    await write(path, '名单 <甲> & "乙"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(path);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['名单 <甲> & "乙"']);
    const got: string[][] = [];
    wb.worksheets[0]!.eachRow((row, n) => {
      const cells = Array.from((row.values as unknown[]).slice(1), (v) =>
        v === null || v === undefined ? '' : String(v),
      );
      while (cells.length && cells[cells.length - 1] === '') cells.pop();
      got[n] = cells;
    });
    expect(got.filter(Boolean)).toEqual(expected.map((r) => r.cells));
    expect(wb.worksheets[0]!.getCell('E3').value).toBe(7);
    expect(wb.worksheets[0]!.getCell('E2').value).toBe('12');
  });

  it('writes a file LibreOffice opens: converted by soffice to xlsx, it reads back the same', async () => {
    const path = join(dir, 'lo.xlsx');
    await write(path);
    const out = join(dir, 'lo-out');
    await mkdir(out);
    const profile = join(dir, 'lo-profile');
    await promisify(execFile)(
      'soffice',
      [`-env:UserInstallation=file://${profile}`, '--headless', '--convert-to', 'xlsx', '--outdir', out, path],
      { timeout: 25_000 },
    );
    expect(await readdir(out)).toEqual(['lo.xlsx']);
    const back = await ours(join(out, 'lo.xlsx'));
    // LibreOffice keeps every cell; it writes text cells as shared strings and 7 and 0 as numbers.
    expect(back).toEqual(expected);
  });

  it('streams: ready() waits while the zip is behind, so a large sheet never gathers in memory', async () => {
    const path = join(dir, 'large.xlsx');
    const out = plainSheetWriter(path, '大表');
    const text = (i: number) => `依据相关规定组织开展第${i}项工作，负责受理、审核与办结。`;
    let peak = 0;
    for (let i = 0; i < 100_000; i++) {
      out.addRow(['教务处', text(i), i]);
      if (i % 2_000 === 1_999) {
        await out.ready();
        peak = Math.max(peak, out.buffered());
      }
    }
    await out.close();
    // 100,000 rows are about 16 MB of sheet XML; after each ready() at most the stream's high-water mark waits.
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(SHEET_HIGH_WATER);
    let n = 0;
    for await (const r of readRows(path, 'xlsx')) {
      if (n % 10_000 === 0) expect(r.cells).toEqual(['教务处', text(n), String(n)]);
      n++;
    }
    expect(n).toBe(100_000);
  });

  it('fails, rather than hangs, when the file cannot be written, and abort() ends the streams', async () => {
    const out = plainSheetWriter(join(dir, 'no-such-dir', 'x.xlsx'), 'x');
    out.addRow(['a']);
    await expect(out.close()).rejects.toThrow(/ENOENT/);

    const path = join(dir, 'aborted.xlsx');
    const gone = plainSheetWriter(path, 'x');
    gone.addRow(['a']);
    gone.abort();
    await expect(gone.ready()).rejects.toThrow(/aborted/);
    await expect(gone.close()).rejects.toThrow(/aborted/);
  });
});

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cellText, neutralise, readRows, sheetWriter, unneutralise } from './spreadsheet.ts';
import { xlsOf } from './transfer-test-files.ts';

describe('spreadsheets', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'portal-sheet-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('streams Chinese text through write and read without breaking characters at chunk boundaries', async () => {
    const path = join(dir, 'zh.xlsx');
    const out = sheetWriter(path, '测试');
    const text = (i: number) => `依据相关规定组织开展第${i}项工作，负责受理、审核与办结。`;
    for (let i = 0; i < 20_000; i++) out.addRow(['教务处', text(i)]);
    await out.close();
    let n = 0;
    for await (const row of readRows(path, 'xlsx')) {
      expect(row.cells).toEqual(['教务处', text(n)]);
      n++;
    }
    expect(n).toBe(20_000);
  });

  it('reads xls rows with their row numbers, skipping empty rows', async () => {
    const path = join(dir, 'a.xls');
    await writeFile(path, xlsOf([['标题'], [], ['部门', '名称'], ['教务处', 7]]));
    const rows = [];
    for await (const r of readRows(path, 'xls')) rows.push(r);
    expect(rows).toEqual([
      { rowNumber: 1, cells: ['标题'] },
      { rowNumber: 3, cells: ['部门', '名称'] },
      { rowNumber: 4, cells: ['教务处', '7'] },
    ]);
  });

  it('neutralises formulas on export and restores them on import; never evaluates a formula cell', () => {
    for (const v of ['=1+1', '+SUM(A1)', '-2', '@cmd', '\tx']) expect(unneutralise(neutralise(v))).toBe(v);
    expect(neutralise('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    expect(neutralise('教务处')).toBe('教务处');
    expect(cellText({ formula: 'A1*2', result: 4 })).toBe('4');
    expect(cellText({ richText: [{ text: '教' }, { text: '务' }] })).toBe('教务');
  });
});

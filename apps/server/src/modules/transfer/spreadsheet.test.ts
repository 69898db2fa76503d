import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkXlsx, countRows, isTextFormula, neutralise, readRows, sheetWriter, unneutralise } from './spreadsheet.ts';
import { TRANSFER_TEXTS } from '@portal/contracts/transfer';
import { xlsOf, xlsxOf, zipOf } from './transfer-test-files.ts';
import { scanRowTags } from './xlsx-reader.ts';

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
    // The progress total of an import comes from a scan of the row tags (no parsing), chunk boundaries included.
    expect(await countRows(path, 'xlsx', 0)).toBe(20_000);
    expect(await countRows(path, 'xlsx', 1)).toBe(19_999);
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

  const read = async (path: string) => {
    const rows = [];
    for await (const r of readRows(path, 'xlsx')) rows.push(r);
    return rows;
  };
  const part = (name: string, xml: string) => ({ name, data: Buffer.from(xml) });
  const ns =
    'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

  it('reads an xlsx in the order Excel writes it: workbook, sheets named by relationship, shared strings after the sheet', async () => {
    const path = join(dir, 'excel-order.xlsx');
    await writeFile(
      path,
      zipOf([
        part('[Content_Types].xml', '<Types/>'),
        // The workbook lists 名单 first; its part is sheet2.xml, so sheet1.xml (the second sheet) is not read.
        part(
          'xl/workbook.xml',
          `<workbook ${ns}><sheets><sheet name="名单" sheetId="2" r:id="rId7"/><sheet name="说明" sheetId="1" r:id="rId1"/></sheets></workbook>`,
        ),
        part(
          'xl/_rels/workbook.xml.rels',
          '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml" Type="x/worksheet"/><Relationship Id="rId7" Target="/xl/worksheets/sheet2.xml" Type="x/worksheet"/><Relationship Id="rId9" Target="strings.xml" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings"/></Relationships>',
        ),
        part(
          'xl/worksheets/sheet1.xml',
          `<worksheet ${ns}><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>不该读到</t></is></c></row></sheetData></worksheet>`,
        ),
        part(
          'xl/worksheets/sheet2.xml',
          `<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>` +
            `<x:row r="2"><x:c r="A2" t="s"><x:v>0</x:v></x:c><x:c r="C2" t="s"><x:v>1</x:v></x:c></x:row>` +
            `<x:row r="3"><x:c r="A3" t="inlineStr"><x:is><x:t xml:space="preserve"> 教务处 &amp; 图书馆</x:t></x:is></x:c><x:c r="B3"><x:v>3.50</x:v></x:c><x:c r="C3" t="b"><x:v>1</x:v></x:c><x:c r="D3"><x:f>1/0</x:f><x:v>#DIV/0!</x:v></x:c><x:c r="E3" t="e"><x:v>#N/A</x:v></x:c><x:c r="F3" t="str"><x:f>"a"&amp;"b"</x:f><x:v>ab</x:v></x:c></x:row>` +
            `<x:row r="5"><x:c r="B5"/></x:row>` +
            `<x:row r="6"><x:c r="AA6"><x:v>7</x:v></x:c></x:row>` +
            `</x:sheetData></x:worksheet>`,
        ),
        part(
          'xl/strings.xml',
          '<sst><si><t>部门</t></si><si><r><t>名</t></r><r><t>称</t></r><rPh><t>めいしょう</t></rPh></si></sst>',
        ),
      ]),
    );
    expect(await read(path)).toEqual([
      { rowNumber: 2, cells: ['部门', '', '名称'] },
      { rowNumber: 3, cells: [' 教务处 & 图书馆', '3.5', 'true', '#DIV/0!', '', 'ab'] },
      { rowNumber: 6, cells: [...Array<string>(26).fill(''), '7'] },
    ]);
    // The scan counts prefixed row tags by their numbers (row 5, whose cell is empty, too).
    expect(await countRows(path, 'xlsx', 2)).toBe(3);
  });

  it('reads the same rows every time, many reads at once (the streaming reader it replaces lost the workbook now and then)', async () => {
    const path = join(dir, 'again.xlsx');
    await writeFile(
      path,
      await xlsxOf([
        ['服务名称', '访问量'],
        ['某服务', 3],
      ]),
    );
    const expected = [
      { rowNumber: 1, cells: ['服务名称', '访问量'] },
      { rowNumber: 2, cells: ['某服务', '3'] },
    ];
    for (let round = 0; round < 100; round++) {
      const all = await Promise.all(Array.from({ length: 6 }, () => read(path)));
      for (const rows of all) expect(rows).toEqual(expected);
    }
  });

  it('reads a zip64 xlsx (sizes and offsets only in the zip64 fields, as large archives have them) like the same parts in a plain zip', async () => {
    const parts = [
      part('[Content_Types].xml', '<Types/>'),
      part(
        'xl/workbook.xml',
        `<workbook ${ns}><sheets><sheet name="名单" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
      part(
        'xl/_rels/workbook.xml.rels',
        '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml" Type="x/worksheet"/></Relationships>',
      ),
      part(
        'xl/worksheets/sheet1.xml',
        `<worksheet ${ns}><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1"><v>12</v></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>教务处</t></is></c></row></sheetData></worksheet>`,
      ),
      part('xl/sharedStrings.xml', '<sst><si><t>部门</t></si></sst>'),
    ];
    const plain = join(dir, 'plain.xlsx');
    const wide = join(dir, 'zip64.xlsx');
    await writeFile(plain, zipOf(parts));
    await writeFile(wide, zipOf(parts, { zip64: true }));
    await expect(checkXlsx(wide)).resolves.toBeUndefined();
    const expected = [
      { rowNumber: 1, cells: ['部门', '12'] },
      { rowNumber: 2, cells: ['教务处'] },
    ];
    expect(await read(plain)).toEqual(expected);
    expect(await read(wide)).toEqual(expected);
  });

  it('refuses zip bombs in zip64 archives too: a part too large for its stored size, and a part holding more than it declares', async () => {
    const head = [part('[Content_Types].xml', '<Types/>'), part('xl/workbook.xml', '<workbook/>')];
    const bomb = join(dir, 'bomb64.xlsx');
    await writeFile(
      bomb,
      zipOf([...head, { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(64 * 1024 * 1024, 0x20) }], {
        zip64: true,
      }),
    );
    await expect(checkXlsx(bomb)).rejects.toMatchObject({ message: TRANSFER_TEXTS.zipBomb });
    const liar = join(dir, 'liar64.xlsx');
    await writeFile(
      liar,
      zipOf([...head, { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(8 * 1024 * 1024, 0x20), lie: 1000 }], {
        zip64: true,
      }),
    );
    await expect(checkXlsx(liar)).rejects.toMatchObject({ message: TRANSFER_TEXTS.zipBomb });
    const notZip = join(dir, 'not-a-zip.xlsx');
    await writeFile(notZip, Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]));
    await expect(checkXlsx(notZip)).rejects.toMatchObject({ message: TRANSFER_TEXTS.badFormat });
  });

  it('counts row tags by bytes however the sheet is cut into pieces: prefixes, self-closing rows, "row" in text and names', () => {
    const xml = Buffer.from(
      `<x:worksheet xmlns:x="${'m'}"><x:sheetData><x:row r="2"><x:c><x:v>arrow row &lt;row&gt;</x:v></x:c></x:row>` +
        `<row spans="1:2"><c t="inlineStr"><is><t>行 x:row rows</t></is></c></row><rowBreaks count="1"/>` +
        `<row\tr='7'/><x:row\nr="9" ht="15"><c r="A9"/></x:row><my.pfx-1:row r="12">` +
        `<arrow r="99"/><rowx r="98"/></x:sheetData></x:worksheet>`,
    );
    const whole = scanRowTags(xml, 0, 0);
    expect(whole).toMatchObject({ count: 5, last: 12, rest: xml.length });
    expect(scanRowTags(xml, 0, 7)).toMatchObject({ count: 2 });
    // Every cut: the rest of the first piece is read again with the second, as xlsxRowCount does.
    for (let cut = 0; cut <= xml.length; cut++) {
      const first = scanRowTags(xml.subarray(0, cut), 0, 2);
      const second = scanRowTags(xml.subarray(first.rest), first.last, 2);
      expect([cut, first.count + second.count, second.last]).toEqual([cut, 4, 12]);
    }
  });

  it('refuses a part that holds fewer bytes than it declares, and one whose deflated data is broken', async () => {
    const head = [part('[Content_Types].xml', '<Types/>'), part('xl/workbook.xml', '<workbook/>')];
    const sheet = Buffer.from(`<worksheet ${ns}><sheetData>${'<row r="1"/>'.repeat(50_000)}</sheetData></worksheet>`);
    const short = join(dir, 'short.xlsx');
    await writeFile(short, zipOf([...head, { name: 'xl/worksheets/sheet1.xml', data: sheet, lie: sheet.length + 10 }]));
    await expect(checkXlsx(short)).rejects.toMatchObject({ message: TRANSFER_TEXTS.zipBomb });
    const name = 'xl/worksheets/sheet1.xml';
    const broken = zipOf([{ name, data: sheet }, ...head]);
    // The first part's deflated bytes start after its 30-byte local header and its name: 0xFF is no block type.
    broken.fill(0xff, 30 + name.length, 30 + name.length + 8);
    const bad = join(dir, 'broken.xlsx');
    await writeFile(bad, broken);
    await expect(checkXlsx(bad)).rejects.toMatchObject({ message: TRANSFER_TEXTS.badFormat });
  });

  it('marks an xlsx formula written without its result (a tool that does not calculate) instead of reading it as empty', async () => {
    const path = join(dir, 'uncalculated.xlsx');
    await writeFile(
      path,
      zipOf([
        part('[Content_Types].xml', '<Types/>'),
        part(
          'xl/workbook.xml',
          `<workbook ${ns}><sheets><sheet name="名单" sheetId="1" r:id="rId1"/></sheets></workbook>`,
        ),
        part(
          'xl/_rels/workbook.xml.rels',
          '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml" Type="x/worksheet"/></Relationships>',
        ),
        part(
          'xl/worksheets/sheet1.xml',
          `<worksheet ${ns}><sheetData><row r="2"><c r="A2" t="inlineStr"><is><t>教务处</t></is></c><c r="B2"><f>A2&amp;"值班"</f></c><c r="C2"><f>1+1</f><v>2</v></c></row><row r="3"><c r="B3" t="str"><f>"x"</f></c></row></sheetData></worksheet>`,
        ),
      ]),
    );
    expect(await read(path)).toEqual([
      { rowNumber: 2, cells: ['教务处', '', '2'], staleFormulas: [1] },
      { rowNumber: 3, cells: [], staleFormulas: [1] },
    ]);
  });

  it('refuses an xlsx whose worksheet is not well-formed XML', async () => {
    const path = join(dir, 'broken.xlsx');
    await writeFile(
      path,
      zipOf([
        part(
          'xl/worksheets/sheet1.xml',
          `<worksheet ${ns}><sheetData><row r="1"><c r="A1"><v>1</c></row></sheetData></worksheet>`,
        ),
      ]),
    );
    await expect(read(path)).rejects.toMatchObject({ message: TRANSFER_TEXTS.badFormat });
  });

  // fixtures/*.xls(x) are written by LibreOffice 7.4 from the .fods beside them (fixtures/make-fixtures.sh:
  // soffice --headless --convert-to xlsx|xls); the cells there are typed and formatted as a person would enter them.
  const fixture = (name: string) => join(dirname(fileURLToPath(import.meta.url)), 'fixtures', name);
  const readKind = async (path: string, kind: 'xlsx' | 'xls') => {
    const rows = [];
    for await (const r of readRows(path, kind)) rows.push(r);
    return rows;
  };

  it('reads cells as LibreOffice shows them, the same from xlsx and xls: dates, percentages, decimals, long numbers, numbers as text, text formulas', async () => {
    const expected = [
      { rowNumber: 1, cells: ['所属部门', '职责名称', '职责类型', '职责内容', '排序'] },
      { rowNumber: 2, cells: ['教务处', '本科教学运行', '职责', '2026-09-01', '1'] },
      { rowNumber: 3, cells: ['教务处', '招生宣传', '职责', '50%', '2'] },
      { rowNumber: 4, cells: ['教务处', '00123', '责任', '3.50', '3'] },
      { rowNumber: 5, cells: ['教务处', '20260001234567', '权力', '1,234,567', '4'] },
      { rowNumber: 6, cells: ['教务处', '开学日期', '职责', '2026年9月1日', '5'] },
    ];
    expect(await readKind(fixture('displayed-cells.xlsx'), 'xlsx')).toEqual(expected);
    expect(await readKind(fixture('displayed-cells.xls'), 'xls')).toEqual(expected);
  });

  it('marks an xls text formula whose result the file does not hold (LibreOffice stored 0) instead of reading it as 0', async () => {
    const xls = await readKind(fixture('cached-formulas.xls'), 'xls');
    expect(xls[1]).toEqual({
      rowNumber: 2,
      cells: ['教务处', '0', '职责', '依据教学计划组织教学', '1'],
      staleFormulas: [1],
    });
    expect(xls[2]).toEqual({ rowNumber: 3, cells: ['教务处', '学籍管理', '职责', '学籍异动审核', '2'] });
    // The xlsx LibreOffice writes from the same source holds the text.
    expect((await readKind(fixture('cached-formulas.xlsx'), 'xlsx'))[1]!.cells[1]).toBe('本科教学运行');
    for (const f of ['CONCATENATE("a","b")', '"a"&B2', 'TEXT(A1,"0.0")', '_xlfn.CONCAT(A1,"x")', '"文本"'])
      expect(isTextFormula(f)).toBe(true);
    for (const f of ['1+2', 'SUM(A1:A3)', 'IF(A1>0,"a","b")', 'LEN(CONCATENATE("a","b"))', 'CONCATENATE("a")+1'])
      expect(isTextFormula(f)).toBe(false);
  });

  it('neutralises formulas on export and restores them on import', () => {
    for (const v of ['=1+1', '+SUM(A1)', '-2', '@cmd', '\tx']) expect(unneutralise(neutralise(v))).toBe(v);
    expect(neutralise('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    expect(neutralise('教务处')).toBe('教务处');
  });
});

import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TRANSFER_TEXTS } from '@portal/contracts/transfer';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDeptId, demoDutyId, seedTransfer } from '../../db/seed/transfer.ts';
import { nowIso } from '../../db/sql-helpers.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { seedOtherTenant } from '../chat/chat-test-client.ts';
import { purgeTransferFiles, TRANSFER_FILE_TTL_MS } from './transfer.cleanup.ts';
import { DATASETS } from './transfer.datasets.ts';
import { jobSettled } from './transfer.jobs.ts';
import { importReadersRunning } from './import-rows.ts';
import ExcelJS from 'exceljs';
import { multipart, rowsOf, xlsOf, xlsxOf, zipOf } from './transfer-test-files.ts';

const T = '/api/blade-workbench/transfer';
const DUTY_FIELDS =
  'deptName:所属部门,dutyName:职责名称,dutyType:职责类型,dutyContent:职责内容,sort:排序,services:关联服务';
const HEADER = ['所属部门', '职责名称', '职责类型', '职责内容', '排序', '关联服务'];
const MATRIX = HEADER.map((h, i) => ({ excelField: h, dbField: DUTY_FIELDS.split(',')[i]!.split(':')[0]! }));

describe.each(testDatabases)('bulk import and export on %s', (engine) => {
  let t: TestApp;
  let dataDir: string;
  const tokens: Record<string, string> = {};
  const post = async (account: string, url: string, payload: object = {}) => {
    const res = await t.app.inject({ method: 'POST', url, headers: bearer(tokens[account]!), payload });
    return { http: res.statusCode, ...res.json() };
  };
  const uploadFiles = async (account: string, files: { filename: string; content: Buffer }[], dataset = 'deptDuty') => {
    const body = multipart(files);
    const res = await t.app.inject({
      method: 'POST',
      url: `${T}/${dataset}/upload`,
      headers: { ...bearer(tokens[account]!), ...body.headers },
      payload: body.payload,
    });
    return res.json();
  };
  const finish = async (account: string, key: string) => {
    await jobSettled(key);
    const p = await post(account, `${T}/progress`, { key });
    expect(p.status).toBe(1000);
    expect(p.result.finished).toBe(true);
    return p.result;
  };
  const importGrid = async (
    file: { filename: string; content: Buffer },
    opts: { headerLine: number; ruleNum: number; errorRegx?: string },
  ) => {
    const up = await uploadFiles('admin', [file]);
    expect(up.status).toBe(1000);
    const started = await post('admin', `${T}/deptDuty/import`, {
      fileKey: up.result.fileKey,
      headerLine: opts.headerLine,
      ruleNum: opts.ruleNum,
      errorRegx: opts.errorRegx ?? 'deptName,dutyName',
      matrixType: JSON.stringify(MATRIX),
    });
    expect(started.status).toBe(1000);
    return finish('admin', started.result.redisKey);
  };
  /** The failed-rows file of an import, as the administrator downloads it. */
  const failedRowsOf = async (errorKey: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${T}/errorDownload`,
      headers: bearer(tokens.admin!),
      payload: { errorKey },
    });
    expect(res.statusCode).toBe(200);
    return rowsOf(res.rawPayload);
  };
  const templateValidations = async (buf: Buffer) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    const model = (wb.worksheets[0] as unknown as { dataValidations: { model: Record<string, object> } })
      .dataValidations.model;
    // ExcelJS expands a validated range into its cells: gather them back into ranges of one column.
    const byColumn: Record<string, { rows: number[]; v: object }> = {};
    for (const [cell, v] of Object.entries(model)) {
      const [, col, row] = /^([A-Z]+)(\d+)$/.exec(cell)!;
      (byColumn[col!] ??= { rows: [], v }).rows.push(Number(row));
    }
    return Object.fromEntries(
      Object.entries(byColumn).map(([col, { rows, v }]) => [
        `${col}${Math.min(...rows)}:${col}${Math.max(...rows)}`,
        v,
      ]),
    );
  };
  const dutyNames = async () =>
    (await post('admin', '/api/blade-workbench/ospDeptDutyListConfig/page', { size: 100 })).result.records as {
      id: string;
      dutyName: string;
      deptName: string;
      dutyType: string;
      dutyContent: string;
      sort: number;
      services: { serviceName: string }[];
    }[];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'portal-transfer-'));
    t = await createTestApp(engine, { dataDir });
    await seedOtherTenant(t.db.db, '100001');
    await seedTransfer(t.db.db, '100001');
    for (const account of ['admin', 'teacher01', 'student01']) tokens[account] = (await t.login(account)).access_token;
    tokens.other = (await t.login('student01', '100001')).access_token;
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lists export fields and counts rows of each scope; only holders of the menu may', async () => {
    const fields = await post('admin', `${T}/deptDuty/exportFields`);
    expect(
      fields.result.filter((f: { required: boolean }) => f.required).map((f: { field: string }) => f.field),
    ).toEqual(['所属部门', '职责名称']);
    expect((await post('admin', `${T}/deptDuty/exportCount`, { dataRange: 1 })).result).toBe(6);
    expect(
      (await post('admin', `${T}/deptDuty/exportCount`, { dataRange: 2, formInline: { deptId: demoDeptId('jwc') } }))
        .result,
    ).toBe(3);
    expect(
      (
        await post('admin', `${T}/deptDuty/exportCount`, {
          dataRange: 3,
          choiceDataIds: `${demoDutyId('jwc-1')},${demoDutyId('xsc-1')}`,
        })
      ).result,
    ).toBe(2);
    expect((await post('admin', `${T}/deptDuty/exportCount`, { dataRange: 3, choiceDataIds: [] })).result).toBe(0);
    expect((await post('student01', `${T}/deptDuty/exportCount`, { dataRange: 1 })).http).toBe(403);
    expect((await post('admin', `${T}/nothing/exportCount`, { dataRange: 1 })).http).toBe(400);
  });

  it('validates an export as section 5 says', async () => {
    const start = (body: object) =>
      post('admin', `${T}/deptDuty/exportStart`, {
        dataRange: 1,
        fileName: '职责清单',
        exportField: DUTY_FIELDS,
        ...body,
      });
    expect((await start({ fileName: '' })).msg).toBe('请输入文件名称');
    expect((await start({ fileName: '职责/清单' })).msg).toBe('特殊字符只能包括点和下划线');
    expect((await start({ fileName: 'ab' })).msg).toBe('文件名称不可少于三个字符');
    expect((await start({ fileName: 'a'.repeat(31) })).http).toBe(400);
    expect((await start({ exportField: '' })).msg).toBe('请至少选择一个导出字段');
    expect((await start({ dataRange: 3, choiceDataIds: [] })).msg).toBe(TRANSFER_TEXTS.noDataSelected);
  });

  it('exports ticked rows to an xlsx behind a signed link, neutralising formulas; keys are private', async () => {
    await post('admin', '/api/blade-workbench/ospDeptDutyListConfig/update', {
      id: demoDutyId('xsc-1'),
      deptId: demoDeptId('xsc'),
      dutyName: '学生资助',
      dutyType: '职责',
      dutyContent: '=HYPERLINK("http://evil","x")',
      serviceIds: [],
    });
    const started = await post('admin', `${T}/deptDuty/exportStart`, {
      dataRange: 3,
      fileName: '职责清单_1',
      exportField: 'dutyName:职责名称,dutyContent:职责内容',
      choiceDataIds: [demoDutyId('jwc-1'), demoDutyId('xsc-1')],
    });
    expect(started.status).toBe(1000);
    const key = started.result.redisKey;
    const done = await finish('admin', key);
    expect(done).toMatchObject({ finishRate: 100, totalNum: 2, finishNum: 2, status: 'finished', errorMsg: null });
    const file = await t.app.inject({ method: 'GET', url: done.result.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(encodeURIComponent('职责清单_1.xlsx'));
    const rows = await rowsOf(file.rawPayload);
    expect(rows[0]).toEqual(['职责名称', '职责内容']);
    expect(rows.slice(1).sort()).toEqual(
      [
        ['学生资助', `'=HYPERLINK("http://evil","x")`],
        ['本科教学运行管理', '组织编制教学计划，安排课程与教室。'],
      ].sort(),
    );

    expect(
      (await t.app.inject({ method: 'GET', url: done.result.url.replace(/sig=[^&]+/, 'sig=forged') })).statusCode,
    ).toBe(403);
    expect((await post('teacher01', `${T}/progress`, { key })).http).toBe(404);
    expect((await post('other', `${T}/progress`, { key })).http).toBe(404);
    expect((await post('other', `${T}/progress`, { key, tenantId: '000000' })).http).toBe(403);
  });

  it('imports an xlsx with the header on row 3: applies good rows, reports bad ones with reasons, skips duplicates', async () => {
    const grid = [
      ['部门职责清单导入', null],
      ['填表说明：带*为必填', null],
      HEADER,
      ['教务处', '课程建设', '职责', '组织课程建设与评估。', 5, '成绩单打印'],
      ['教务处', '本科教学运行管理', '职责', '重复的行', 1, ''],
      ['不存在的部门', '某职责', '职责', '', 0, ''],
      ['教务处', '', '职责', '缺少名称', 0, ''],
      ['人事处', '职称评审', '未知类型', '', 0, ''],
      ['人事处', '人才引进', '责任', '', 0, '不存在的服务'],
      ['人事处', '人才引进', '责任', '第二次出现：与前面的行重复', 0, ''],
      ['人事处', '人才引进', '责任', '第二次出现：与前面的行重复', 0, ''],
    ];
    const result = await importGrid(
      { filename: '职责.xlsx', content: await xlsxOf(grid) },
      { headerLine: 3, ruleNum: 1 },
    );
    expect(result).toMatchObject({
      totalNum: 8,
      finishNum: 8,
      newInsertNum: 2,
      jumpNum: 2,
      updateNum: 0,
      failNum: 4,
      status: 'finished',
      // Not a success: 4 of 8 rows failed (the dialog's title and icon follow outcome); 2 went in, 2 were skipped.
      successNum: 2,
      outcome: 'partial',
    });
    expect(result.errorKey).toBeTruthy();
    const names = (await dutyNames()).map((d) => d.dutyName);
    expect(names).toContain('课程建设');
    expect(names.filter((n) => n === '人才引进')).toHaveLength(1);

    const rows = await failedRowsOf(result.errorKey);
    expect(rows[0]).toEqual([...HEADER, '失败原因', '原表行号']);
    // Each failed row names its row in the uploaded sheet (the header is row 3).
    expect(rows.slice(1).map((r) => [r[1], r[6], r[7]])).toEqual([
      ['某职责', '所属部门：部门不存在', '6'],
      ['', '必填字段为空：职责名称', '7'],
      ['职称评审', '职责类型：不是可选的值', '8'],
      ['人才引进', '关联服务不存在：不存在的服务', '9'],
    ]);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `${T}/errorDownload`,
          headers: bearer(tokens.teacher01!),
          payload: { errorKey: result.errorKey },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('imports 1,200 rows in batches, with the total the sheet holds, and refreshes the planner statistics after', async () => {
    const grid = [
      HEADER,
      ...Array.from({ length: 1_200 }, (_, i) => ['人事处', `批量职责${i}`, '职责', '', i % 10, '']),
    ];
    const result = await importGrid(
      { filename: '批量.xlsx', content: await xlsxOf(grid) },
      { headerLine: 1, ruleNum: 1 },
    );
    expect(result).toMatchObject({ status: 'finished', totalNum: 1_200, newInsertNum: 1_200, failNum: 0 });
    if (engine === 'postgres') {
      // Issue 13: ANALYZE after a bulk import, so PostgreSQL plans the duty list with its new size.
      const [{ n }] = (await sql<{ n: number }>`select count(*) as n from osp_duties`.execute(t.db.db)).rows as [
        { n: number },
      ];
      const { rows } = await sql<{
        reltuples: number;
      }>`select reltuples from pg_class where oid = to_regclass('osp_duties')`.execute(t.db.db);
      expect(Number(rows[0]!.reltuples)).toBe(Number(n));
    }
    // The other tests of this file count the duty list: the bulk rows go again.
    await t.db.db.deleteFrom('osp_duties').where('duty_name', 'like', '批量职责%').execute();
  });

  it('keeps a batch whose write fails beyond a row of its own: the batch again row by row, in the same commit', async () => {
    // One row of the middle 500-row batch makes the importer write a duplicate primary key (a real constraint
    // error, which on PostgreSQL also aborts the transaction until its savepoint is rolled back).
    const BAD = '约束冲突职责';
    const ds = DATASETS.deptDuty;
    const importer = ds.importer!;
    ds.importer = async (deps, ctx) => {
      const inner = await importer(deps, ctx);
      return {
        ...inner,
        async applyBatch(trx, rows, ruleNum, checkFields) {
          const out = await inner.applyBatch(trx, rows, ruleNum, checkFields);
          if (rows.some((r) => r.dutyName === BAD))
            await trx
              .insertInto('osp_duties')
              .values({
                id: demoDutyId('jwc-1'),
                tenant_id: '000000',
                dept_id: demoDeptId('rsc'),
                duty_name: BAD,
                duty_type: '',
                duty_content: '',
                sort: 0,
                created_at: nowIso(),
                updated_at: nowIso(),
              })
              .execute();
          return out;
        },
      };
    };
    try {
      const grid = [
        HEADER,
        ...Array.from({ length: 1_200 }, (_, i) => ['人事处', i === 700 ? BAD : `回退职责${i}`, '职责', '', 1, '']),
      ];
      const result = await importGrid(
        { filename: '回退.xlsx', content: await xlsxOf(grid) },
        { headerLine: 1, ruleNum: 1 },
      );
      expect(result).toMatchObject({ status: 'finished', totalNum: 1_200, newInsertNum: 1_199, failNum: 1 });
      const names = (
        await t.db.db.selectFrom('osp_duties').where('duty_name', 'like', '回退职责%').select('duty_name').execute()
      ).map((d) => d.duty_name);
      expect(names).toHaveLength(1_199);
      expect(await t.db.db.selectFrom('osp_duties').where('duty_name', '=', BAD).select('id').execute()).toEqual([]);
      // The job row holds the same counts as the poll (they commit with the rows).
      const job = await t.db.db
        .selectFrom('transfer_jobs')
        .where('id', '=', result.redisKey)
        .select(['finish_num', 'new_insert_num', 'fail_num'])
        .executeTakeFirstOrThrow();
      expect(job).toEqual({ finish_num: 1_200, new_insert_num: 1_199, fail_num: 1 });
      const failedRows = await failedRowsOf(result.errorKey);
      expect(failedRows.slice(1).map((r) => [r[1], r[6], r[7]])).toEqual([[BAD, TRANSFER_TEXTS.duplicateRow, '702']]);
    } finally {
      ds.importer = importer;
      await t.db.db.deleteFrom('osp_duties').where('duty_name', 'like', '回退职责%').execute();
    }
  });

  it("names a row's fault as it is: a repeat of an earlier row of the file, and a date where 排序 wants a number", async () => {
    // An administrator's file (outsider's tour): a row repeating one above it, and a date typed in 排序. The failed-rows
    // file said 数据重复 (as if the duty were in the portal already) and 排序：内容过长.
    const grid = [
      HEADER,
      ['人事处', '文件内职责甲', '职责', '', 1, ''],
      ['人事处', '文件内职责甲', '职责', '', 2, ''],
      ['人事处', '文件内职责乙', '职责', '', '2026-11-30 08:00:00', ''],
    ];
    try {
      const result = await importGrid(
        { filename: '重复.xlsx', content: await xlsxOf(grid) },
        { headerLine: 1, ruleNum: 3 },
      );
      expect(result).toMatchObject({ totalNum: 3, newInsertNum: 1, failNum: 2 });
      const failedRows = await failedRowsOf(result.errorKey);
      expect(failedRows.slice(1).map((r) => [r[1], r[6], r[7]])).toEqual([
        ['文件内职责甲', TRANSFER_TEXTS.duplicateInFile, '3'],
        ['文件内职责乙', '排序：须为0到99999之间的整数', '4'],
      ]);
    } finally {
      await t.db.db.deleteFrom('osp_duties').where('duty_name', 'like', '文件内职责%').execute();
    }
  });

  it('imports an xls with the header on row 3, updating duplicates (rule 2) or failing them (rule 3)', async () => {
    const grid = [
      ['标题'],
      [],
      HEADER,
      ['信息化建设与管理中心', '网络服务', '职责', '更新后的内容', 3, '电子邮箱申请'],
      ['信息化建设与管理中心', '数据治理', '职责', '新职责', 4, ''],
    ];
    const updated = await importGrid({ filename: 'duty.xls', content: xlsOf(grid) }, { headerLine: 3, ruleNum: 2 });
    expect(updated).toMatchObject({ totalNum: 2, newInsertNum: 1, updateNum: 1, failNum: 0, errorKey: null });
    const net = (await dutyNames()).find((d) => d.dutyName === '网络服务')!;
    expect(net).toMatchObject({ dutyContent: '更新后的内容', sort: 3, services: [{ serviceName: '电子邮箱申请' }] });

    const failing = await importGrid({ filename: 'duty.xls', content: xlsOf(grid) }, { headerLine: 3, ruleNum: 3 });
    expect(failing).toMatchObject({
      totalNum: 2,
      newInsertNum: 0,
      updateNum: 0,
      failNum: 2,
      successNum: 0,
      outcome: 'failed',
    });
  });

  // fixtures/*.xls(x): written by LibreOffice 7.4 with `soffice --headless --convert-to xlsx|xls` from the .fods beside
  // them (fixtures/make-fixtures.sh), cells typed and formatted as a person enters them.
  const fixtureFile = async (name: string) => ({
    filename: name,
    content: await readFile(join(dirname(fileURLToPath(import.meta.url)), 'fixtures', name)),
  });
  const FIVE = MATRIX.slice(0, 5);
  const importFixture = async (name: string, ruleNum: number) => {
    const up = await uploadFiles('admin', [await fixtureFile(name)]);
    expect(up.status).toBe(1000);
    const started = await post('admin', `${T}/deptDuty/import`, {
      fileKey: up.result.fileKey,
      headerLine: 1,
      ruleNum,
      errorRegx: 'deptName,dutyName',
      matrixType: JSON.stringify(FIVE),
    });
    expect(started.status).toBe(1000);
    return finish('admin', started.result.redisKey);
  };

  it('imports the values a person sees in LibreOffice files, xlsx and xls alike: dates, percentages, decimals, long numbers, numbers as text, text formulas', async () => {
    const expected = [
      { dutyName: '本科教学运行', dutyType: '职责', dutyContent: '2026-09-01', sort: 1 },
      { dutyName: '招生宣传', dutyType: '职责', dutyContent: '50%', sort: 2 },
      { dutyName: '00123', dutyType: '责任', dutyContent: '3.50', sort: 3 },
      { dutyName: '20260001234567', dutyType: '权力', dutyContent: '1,234,567', sort: 4 },
      { dutyName: '开学日期', dutyType: '职责', dutyContent: '2026年9月1日', sort: 5 },
    ];
    const stored = async () => {
      const all = await dutyNames();
      return expected.map((e) => {
        const d = all.find((x) => x.dutyName === e.dutyName);
        return d && { dutyName: d.dutyName, dutyType: d.dutyType, dutyContent: d.dutyContent, sort: d.sort };
      });
    };
    expect(await importFixture('displayed-cells.xlsx', 2)).toMatchObject({
      totalNum: 5,
      newInsertNum: 5,
      failNum: 0,
      successNum: 5,
      outcome: 'succeeded',
    });
    expect(await stored()).toEqual(expected);
    // The same cells as xls update the same duties to the same values.
    expect(await importFixture('displayed-cells.xls', 2)).toMatchObject({ totalNum: 5, updateNum: 5, failNum: 0 });
    expect(await stored()).toEqual(expected);
    expect((await dutyNames()).map((d) => d.dutyName)).not.toContain('46266');
  });

  it('fails an xls row whose text formula has no stored result (LibreOffice wrote 0) instead of creating a duty named 0', async () => {
    const result = await importFixture('cached-formulas.xls', 1);
    // The other row is a duty imported before: skipped (ruleNum 1), not counted as a success.
    expect(result).toMatchObject({ totalNum: 2, failNum: 1, jumpNum: 1, successNum: 0, outcome: 'partial' });
    expect((await dutyNames()).map((d) => d.dutyName)).not.toContain('0');
    const rows = await failedRowsOf(result.errorKey);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(-2)).toEqual([`职责名称：${TRANSFER_TEXTS.staleFormula}`, '2']);
    // The xlsx LibreOffice writes from the same sheet holds the formula's text, and imports it.
    expect(await importFixture('cached-formulas.xlsx', 1)).toMatchObject({ totalNum: 2, failNum: 0 });
    expect((await dutyNames()).map((d) => d.dutyName)).toContain('本科教学运行');
  });

  it('refuses bad uploads: none, two, renamed .txt (as xlsx and xls), wrong extension, empty, 21 MB, zip bombs', async () => {
    const good = await xlsxOf([HEADER]);
    expect((await uploadFiles('admin', [])).msg).toBe(TRANSFER_TEXTS.fileRequired);
    expect(
      (
        await uploadFiles('admin', [
          { filename: 'a.xlsx', content: good },
          { filename: 'b.xlsx', content: good },
        ])
      ).msg,
    ).toBe(TRANSFER_TEXTS.oneFile);
    expect(
      (await uploadFiles('admin', [{ filename: 'notes.xlsx', content: Buffer.from('just some text, renamed') }])).msg,
    ).toBe(TRANSFER_TEXTS.badFormat);
    expect(
      (await uploadFiles('admin', [{ filename: 'notes.xls', content: Buffer.from('just some text, renamed') }])).msg,
    ).toBe(TRANSFER_TEXTS.badFormat);
    // A cut-off xlsx: the portal's words, not the zip library's.
    expect(await uploadFiles('admin', [{ filename: 'cut.xlsx', content: good.subarray(0, 120) }])).toMatchObject({
      msg: TRANSFER_TEXTS.badFormat,
      msgDetail: '文件内容不是可读的 xlsx',
    });
    expect((await uploadFiles('admin', [{ filename: 'notes.txt', content: good }])).msg).toBe(TRANSFER_TEXTS.badFormat);
    expect((await uploadFiles('admin', [{ filename: 'old.xls', content: good }])).msg).toBe(TRANSFER_TEXTS.badFormat);
    expect((await uploadFiles('admin', [{ filename: 'empty.xlsx', content: Buffer.alloc(0) }])).msg).toBe(
      TRANSFER_TEXTS.emptyFile,
    );
    const big = await uploadFiles('admin', [{ filename: 'big.xlsx', content: randomBytes(21 * 1024 * 1024) }]);
    expect(big).toMatchObject({ status: 413, msg: TRANSFER_TEXTS.tooLarge });

    const workbook = Buffer.from('<workbook/>');
    const types = Buffer.from('<Types/>');
    const bomb = zipOf([
      { name: '[Content_Types].xml', data: types },
      { name: 'xl/workbook.xml', data: workbook },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(64 * 1024 * 1024, 0x20) },
    ]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect((await uploadFiles('admin', [{ filename: 'bomb.xlsx', content: bomb }])).msg).toBe(TRANSFER_TEXTS.zipBomb);
    const liar = zipOf([
      { name: '[Content_Types].xml', data: types },
      { name: 'xl/workbook.xml', data: workbook },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(8 * 1024 * 1024, 0x20), lie: 1000 },
    ]);
    expect((await uploadFiles('admin', [{ filename: 'liar.xlsx', content: liar }])).msg).toBe(TRANSFER_TEXTS.zipBomb);
    expect((await uploadFiles('student01', [{ filename: 'a.xlsx', content: good }])).status).toBe(403);
  });

  it('fails an import whose sheet breaks after its header with the format message, and ends its reader thread', async () => {
    const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
    const header = `<row r="1">${HEADER.map((h, i) => cell(`${String.fromCharCode(65 + i)}1`, h)).join('')}</row>`;
    // Enough good rows that the break comes in a later chunk than the header, which importStart reads itself.
    const good = Array.from(
      { length: 3000 },
      (_, i) => `<row r="${i + 2}">${cell(`A${i + 2}`, '教务处')}${cell(`B${i + 2}`, `断表之前${i}`)}</row>`,
    ).join('');
    const sheet = Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${header}${good}<row r="3002"><c r="A3002"<</row></sheetData></worksheet>`,
    );
    const broken = zipOf([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
      { name: 'xl/worksheets/sheet1.xml', data: sheet },
    ]);
    const p = await importGrid({ filename: 'broken.xlsx', content: broken }, { headerLine: 1, ruleNum: 1 });
    expect(p.status).toBe('failed');
    expect(p.errorMsg).toMatch(new RegExp(`^${TRANSFER_TEXTS.badFormat}（xl/worksheets/sheet1.xml: `));
    expect(importReadersRunning()).toBe(0);
    // The rows before the break were in the open group (fewer than 5,000), rolled back with the job.
    expect((await dutyNames()).map((d) => d.dutyName)).not.toContain('断表之前0');
  });

  it('matches fields, and refuses an import that misses a required field, a bad header row, rule or check fields', async () => {
    const up = await uploadFiles('admin', [
      {
        filename: 'duty.xlsx',
        content: await xlsxOf([['说明'], ['*所属部门', '职责名称', '备注'], ['教务处', 'x', '']]),
      },
    ]);
    const match = await post('admin', `${T}/deptDuty/matchField`, { fileKey: up.result.fileKey, headerLine: 2 });
    expect(match.result.excelField).toEqual(['*所属部门', '职责名称', '备注']);
    expect(match.result.matchFieldList).toEqual([
      { excelField: '*所属部门', dbField: 'deptName' },
      { excelField: '职责名称', dbField: 'dutyName' },
    ]);
    expect(match.result.dbFieldList).toHaveLength(6);
    expect((await post('admin', `${T}/deptDuty/matchField`, { fileKey: up.result.fileKey, headerLine: 9 })).msg).toBe(
      TRANSFER_TEXTS.noHeader,
    );

    const start = (body: object) =>
      post('admin', `${T}/deptDuty/import`, {
        fileKey: up.result.fileKey,
        headerLine: 2,
        ruleNum: 1,
        errorRegx: 'deptName,dutyName',
        matrixType: match.result.matchFieldList,
        ...body,
      });
    expect((await start({ matrixType: [{ excelField: '*所属部门', dbField: 'deptName' }] })).msg).toBe(
      '请匹配所有系统必填字段',
    );
    expect((await start({ headerLine: 11 })).msg).toBe(TRANSFER_TEXTS.headerLineRange);
    expect((await start({ headerLine: 0 })).msg).toBe(TRANSFER_TEXTS.headerLineRange);
    expect((await start({ ruleNum: null })).msg).toBe(TRANSFER_TEXTS.ruleRequired);
    expect((await start({ errorRegx: '' })).msg).toBe(TRANSFER_TEXTS.checkFieldsRequired);
    expect(
      (
        await post('teacher01', `${T}/deptDuty/import`, {
          headerLine: 2,
          ruleNum: 1,
          errorRegx: 'deptName',
          matrixType: [],
        })
      ).msg,
    ).toBe(TRANSFER_TEXTS.fileRequired);
    // Another user's upload is no upload of the caller's.
    expect(
      (
        await post('teacher01', `${T}/deptDuty/import`, {
          fileKey: up.result.fileKey,
          headerLine: 2,
          ruleNum: 1,
          errorRegx: 'deptName',
          matrixType: match.result.matchFieldList,
        })
      ).msg,
    ).toBe(TRANSFER_TEXTS.noUpload);
  });

  it('reports an empty workbook and a header-only sheet (xlsx and xls) clearly', async () => {
    const empty = await uploadFiles('admin', [{ filename: 'empty.xlsx', content: await xlsxOf([]) }]);
    expect(empty.status).toBe(1000);
    expect(
      (await post('admin', `${T}/deptDuty/matchField`, { fileKey: empty.result.fileKey, headerLine: 1 })).msg,
    ).toBe(TRANSFER_TEXTS.noHeader);
    const headerOnly = await importGrid(
      { filename: 'header.xlsx', content: await xlsxOf([HEADER]) },
      { headerLine: 1, ruleNum: 1 },
    );
    expect(headerOnly).toMatchObject({ status: 'failed', errorMsg: TRANSFER_TEXTS.emptyFile, totalNum: 0 });
    const xlsHeaderOnly = await importGrid(
      { filename: 'header.xls', content: xlsOf([['说明'], [], HEADER]) },
      { headerLine: 3, ruleNum: 1 },
    );
    expect(xlsHeaderOnly).toMatchObject({ status: 'failed', errorMsg: TRANSFER_TEXTS.emptyFile, totalNum: 0 });
    const emptyXls = await uploadFiles('admin', [{ filename: 'empty.xls', content: xlsOf([]) }]);
    expect(emptyXls.status).toBe(1000);
    expect(
      (await post('admin', `${T}/deptDuty/matchField`, { fileKey: emptyXls.result.fileKey, headerLine: 1 })).msg,
    ).toBe(TRANSFER_TEXTS.noHeader);
  });

  it('round-trips: an export imported back (update rule) leaves the same data', async () => {
    const before = await dutyNames();
    const started = await post('admin', `${T}/deptDuty/exportStart`, {
      dataRange: 1,
      fileName: 'all.duties',
      exportField: DUTY_FIELDS,
    });
    const done = await finish('admin', started.result.redisKey);
    const file = (await t.app.inject({ method: 'GET', url: done.result.url })).rawPayload;
    const result = await importGrid(
      { filename: 'all.duties.xlsx', content: file },
      { headerLine: 1, ruleNum: 2, errorRegx: 'deptName,dutyName' },
    );
    expect(result).toMatchObject({ totalNum: before.length, updateNum: before.length, newInsertNum: 0, failNum: 0 });
    const strip = (list: typeof before) =>
      list
        .map(({ id, deptName, dutyName, dutyType, dutyContent, sort, services }) => ({
          id,
          deptName,
          dutyName,
          dutyType,
          dutyContent,
          sort,
          services,
        }))
        .sort((a, b) => a.id.localeCompare(b.id));
    expect(strip(await dutyNames())).toEqual(strip(before));
  });

  it('serves a template, dictionaries, and reports a job whose process died as failed', async () => {
    const tpl = await t.app.inject({ method: 'GET', url: `${T}/deptDuty/template`, headers: bearer(tokens.admin!) });
    expect((await rowsOf(tpl.rawPayload))[0]).toEqual([
      '*所属部门',
      '*职责名称',
      '职责类型',
      '职责内容',
      '排序',
      '关联服务',
    ]);
    // The second sheet lists the values of the coded columns (departments of the tenant, duty types).
    const values = await rowsOf(tpl.rawPayload, 1);
    expect(values[0]).toEqual(['所属部门', '职责类型']);
    expect(values.slice(1).map((r) => r[0])).toContain('教务处');
    expect(values.slice(1, 4).map((r) => r[1])).toEqual(['职责', '责任', '权力']);
    // The first sheet offers them as drop-downs, reading from that sheet.
    const validations = await templateValidations(tpl.rawPayload);
    expect(validations['A2:A1001']).toMatchObject({ type: 'list', formulae: [`'可选值'!$A$2:$A$${values.length}`] });
    expect(validations['C2:C1001']).toMatchObject({ type: 'list', formulae: ["'可选值'!$B$2:$B$4"] });
    // The template filled in imports as it is (the values sheet is not read).
    const up = await uploadFiles('admin', [{ filename: '模板.xlsx', content: tpl.rawPayload }]);
    const match = await post('admin', `${T}/deptDuty/matchField`, { fileKey: up.result.fileKey, headerLine: 1 });
    expect(match.result.matchFieldList).toHaveLength(6);
    const started = await post('admin', `${T}/deptDuty/import`, {
      fileKey: up.result.fileKey,
      headerLine: 1,
      ruleNum: 1,
      errorRegx: 'deptName,dutyName',
      matrixType: JSON.stringify(match.result.matchFieldList),
    });
    expect(await finish('admin', started.result.redisKey)).toMatchObject({ totalNum: 1, failNum: 0 });
    const dict = await t.app.inject({
      method: 'GET',
      url: `${T}/dict/dept?search=教务`,
      headers: bearer(tokens.admin!),
    });
    expect(dict.json().result).toEqual([{ dictKey: demoDeptId('jwc'), dictValue: '教务处' }]);
    expect((await post('admin', `${T}/dict/dutyType`)).result.map((o: { dictValue: string }) => o.dictValue)).toEqual([
      '职责',
      '责任',
      '权力',
    ]);

    const old = nowIso(Date.now() - 120_000);
    await t.db.db
      .insertInto('transfer_jobs')
      .values({
        id: 'dead-job',
        tenant_id: '000000',
        user_id: '1123598821738675201',
        dataset: 'deptDuty',
        kind: 'import',
        status: 'running',
        total_num: 10,
        finish_num: 3,
        new_insert_num: 3,
        update_num: 0,
        jump_num: 0,
        fail_num: 0,
        error_msg: null,
        error_path: null,
        result_path: null,
        file_name: null,
        started_at: old,
        finished_at: null,
        heartbeat_at: old,
      })
      .execute();
    // Its 3 rows in are kept: partly done, to be imported again with 跳过.
    expect((await post('admin', `${T}/progress`, { key: 'dead-job' })).result).toMatchObject({
      finished: true,
      status: 'failed',
      outcome: 'partial',
      errorMsg: TRANSFER_TEXTS.importInterruptedKept,
    });
  });

  it('imports departments as a second data set into the one department list (administrator only)', async () => {
    const up = await uploadFiles(
      'admin',
      [
        {
          filename: 'dept.xlsx',
          content: await xlsxOf([
            ['部门名称', '上级部门', '联系电话'],
            ['图书馆', '', '010-1'],
            ['古籍部', '图书馆', '010-2'],
          ]),
        },
      ],
      'dept',
    );
    // 图书馆 is a department of the catalogue already (ADR 0032): rule 2 updates it; 古籍部 is new, under it.
    const started = await post('admin', `${T}/dept/import`, {
      fileKey: up.result.fileKey,
      headerLine: 1,
      ruleNum: 2,
      errorRegx: 'deptName',
      matrixType: [
        { excelField: '部门名称', dbField: 'deptName' },
        { excelField: '上级部门', dbField: 'parentName' },
        { excelField: '联系电话', dbField: 'phone' },
      ],
    });
    expect(await finish('admin', started.result.redisKey)).toMatchObject({ newInsertNum: 1, updateNum: 1, failNum: 0 });
    const tree = await post('admin', '/api/blade-workbench/deptTree');
    const library = tree.result.find((n: { title: string }) => n.title === '图书馆');
    expect(library.children[0].title).toBe('古籍部');
    const page = await post('admin', '/api/blade-workbench/ospDeptInfo/page', { deptName: '图书馆' });
    expect(page.result.records[0]).toMatchObject({ id: library.id, phone: '010-1' });
    // The catalogue's department filter lists the new department too.
    const catalogue = await post('admin', '/api/blade-platform/serviceDept/listByUser', {});
    expect(catalogue.result.map((g: { name: string }) => g.name)).toContain('古籍部');
    const teacherUp = await uploadFiles(
      'teacher01',
      [{ filename: 'dept.xlsx', content: await xlsxOf([['部门名称'], ['x']]) }],
      'dept',
    );
    const refused = await post('teacher01', `${T}/dept/import`, {
      fileKey: teacherUp.result.fileKey,
      headerLine: 1,
      ruleNum: 1,
      errorRegx: 'deptName',
      matrixType: [{ excelField: '部门名称', dbField: 'deptName' }],
    });
    expect(refused.http).toBe(403);
  });

  it('refuses a header with an oversized cell and fails a data row with one, keeping the rest', async () => {
    const huge = '长'.repeat(40_000);
    const badHeader = await uploadFiles('admin', [{ filename: 'h.xlsx', content: await xlsxOf([['所属部门', huge]]) }]);
    expect(
      (await post('admin', `${T}/deptDuty/matchField`, { fileKey: badHeader.result.fileKey, headerLine: 1 })).msg,
    ).toBe(TRANSFER_TEXTS.cellTooLong);
    const result = await importGrid(
      {
        filename: 'cells.xlsx',
        content: await xlsxOf([
          HEADER,
          ['教务处', '超长单元格', '职责', huge, 1, ''],
          ['教务处', '正常的一行', '职责', '', 1, ''],
        ]),
      },
      { headerLine: 1, ruleNum: 1 },
    );
    expect(result).toMatchObject({ totalNum: 2, newInsertNum: 1, failNum: 1 });
    const failedRows = await failedRowsOf(result.errorKey);
    expect(failedRows[1]![6]).toContain(TRANSFER_TEXTS.cellTooLong);
  });

  it('deletes uploads and job files after a day; a link to a purged export finds nothing', async () => {
    const up = await uploadFiles('admin', [{ filename: 'old.xlsx', content: await xlsxOf([HEADER]) }]);
    const started = await post('admin', `${T}/deptDuty/exportStart`, {
      dataRange: 1,
      fileName: 'old_export',
      exportField: 'dutyName:职责名称',
    });
    const done = await finish('admin', started.result.redisKey);
    expect(await purgeTransferFiles(t.app.deps)).toBe(0);
    expect(await purgeTransferFiles(t.app.deps, Date.now() + TRANSFER_FILE_TTL_MS + 60_000)).toBeGreaterThanOrEqual(2);
    expect((await post('admin', `${T}/deptDuty/matchField`, { fileKey: up.result.fileKey, headerLine: 1 })).msg).toBe(
      TRANSFER_TEXTS.noUpload,
    );
    expect((await t.app.inject({ method: 'GET', url: done.result.url })).statusCode).toBe(404);
  });
});

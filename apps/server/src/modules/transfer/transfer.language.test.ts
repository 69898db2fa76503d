import { TRANSFER_TEXTS } from '@portal/contracts/transfer';
import { TRANSFER_FIELD_LABELS_EN } from '@portal/contracts/transfer-fields-en';
import ExcelJS from 'exceljs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { jobSettled } from './transfer.jobs.ts';
import { fileLanguageOf, reasonIn, zhValueOf } from './transfer.language.ts';
import { multipart, rowsOf, xlsxOf, type Grid } from './transfer-test-files.ts';

const T = '/api/blade-workbench/transfer';
const A = '000000';
const ALL_FIELDS =
  'serviceCode,serviceName,deptName,sceneName,typeName,businessType,processType,accessWay,openWay,serviceUrl,description,labelName,isPublic,status,sort,roles,shelfLabelName,serviceIcon,guide,visitCount';
const FIELD_LABELS = [
  '服务编码',
  '服务名称',
  '所属部门',
  '服务场景',
  '服务类型',
  '业务类型',
  '办理方式',
  '访问方式',
  '打开方式',
  '服务地址',
  '服务描述',
  '服务标签',
  '是否公开',
  '状态',
  '排序',
  '可见角色',
  '上架标签',
  '服务图标',
  '办事指南',
  '访问量',
];
const EN_LABELS = FIELD_LABELS.map((f) => TRANSFER_FIELD_LABELS_EN[f]!);

describe('the language of a file of import and export', () => {
  const req = (query: object | undefined, cookie?: string) => ({ query, headers: { cookie } });
  it('follows ?lang=, else the language cookie; anything else is zh-CN', () => {
    expect(fileLanguageOf(req(undefined))).toBe('zh-CN');
    expect(fileLanguageOf(req({}, 'a=1; portal-lang=en-US'))).toBe('en-US');
    expect(fileLanguageOf(req({}, 'portal-lang=zh-CN; b=2'))).toBe('zh-CN');
    expect(fileLanguageOf(req({ lang: 'en-US' }, 'portal-lang=zh-CN'))).toBe('en-US');
    expect(fileLanguageOf(req({ lang: 'zh-CN' }, 'portal-lang=en-US'))).toBe('zh-CN');
    for (const bad of ['fr', 'EN-us', '', ['en-US'], { a: 1 }, 'en-US;x'])
      expect(fileLanguageOf(req({ lang: bad }, 'portal-lang=en-US'))).toBe('zh-CN');
    expect(fileLanguageOf(req({}, 'portal-lang=de-DE'))).toBe('zh-CN');
    expect(fileLanguageOf(req({}, 'portal-lang='))).toBe('zh-CN');
  });
  it('takes a coded value in English (any case) as its zh-CN label, anything else as it is', () => {
    expect(zhValueOf('启用', 'YES')).toBe('是');
    expect(zhValueOf('职责类型', ' power ')).toBe('权力');
    expect(zhValueOf('状态', 'Unlisted')).toBe('下架');
    expect(zhValueOf('状态', '上架')).toBe('上架');
    expect(zhValueOf('状态', 'Maybe')).toBe('Maybe');
    expect(zhValueOf('服务名称', 'Yes')).toBe('Yes');
  });
  it('gives a failed row its reason in English part by part, names (data) as they are; zh-CN as it was', () => {
    const zh = `所属部门：${TRANSFER_TEXTS.unknownDept}；${TRANSFER_TEXTS.requiredMissing}：服务名称`;
    expect(reasonIn(zh, 'zh-CN')).toBe(zh);
    expect(reasonIn(zh, 'en-US')).toBe('Department: No such department; A required field is empty: Service name');
    expect(reasonIn(`${TRANSFER_TEXTS.rolesMissing}：校长`, 'en-US')).toBe('No such visible role: 校长');
    expect(reasonIn(TRANSFER_TEXTS.duplicateRow, 'en-US')).toBe('Duplicate data');
    expect(reasonIn(`排序：${TRANSFER_TEXTS.sortRange}`, 'en-US')).toBe(
      'Sort order: must be a whole number from 0 to 99999',
    );
    expect(reasonIn(`启用：${TRANSFER_TEXTS.yesOrNo}`, 'en-US')).toBe('Enabled: please fill in “Yes” or “No”');
  });
});

describe.each(testDatabases)('files of import and export in the interface language on %s', (engine) => {
  let t: TestApp;
  let dataDir: string;
  let token = '';
  const headers = (cookie?: string) => ({ ...bearer(token), ...(cookie ? { cookie } : {}) });
  const post = async (url: string, payload: object, cookie?: string) => {
    const res = await t.app.inject({ method: 'POST', url, headers: headers(cookie), payload });
    return { http: res.statusCode, ...res.json() };
  };
  const finish = async (key: string) => {
    await jobSettled(key);
    const p = await post(`${T}/progress`, { key });
    expect(p.status).toBe(1000);
    expect(p.result.finished).toBe(true);
    return p.result;
  };
  /** An export of every service, started with `cookie` (and `query`), as its file comes from the signed link. */
  const exportAll = async (cookie?: string, query = '') => {
    const started = await post(
      `${T}/service/exportStart${query}`,
      { dataRange: 1, fileName: 'services', exportField: ALL_FIELDS },
      cookie,
    );
    expect(started.status).toBe(1000);
    const done = await finish(started.result.redisKey);
    expect(done.status).toBe('finished');
    const file = (await t.app.inject({ method: 'GET', url: done.result.url })).rawPayload;
    return { file, rows: await rowsOf(file) };
  };
  const importFile = async (
    content: Buffer,
    opts: { ruleNum: number; errorRegx: string; cookie?: string; headerLine?: number },
  ) => {
    const body = multipart([{ filename: 'services.xlsx', content }]);
    const up = (
      await t.app.inject({
        method: 'POST',
        url: `${T}/service/upload`,
        headers: { ...headers(opts.cookie), ...body.headers },
        payload: body.payload,
      })
    ).json();
    expect(up.status).toBe(1000);
    const headerLine = opts.headerLine ?? 1;
    const match = await post(`${T}/service/matchField`, { fileKey: up.result.fileKey, headerLine }, opts.cookie);
    expect(match.status).toBe(1000);
    const started = await post(
      `${T}/service/import`,
      {
        fileKey: up.result.fileKey,
        headerLine,
        ruleNum: opts.ruleNum,
        errorRegx: opts.errorRegx,
        matrixType: match.result.matchFieldList,
      },
      opts.cookie,
    );
    expect(started.status).toBe(1000);
    return { match: match.result, result: await finish(started.result.redisKey) };
  };
  const snapshot = async () => {
    const rows = await t.db.db
      .selectFrom('svc_services')
      .where('tenant_id', '=', A)
      .selectAll()
      .orderBy('id')
      .execute();
    const roles = await t.db.db
      .selectFrom('svc_service_roles')
      .where('tenant_id', '=', A)
      .select(['service_id', 'role_id'])
      .orderBy('service_id')
      .orderBy('role_id')
      .execute();
    return { rows: rows.map(({ updated_at: _u, ...r }) => r), roles };
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'portal-transfer-lang-'));
    t = await createTestApp(engine, { dataDir });
    token = (await t.login('admin')).access_token;
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('exports in zh-CN as before without a language, with zh-CN, and with a language it does not know', async () => {
    const plain = await exportAll();
    expect(plain.rows[0]).toEqual(FIELD_LABELS);
    expect(plain.rows.flat()).toContain('上架');
    for (const [cookie, query] of [
      ['portal-lang=zh-CN', ''],
      ['portal-lang=fr-FR', ''],
      ['portal-lang=en-US', '?lang=xx'],
      [undefined, '?lang=%3Cscript%3E'],
    ] as const)
      expect((await exportAll(cookie, query)).rows).toEqual(plain.rows);
  });

  it('exports in en-US with English headers and coded values (data as it is), by cookie or ?lang=', async () => {
    const zh = (await exportAll()).rows;
    const { file, rows } = await exportAll('portal-lang=en-US');
    expect(rows[0]).toEqual(EN_LABELS);
    expect((await exportAll(undefined, '?lang=en-US')).rows).toEqual(rows);
    expect(rows).toHaveLength(zh.length);
    const col = (label: string) => FIELD_LABELS.indexOf(label);
    for (const [i, row] of rows.slice(1).entries()) {
      const before = zh[i + 1]!;
      expect(['Process service', 'Application service']).toContain(row[col('业务类型')]);
      expect(['Online', 'Offline']).toContain(row[col('办理方式')]);
      expect(['Open in the page', 'Open in a pop-up', 'Open in a new tab']).toContain(row[col('打开方式')]);
      expect(['Yes', 'No']).toContain(row[col('是否公开')]);
      expect(['Listed', 'Unlisted']).toContain(row[col('状态')]);
      expect(row[col('是否公开')]).toBe(before[col('是否公开')] === '是' ? 'Yes' : 'No');
      // Names of the tenant's own data stay as they are.
      for (const label of ['服务编码', '服务名称', '所属部门', '服务场景', '服务类型', '可见角色'])
        expect(row[col(label)]).toBe(before[col(label)]);
    }
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.name).toBe('Service catalogue');
  });

  it('imports an English export back (headers matched, coded values taken): every service as it was', async () => {
    const before = await snapshot();
    const { file } = await exportAll('portal-lang=en-US');
    // Imported from either interface: the file decides, not the language.
    for (const cookie of ['portal-lang=en-US', undefined]) {
      const { match, result } = await importFile(file, { ruleNum: 2, errorRegx: 'serviceCode', cookie });
      expect(match.matchFieldList).toHaveLength(FIELD_LABELS.length - 1); // 访问量 is export-only
      expect(result).toMatchObject({ status: 'finished', failNum: 0, updateNum: before.rows.length, errorKey: null });
      expect(await snapshot()).toEqual(before);
    }
  });

  it('gives the failed rows of an English import English headers and reasons; a Chinese import keeps its texts', async () => {
    const header = ['*Service name', '*Department', '*Service scene', '*Business type', 'Status', '*Service type'];
    const grid: Grid = [
      header,
      ['Lang test A', '教务处', '学习教学', 'process service', 'unlisted', '学生服务'],
      ['Lang test B', '不存在的部门', '学习教学', 'Process service', '', '学生服务'],
      ['Lang test C', '教务处', '学习教学', 'Something', '', '学生服务'],
      ['', '教务处', '学习教学', 'Application service', '', '学生服务'],
    ];
    const content = await xlsxOf(grid);
    const en = await importFile(content, { ruleNum: 1, errorRegx: 'serviceName', cookie: 'portal-lang=en-US' });
    expect(en.result).toMatchObject({ status: 'finished', newInsertNum: 1, failNum: 3 });
    const [a] = await t.db.db
      .selectFrom('svc_services')
      .where('tenant_id', '=', A)
      .where('service_name', '=', 'Lang test A')
      .selectAll()
      .execute();
    expect(a).toMatchObject({ business_type: 'PROCESS', status: 0 });
    const download = (cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: `${T}/errorDownload`,
        headers: headers(cookie),
        payload: { errorKey: en.result.errorKey },
      });
    const res = await download('portal-lang=en-US');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('Failed import rows.xlsx')}`,
    );
    const failed = await rowsOf(res.rawPayload);
    expect(failed[0]).toEqual([...header, 'Reason', 'Row in the uploaded sheet']);
    expect(failed.slice(1).map((r) => [r[0], r[6], r[7]])).toEqual([
      ['Lang test B', 'Department: No such department', '3'],
      ['Lang test C', 'Business type: Not one of the allowed values', '4'],
      ['', 'A required field is empty: Service name', '5'],
    ]);
    // Named as the interface that downloads it; a bad language is zh-CN.
    expect((await download('portal-lang=xx')).headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('导入失败数据.xlsx')}`,
    );

    // The same rows imported from the Chinese interface: the reasons and last columns as section 5 has them.
    const zh = await importFile(content, { ruleNum: 3, errorRegx: 'serviceName', cookie: 'portal-lang=zh-CN' });
    const zhFailed = await rowsOf(
      (
        await t.app.inject({
          method: 'POST',
          url: `${T}/errorDownload`,
          headers: headers(),
          payload: { errorKey: zh.result.errorKey },
        })
      ).rawPayload,
    );
    expect(zhFailed[0]).toEqual([...header, '失败原因', '原表行号']);
    expect(zhFailed.slice(1).map((r) => r[6])).toEqual([
      TRANSFER_TEXTS.duplicateRow,
      '所属部门：部门不存在',
      '业务类型：不是可选的值',
      '必填字段为空：服务名称',
    ]);
  });

  it('round-trips the duty lists and the robot knowledge base through an English export (duty types, Yes/No)', async () => {
    const sets = [
      {
        dataset: 'deptDuty',
        fields: 'deptName,dutyName,dutyType,dutyContent,sort,services',
        errorRegx: 'deptName,dutyName',
        coded: ['职责类型', 'Duty type', ['Duty', 'Responsibility', 'Power', '']],
      },
      {
        dataset: 'robotFaq',
        fields: 'question,answer,synonyms,keywords,sceneName,enabled',
        errorRegx: 'question',
        coded: ['启用', 'Enabled', ['Yes', 'No']],
      },
    ] as const;
    for (const set of sets) {
      const exported = async (cookie?: string) => {
        const started = await post(
          `${T}/${set.dataset}/exportStart`,
          { dataRange: 1, fileName: set.dataset, exportField: set.fields },
          cookie,
        );
        expect(started.status).toBe(1000);
        const done = await finish(started.result.redisKey);
        const file = (await t.app.inject({ method: 'GET', url: done.result.url })).rawPayload;
        return { file, rows: await rowsOf(file) };
      };
      const zh = await exported();
      expect(zh.rows.length).toBeGreaterThan(1);
      const en = await exported('portal-lang=en-US');
      const [zhHeader, enHeader, enValues] = set.coded;
      expect(en.rows[0]).toEqual(zh.rows[0]!.map((h) => TRANSFER_FIELD_LABELS_EN[h]));
      const i = zh.rows[0]!.indexOf(zhHeader);
      expect(en.rows[0]![i]).toBe(enHeader);
      for (const row of en.rows.slice(1)) expect(enValues).toContain(row[i] ?? '');
      const body = multipart([{ filename: `${set.dataset}.xlsx`, content: en.file }]);
      const up = (
        await t.app.inject({
          method: 'POST',
          url: `${T}/${set.dataset}/upload`,
          headers: { ...headers('portal-lang=en-US'), ...body.headers },
          payload: body.payload,
        })
      ).json();
      const match = await post(`${T}/${set.dataset}/matchField`, { fileKey: up.result.fileKey, headerLine: 1 });
      expect(match.result.matchFieldList).toHaveLength(zh.rows[0]!.length);
      const started = await post(`${T}/${set.dataset}/import`, {
        fileKey: up.result.fileKey,
        headerLine: 1,
        ruleNum: 2,
        errorRegx: set.errorRegx,
        matrixType: match.result.matchFieldList,
      });
      expect(started.status).toBe(1000);
      expect(await finish(started.result.redisKey)).toMatchObject({ status: 'finished', failNum: 0, newInsertNum: 0 });
      expect((await exported()).rows).toEqual(zh.rows);
    }
  });

  it('serves the template in the interface language: headers, options sheet, coded values and file name', async () => {
    const get = (cookie?: string, query = '') =>
      t.app.inject({ method: 'GET', url: `${T}/service/template${query}`, headers: headers(cookie) });
    const zh = await get();
    expect(zh.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('服务目录导入模板.xlsx')}`,
    );
    expect((await rowsOf(zh.rawPayload))[0]![0]).toBe('服务编码');
    const en = await get('portal-lang=en-US');
    expect(en.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('Service catalogue import template.xlsx')}`,
    );
    const rows = await rowsOf(en.rawPayload);
    expect(rows[0]).toEqual(
      EN_LABELS.slice(0, -1).map((f) =>
        ['Service name', 'Department', 'Service scene', 'Service type', 'Business type'].includes(f) ? `*${f}` : f,
      ),
    );
    const values = await rowsOf(en.rawPayload, 1);
    const column = (label: string) => {
      const i = values[0]!.indexOf(label);
      return values
        .slice(1)
        .map((r) => r[i] ?? '')
        .filter(Boolean);
    };
    expect(column('Business type')).toEqual(['Process service', 'Application service']);
    expect(column('Status')).toEqual(['Listed', 'Unlisted']);
    expect(column('Department')).toContain('教务处');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(en.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((s) => s.name)).toEqual(['Service catalogue', 'Options']);
    // A bad ?lang= is zh-CN, never an error.
    const bad = await get('portal-lang=en-US', '?lang=de-DE');
    expect(bad.statusCode).toBe(200);
    expect(bad.rawPayload.length).toBeGreaterThan(0);
    expect((await rowsOf(bad.rawPayload))[0]![0]).toBe('服务编码');
  });
});

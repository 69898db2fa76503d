import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TRANSFER_TEXTS } from '@portal/contracts/transfer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeTransferFiles, TRANSFER_FILE_TTL_MS } from '../modules/transfer/transfer.cleanup.ts';
import { jobSettled } from '../modules/transfer/transfer.jobs.ts';
import { multipart, rowsOf, xlsxOf } from '../modules/transfer/transfer-test-files.ts';
import { bearer, createPeerTestApp, createTestApp, type TestApp } from '../test/test-app.ts';
import { FILE_CHUNK_BYTES } from './file-store.ts';

/**
 * Issue 12: two nodes behind a round-robin proxy share one PostgreSQL and keep files in it (FILE_STORE=database).
 * Each node has a DATA_DIR of its own that nothing is written to; a file uploaded to one node is served by the
 * other — chat files, images, import uploads, failed-rows files and exports — and either node's cleanup removes it.
 */
const T = '/api/blade-workbench/transfer';
const O = '/api/online-service-platform';
const HEADER = ['所属部门', '职责名称', '职责类型', '职责内容', '排序', '关联服务'];
const MATRIX = [
  { excelField: '所属部门', dbField: 'deptName' },
  { excelField: '职责名称', dbField: 'dutyName' },
  { excelField: '职责类型', dbField: 'dutyType' },
  { excelField: '职责内容', dbField: 'dutyContent' },
];

async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  return (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
}

describe('files across two nodes on one PostgreSQL (FILE_STORE=database)', () => {
  let node1: TestApp;
  let node2: TestApp;
  const dataDirs: string[] = [];
  const tokens: Record<string, string> = {};
  const post = async (node: TestApp, account: string, url: string, payload: object = {}) => {
    const res = await node.app.inject({ method: 'POST', url, headers: bearer(tokens[account]!), payload });
    return { http: res.statusCode, ...res.json() };
  };
  const upload = async (
    node: TestApp,
    account: string,
    url: string,
    files: { filename: string; content: Buffer }[],
  ) => {
    const body = multipart(files);
    const res = await node.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(tokens[account]!), ...body.headers },
      payload: body.payload,
    });
    return { http: res.statusCode, ...res.json() };
  };
  const finished = async (node: TestApp, account: string, key: string) => {
    await jobSettled(key);
    const p = await post(node, account, `${T}/progress`, { key });
    expect(p.result.finished).toBe(true);
    return p.result;
  };

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) dataDirs.push(await mkdtemp(join(tmpdir(), `portal-node${i + 1}-`)));
    node1 = await createTestApp('postgres', { fileStore: 'database', dataDir: dataDirs[0]! });
    node2 = await createPeerTestApp(node1, { dataDir: dataDirs[1]! });
    for (const account of ['admin', 'teacher01', 'student01'])
      tokens[account] = (await node1.login(account)).access_token;
  });
  afterAll(async () => {
    await node2?.close();
    await node1?.close();
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  });

  it('serves a chat file and a chat image uploaded to the other node', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7 '), randomBytes(2 * FILE_CHUNK_BYTES + 777)]);
    const doc = await upload(node1, 'student01', '/api/chat/upload', [{ filename: '培养方案.pdf', content: pdf }]);
    expect(doc).toMatchObject({ status: 1000, result: { fileTypeName: 'pdf', fileSize: pdf.length } });
    for (const res of [
      await node2.app.inject({ method: 'GET', url: doc.result.url }),
      await node2.app.inject({
        method: 'GET',
        url: `/api/chat/file/${doc.result.objectId}`,
        headers: bearer(tokens.student01!),
      }),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(pdf)).toBe(true);
      expect(res.headers).toMatchObject({
        'content-type': 'application/pdf',
        'content-length': String(pdf.length),
        'cache-control': 'private, max-age=3600',
        'x-content-type-options': 'nosniff',
        'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('培养方案.pdf')}`,
      });
    }
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(1000)]);
    const image = await upload(node2, 'student01', '/api/chat/upload', [{ filename: '课表.png', content: png }]);
    const shown = await node1.app.inject({ method: 'GET', url: image.result.url });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.headers['content-disposition']).toMatch(/^inline/);
    expect(shown.rawPayload.equals(png)).toBe(true);
    // Others still get nothing, on either node.
    expect(
      (
        await node2.app.inject({
          method: 'GET',
          url: `/api/chat/file/${doc.result.objectId}`,
          headers: bearer(tokens.teacher01!),
        })
      ).statusCode,
    ).toBe(404);
    // A refused upload leaves nothing in the database.
    expect(
      await upload(node1, 'student01', '/api/chat/upload', [
        { filename: 'big.jpg', content: Buffer.alloc(10 * 1024 * 1024 + 10, 0xff) },
      ]),
    ).toMatchObject({ http: 413 });
    const stored = await node1.db.db.selectFrom('stored_files').select('key').execute();
    expect(stored.filter((s) => s.key.startsWith('chat/'))).toHaveLength(2);
  });

  it('serves an uploaded image from the other node', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(300_000)]);
    const saved = await upload(node1, 'admin', `${O}/common/upload`, [{ filename: 'logo.png', content: png }]);
    expect(saved).toMatchObject({ status: 1000, result: { fileName: 'logo.png', size: png.length } });
    const img = await node2.app.inject({ method: 'GET', url: saved.result.url });
    expect(img.statusCode).toBe(200);
    expect(img.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(png.length),
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(img.rawPayload.equals(png)).toBe(true);
    expect(
      (await node2.app.inject({ method: 'GET', url: saved.result.url.replace(/[0-9a-f]{4}\.png$/, '0000.png') }))
        .statusCode,
    ).toBe(404);
  });

  it('matches fields and imports on node 2 what was uploaded to node 1; failed rows and exports download from either node', async () => {
    const grid = [
      HEADER,
      ['教务处', '跨节点导入的职责', '职责', '从节点一上传', 1, ''],
      ['不存在的部门', '某职责', '职责', '', 0, ''],
    ];
    const up = await upload(node1, 'admin', `${T}/deptDuty/upload`, [
      { filename: '职责.xlsx', content: await xlsxOf(grid) },
    ]);
    expect(up.status).toBe(1000);
    const match = await post(node2, 'admin', `${T}/deptDuty/matchField`, { fileKey: up.result.fileKey, headerLine: 1 });
    expect(match).toMatchObject({ http: 200, status: 1000 });
    expect(match.result.excelField).toEqual(HEADER);
    const started = await post(node2, 'admin', `${T}/deptDuty/import`, {
      fileKey: up.result.fileKey,
      headerLine: 1,
      ruleNum: 1,
      errorRegx: 'deptName,dutyName',
      matrixType: JSON.stringify(MATRIX),
    });
    expect(started.status).toBe(1000);
    const result = await finished(node2, 'admin', started.result.redisKey);
    expect(result).toMatchObject({ status: 'finished', totalNum: 2, newInsertNum: 1, failNum: 1 });
    const failedRows = await node1.app.inject({
      method: 'POST',
      url: `${T}/errorDownload`,
      headers: bearer(tokens.admin!),
      payload: { errorKey: result.errorKey },
    });
    expect(failedRows.statusCode).toBe(200);
    expect(failedRows.headers['content-disposition']).toContain(encodeURIComponent('导入失败数据.xlsx'));
    expect((await rowsOf(failedRows.rawPayload))[1]?.slice(0, 2)).toEqual(['不存在的部门', '某职责']);

    const exported = await post(node1, 'admin', `${T}/deptDuty/exportStart`, {
      dataRange: 1,
      fileName: '职责清单',
      exportField: 'dutyName:职责名称',
    });
    const done = await finished(node1, 'admin', exported.result.redisKey);
    const polledOn2 = await post(node2, 'admin', `${T}/progress`, { key: exported.result.redisKey });
    const file = await node2.app.inject({ method: 'GET', url: polledOn2.result.result.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers).toMatchObject({
      'cache-control': 'private, no-store',
      'content-length': String(file.rawPayload.length),
    });
    expect(file.headers['content-disposition']).toContain(encodeURIComponent('职责清单.xlsx'));
    expect((await rowsOf(file.rawPayload)).flat()).toContain('跨节点导入的职责');

    // A day later node 2's cleanup removes what node 1 stored; node 1 then finds nothing either.
    await purgeTransferFiles(node2.app.deps, Date.now() + TRANSFER_FILE_TTL_MS + 60_000);
    expect((await node1.app.inject({ method: 'GET', url: done.result.url })).statusCode).toBe(404);
    expect(
      (await post(node1, 'admin', `${T}/deptDuty/matchField`, { fileKey: up.result.fileKey, headerLine: 1 })).msg,
    ).toBe(TRANSFER_TEXTS.noUpload);
    const left = await node1.db.db.selectFrom('stored_files').select('key').execute();
    expect(left.filter((s) => !s.key.startsWith('chat/') && !s.key.startsWith('workbench/'))).toEqual([]);
  });

  it('writes nothing to either node’s DATA_DIR', async () => {
    for (const dir of dataDirs) expect(await filesUnder(dir)).toEqual([]);
  });
});

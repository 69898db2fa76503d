/**
 * Import/export benchmark: the portal exporting and importing ROWS duty-list rows as xlsx, each beside ExcelJS
 * on its own writing and reading the same rows in the same run. The ratios are the figures (house style 9).
 *
 *   node bench/transfer.bench.ts                 # 200,000 rows
 *   TRANSFER_BENCH_ROWS=20000 node bench/transfer.bench.ts
 *   TRANSFER_BENCH_SCALE=1 node bench/transfer.bench.ts # import's peak memory at 100,000 and 400,000 rows
 *
 * 1. exceljs-write: ExcelJS's streaming WorkbookWriter writes ROWS rows of the six duty-list columns.
 * 2. portal-export: the export job (`transfer/deptDuty/exportStart`) of ROWS duties in SQLite, start to finished,
 *    written by the portal's own one-sheet writer over yazl (ADR 0049; the sheet deflated at zlib level 3, where
 *    ExcelJS's archiver uses 6: the portal's file is still the smaller, its XML being leaner).
 * 3. exceljs-read: ExcelJS's streaming WorkbookReader reads the exported file row by row.
 * 4. portal-read: the portal's own xlsx reader (`modules/transfer/xlsx-reader.ts`, ADR 0005) reads the same file.
 * 5. portal-import: the exported file uploaded and imported (`transfer/deptDuty/import`, rule: skip) into an
 *    emptied duty list, start to finished: the upload's zip-bomb check, a counting pass (beside the first rows,
 *    ADR 0049), the sheet parsed in a worker (ADR 0045), validation, 500-row batches committed 5,000 rows at a time
 *    (ADR 0040).
 * TRANSFER_BENCH_ROUNDS rounds (default 3), each in a fresh folder, the portal and ExcelJS taking turns to go first;
 * each round's ratios, then their medians with the range.
 * Each measurement runs in a child process of its own, which samples its RSS every 20 ms: the peak above the
 * child's RSS before the work is the memory figure. Everything is bounded; the run stops itself after
 * TRANSFER_BENCH_DEADLINE_MS.
 */
import { fork } from 'node:child_process';
import { createReadStream, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, seededApp } from './support.ts';

const ROWS = Number(process.env.TRANSFER_BENCH_ROWS ?? 200_000);
const DEADLINE_MS = Number(process.env.TRANSFER_BENCH_DEADLINE_MS ?? 1_200_000);
const DEPTS = ['校办', '教务处', '考试中心', '学生工作处', '人事处', '信息化建设与管理中心'];
const TYPES = ['职责', '责任', '权力'];

type Result = { name: string; rows: number; ms: number; peakMb: number; bytes?: number };

const row = (i: number) => [
  DEPTS[i % DEPTS.length]!,
  `职责事项${i}`,
  TYPES[i % 3]!,
  `依据相关规定组织开展第${i}项工作，负责受理、审核与办结。`,
  String(i % 1000),
  i % 4 === 0 ? '成绩单打印、学籍信息修改' : '',
];

/** Runs `work` while sampling RSS; the peak above the starting RSS, in MB. */
async function measured(name: string, rows: number, work: () => Promise<number | void>): Promise<Result> {
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const t0 = performance.now();
  const bytes = await work();
  const ms = performance.now() - t0;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { name, rows, ms, peakMb: (peak - base) / 1024 / 1024, ...(typeof bytes === 'number' ? { bytes } : {}) };
}

// ---------------------------------------------------------------- children

async function exceljsWrite(dir: string): Promise<Result> {
  const ExcelJS = (await import('exceljs')).default;
  const path = join(dir, 'exceljs.xlsx');
  return measured('exceljs-write', ROWS, async () => {
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useStyles: false, useSharedStrings: false });
    const ws = wb.addWorksheet('部门职责清单');
    ws.addRow(['所属部门', '职责名称', '职责类型', '职责内容', '排序', '关联服务']).commit();
    for (let i = 0; i < ROWS; i++) ws.addRow(row(i)).commit();
    ws.commit();
    await wb.commit();
    return statSync(path).size;
  });
}

async function exceljsRead(file: string): Promise<Result> {
  const ExcelJS = (await import('exceljs')).default;
  return measured('exceljs-read', ROWS, async () => {
    let n = 0;
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(createReadStream(file), {
      worksheets: 'emit',
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
      entries: 'ignore',
    });
    for await (const sheet of reader) {
      for await (const r of sheet as AsyncIterable<{ values: unknown[] }>) if (r.values.length) n++;
      break;
    }
    if (n !== ROWS + 1) throw new Error(`read ${n} rows`);
  });
}

async function portalRead(file: string): Promise<Result> {
  const { readRows } = await import('../apps/server/src/modules/transfer/spreadsheet.ts');
  return measured('portal-read', ROWS, async () => {
    let n = 0;
    for await (const r of readRows(file, 'xlsx')) if (r.cells.length) n++;
    if (n !== ROWS + 1) throw new Error(`read ${n} rows`);
  });
}

async function portal(dir: string) {
  return seededApp(dir);
}

async function portalExport(dir: string): Promise<Result & { file: string }> {
  const { app, db, headers } = await portal(dir);
  const { jobSettled } = await import('../apps/server/src/modules/transfer/transfer.jobs.ts');
  // The one department list (ADR 0032); the demo's three lists hold details for each of DEPTS.
  const depts = new Map(
    (await db.db.selectFrom('svc_depts').where('tenant_id', '=', '000000').select(['id', 'name']).execute()).map(
      (d) => [d.name, d.id],
    ),
  );
  await db.db.deleteFrom('osp_duty_services').execute();
  await db.db.deleteFrom('osp_duties').execute();
  const now = new Date().toISOString();
  for (let start = 0; start < ROWS; start += 2000) {
    await db.db.transaction().execute(async (trx) => {
      const n = Math.min(2000, ROWS - start);
      const rows = Array.from({ length: n }, (_, k) => row(start + k));
      for (let c = 0; c < n; c += 200) {
        await trx
          .insertInto('osp_duties')
          .values(
            rows.slice(c, c + 200).map((r, k) => ({
              id: `bench-${String(start + c + k).padStart(7, '0')}`,
              tenant_id: '000000',
              dept_id: depts.get(r[0]!)!,
              duty_name: r[1]!,
              duty_type: r[2]!,
              duty_content: r[3]!,
              sort: Number(r[4]),
              created_at: now,
              updated_at: now,
            })),
          )
          .execute();
        const links = rows.slice(c, c + 200).flatMap((r, k) =>
          r[5]
            ? [
                {
                  tenant_id: '000000',
                  duty_id: `bench-${String(start + c + k).padStart(7, '0')}`,
                  service_id: '000000-svc-cjd',
                  service_name: '成绩单打印',
                },
                {
                  tenant_id: '000000',
                  duty_id: `bench-${String(start + c + k).padStart(7, '0')}`,
                  service_id: '000000-svc-xjzm',
                  service_name: '学籍信息修改',
                },
              ]
            : [],
        );
        if (links.length) await trx.insertInto('osp_duty_services').values(links).execute();
      }
    });
  }
  let file = '';
  const result = await measured('portal-export', ROWS, async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/blade-workbench/transfer/deptDuty/exportStart',
      headers,
      payload: {
        dataRange: 1,
        fileName: '部门职责清单',
        exportField:
          'deptName:所属部门,dutyName:职责名称,dutyType:职责类型,dutyContent:职责内容,sort:排序,services:关联服务',
      },
    });
    const key = res.json().result.redisKey as string;
    await jobSettled(key);
    const p = (
      await app.inject({ method: 'POST', url: '/api/blade-workbench/transfer/progress', headers, payload: { key } })
    ).json().result;
    if (p.status !== 'finished' || p.finishNum !== ROWS) throw new Error(`export: ${JSON.stringify(p)}`);
    const job = await db.db
      .selectFrom('transfer_jobs')
      .where('id', '=', key)
      .select('result_path')
      .executeTakeFirstOrThrow();
    file = join(dir, 'files', job.result_path!);
    return statSync(file).size;
  });
  await app.close();
  await db.close();
  return { ...result, file };
}

async function portalImport(dir: string, file: string): Promise<Result> {
  const { app, db, headers } = await portal(dir);
  const { jobSettled } = await import('../apps/server/src/modules/transfer/transfer.jobs.ts');
  const { multipart } = await import('../apps/server/src/modules/transfer/transfer-test-files.ts');
  await db.db.deleteFrom('osp_duty_services').execute();
  await db.db.deleteFrom('osp_duties').execute();
  const content = await readFile(file);
  const result = await measured('portal-import', ROWS, async () => {
    const body = multipart([{ filename: 'duties.xlsx', content }]);
    const up = (
      await app.inject({
        method: 'POST',
        url: '/api/blade-workbench/transfer/deptDuty/upload',
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      })
    ).json();
    if (up.status !== 1000) throw new Error(`upload: ${JSON.stringify(up)}`);
    const fields = ['deptName', 'dutyName', 'dutyType', 'dutyContent', 'sort', 'services'];
    const header = ['所属部门', '职责名称', '职责类型', '职责内容', '排序', '关联服务'];
    const res = await app.inject({
      method: 'POST',
      url: '/api/blade-workbench/transfer/deptDuty/import',
      headers,
      payload: {
        fileKey: up.result.fileKey,
        headerLine: 1,
        ruleNum: 1,
        errorRegx: 'deptName,dutyName',
        matrixType: header.map((h, i) => ({ excelField: h, dbField: fields[i] })),
      },
    });
    const key = res.json().result.redisKey as string;
    await jobSettled(key);
    const p = (
      await app.inject({ method: 'POST', url: '/api/blade-workbench/transfer/progress', headers, payload: { key } })
    ).json().result;
    if (p.status !== 'finished' || p.newInsertNum !== ROWS) {
      const failed = await app.inject({
        method: 'POST',
        url: '/api/blade-workbench/transfer/errorDownload',
        headers,
        payload: { errorKey: key },
      });
      const { rowsOf } = await import('../apps/server/src/modules/transfer/transfer-test-files.ts');
      throw new Error(
        `import: ${JSON.stringify(p)} ${p.errorKey ? JSON.stringify((await rowsOf(failed.rawPayload)).slice(0, 6)) : ''}`,
      );
    }
  });
  await app.close();
  await db.close();
  return result;
}

async function child(kind: string, dir: string, file: string) {
  const out =
    kind === 'exceljs-write'
      ? await exceljsWrite(dir)
      : kind === 'exceljs-read'
        ? await exceljsRead(file)
        : kind === 'portal-read'
          ? await portalRead(file)
          : kind === 'portal-export'
            ? await portalExport(dir)
            : await portalImport(dir, file);
  if (process.send) process.send(out);
  else console.log(JSON.stringify(out));
  process.exit(0);
}

// ---------------------------------------------------------------- parent

function run(kind: string, dir: string, file = '', rows = ROWS): Promise<Result & { file?: string }> {
  return new Promise((resolve, reject) => {
    const c = fork(new URL(import.meta.url).pathname, ['child', kind, dir, file], {
      execArgv: ['--expose-gc'],
      stdio: 'inherit',
      env: { ...process.env, TRANSFER_BENCH_ROWS: String(rows) },
    });
    c.once('message', (m) => resolve(m as Result));
    c.once('exit', (code) => code !== 0 && reject(new Error(`${kind} exited with ${code}`)));
  });
}

/**
 * TRANSFER_BENCH_SCALE=1: the import's peak memory at SCALE_ROWS and at four times as many (files ExcelJS wrote),
 * which should stay flat (issue 13: ≤ 1.3×), since rows stream through in batches.
 */
async function scale(dir: string) {
  const small = Number(process.env.TRANSFER_BENCH_SCALE_ROWS ?? 100_000);
  const out: Result[] = [];
  for (const rows of [small, small * 4]) {
    const sub = join(dir, String(rows));
    mkdirSync(sub);
    await run('exceljs-write', sub, '', rows);
    out.push(await run('portal-import', sub, join(sub, 'exceljs.xlsx'), rows));
  }
  for (const r of out)
    console.log(
      `portal-import ${String(r.rows).padStart(8)} rows  ${(r.ms / 1000).toFixed(2)} s  peak +${r.peakMb.toFixed(0)} MB`,
    );
  console.log(
    `import peak memory at ${small * 4} rows: ${(out[1]!.peakMb / out[0]!.peakMb).toFixed(2)}x that at ${small}`,
  );
}

const ROUNDS = Math.max(1, Number(process.env.TRANSFER_BENCH_ROUNDS ?? 3));

/** ExcelJS's run and the portal's, ExcelJS's first when `exceljsFirst`; the answers in that order either way. */
async function inTurn<A, B>(
  exceljsFirst: boolean,
  exceljs: () => Promise<A>,
  portal: () => Promise<B>,
): Promise<[A, B]> {
  if (exceljsFirst) {
    const a = await exceljs();
    return [a, await portal()];
  }
  const b = await portal();
  return [await exceljs(), b];
}

async function main() {
  const stop = setTimeout(() => {
    console.error(`transfer bench: deadline of ${DEADLINE_MS} ms passed`);
    process.exit(2);
  }, DEADLINE_MS);
  const dir = mkdtempSync(join(tmpdir(), 'portal-transfer-bench-'));
  const line = (r: Result) =>
    `${r.name.padEnd(14)} ${String(r.rows).padStart(8)} rows  ${(r.ms / 1000).toFixed(2).padStart(7)} s  ${Math.round(
      (r.rows / r.ms) * 1000,
    )
      .toLocaleString('en')
      .padStart(
        9,
      )} rows/s  peak +${r.peakMb.toFixed(0).padStart(4)} MB${r.bytes ? `  file ${(r.bytes / 1024 / 1024).toFixed(1)} MB` : ''}`;
  try {
    if (process.env.TRANSFER_BENCH_SCALE === '1') return await scale(dir);
    console.log(`transfer bench, ${ROWS.toLocaleString('en')} rows, node ${process.version}, ${ROUNDS} rounds`);
    type Round = Record<'write' | 'exp' | 'read' | 'own' | 'imp', Result>;
    const rounds: Round[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      // Each round in a folder of its own (a fresh database), the portal and ExcelJS taking turns to go first.
      const sub = join(dir, `round-${r + 1}`);
      mkdirSync(sub);
      const first = r % 2 === 0;
      const [write, exp] = await inTurn(
        first,
        () => run('exceljs-write', sub),
        () => run('portal-export', sub),
      );
      const [read, [own, imp]] = await inTurn(
        first,
        () => run('exceljs-read', sub, exp.file),
        async () => [await run('portal-read', sub, exp.file), await run('portal-import', sub, exp.file)] as const,
      );
      const round: Round = { write, exp, read, own, imp };
      rounds.push(round);
      console.log(`round ${r + 1} (${first ? 'ExcelJS' : 'the portal'} first)`);
      for (const x of [write, exp, read, own, imp]) console.log(`  ${line(x)}`);
      rmSync(sub, { recursive: true, force: true });
    }
    // Each round's ratio (both sides measured in that round), then their median and range.
    const ratios = (a: keyof Round, b: keyof Round, of: (x: Result) => number) => {
      const xs = rounds.map((x) => of(x[a]) / Math.max(1, of(x[b])));
      return `${median(xs).toFixed(2)}x (${Math.min(...xs).toFixed(2)}-${Math.max(...xs).toFixed(2)})`;
    };
    const ms = (x: Result) => x.ms;
    const mb = (x: Result) => x.peakMb;
    console.log(`\nmedian of ${ROUNDS} rounds (range):`);
    console.log(
      `export: portal takes ${ratios('exp', 'write', ms)} ExcelJS's time, peak memory ${ratios('exp', 'write', mb)}`,
    );
    console.log(
      `read: the portal's reader takes ${ratios('own', 'read', ms)} ExcelJS's time, peak memory ${ratios('own', 'read', mb)}`,
    );
    console.log(
      `import: portal takes ${ratios('imp', 'read', ms)} ExcelJS's time, peak memory ${ratios('imp', 'read', mb)}`,
    );
  } finally {
    clearTimeout(stop);
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'child') await child(process.argv[3]!, process.argv[4]!, process.argv[5] ?? '');
else await main();

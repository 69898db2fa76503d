import type { MultipartFile } from '@fastify/multipart';
import { IMPORT_MAX_BYTES } from '@portal/contracts/constants';
import type {
  ExportCountRequest,
  ExportStartRequest,
  ImportStartRequest,
  JobProgress,
  MatchField,
  MatchFieldResult,
  TransferField,
} from '@portal/contracts/transfer';
import { DATA_RANGE_CHOSEN, TRANSFER_TEXTS } from '@portal/contracts/transfer';
import { TRANSFER_FILE_TEXTS } from '@portal/contracts/transfer-texts';
import { TRANSFER_VALUE_LABELS_EN } from '@portal/contracts/transfer-fields-en';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { ControlledTransaction } from 'kysely';
import { onDisk } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';
import { withoutWaitingForDisk } from '../../db/durable-sqlite.ts';
import { isUniqueViolation, nowIso } from '../../db/sql-helpers.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { FileKeyError, FileMissingError, FileTooLargeError, type FileStore } from '../../platform/file-store.ts';
import { newId } from '../../platform/crypto.ts';
import type { AppDeps, RequestContext } from '../../platform/http.ts';
import { requireMenu } from '../auth/auth.service.ts';
import { requireCatalogueAdmin } from './transfer.catalogue.ts';
import { datasetOf, dictionary, RowError, type Dataset, type Scope } from './transfer.datasets.ts';
import { importFields } from './transfer.rows.ts';
import { progressOf, startJob, type Counters, type JobHandle } from './transfer.jobs.ts';
import {
  fileText,
  headerIn,
  isEnglishHeaderOf,
  longestEnglishValue,
  reasonIn,
  titleIn,
  valueIn,
  zhValueOf,
  type FileLanguage,
} from './transfer.language.ts';
import { transferRepository } from './transfer.repository.ts';
import type { ProgressMirror } from './transfer.progress.ts';

/** The Redis mirror of running jobs' counters, when REDIS_URL is set (set by the routes). */
const mirrors = new WeakMap<AppDeps, ProgressMirror>();
export const setProgressMirror = (deps: AppDeps, mirror: ProgressMirror) => mirrors.set(deps, mirror);
import {
  checkXlsx,
  columnName,
  readRows,
  sheetWriter,
  sniffKindOf,
  workbookWriter,
  type SheetKind,
} from './spreadsheet.ts';
import { importRows as readImportRows, type ImportRow, type ImportRows } from './import-rows.ts';

/** The last two columns of a failed-rows file (zh-CN): why the row failed, and its row number in the uploaded sheet. */
export const FAILED_ROWS_REASON = TRANSFER_FILE_TEXTS.failedRowsReason;
export const FAILED_ROWS_ROW_NUMBER = TRANSFER_FILE_TEXTS.failedRowsRowNumber;

/** Rows an importer applies in one call: their duplicates found in one query, the new ones in multi-row inserts. */
const IMPORT_BATCH = 500;
/**
 * Rows committed in one transaction, applied IMPORT_BATCH at a time as they are read, each batch in a savepoint:
 * a crash loses a whole group or nothing, never half a row. An import is acknowledged only when its job ends, so
 * larger groups give up no acknowledged write; a commit (the pages the group wrote, and on SQLite the wait for an
 * fsync of the WAL, ADR 0058) is paid once per 5,000 rows instead of per 500 (ADR 0040).
 */
export const IMPORT_COMMIT_ROWS = 5_000;
/** How long a download link of an exported file stays valid. */
export const DOWNLOAD_LINK_TTL_MS = 10 * 60_000;

/**
 * Uploads, exported files and failed-rows files live in the file store (deps.files: DATA_DIR/files or the
 * database, ADR 0020) under transfer/{tenant}/{id}, exports/{tenant}/{job}/{name}.xlsx and
 * transfer-errors/{tenant}/{job}.xlsx, so any node can serve the file another node wrote.
 */

/** A stored file to download, or a temporary one of this node (a template), removed once sent. */
export type Download = { fileName: string } & ({ key: string } | { path: string; cleanup: () => Promise<void> });

/** A scratch folder of this node for a file that is made, then stored or sent (removed by the caller). */
const scratchDir = () => mkdtemp(join(tmpdir(), 'portal-transfer-'));

/** Runs `fn` with a path to the stored upload `key` (a scratch copy on the database store). */
async function withUpload<T>(files: FileStore, key: string, fn: (path: string) => Promise<T>): Promise<T> {
  try {
    return await files.withPath(key, fn);
  } catch (err) {
    // The upload row is there but its file is not (removed, or a bad key): as if nothing had been uploaded.
    if (err instanceof FileMissingError || err instanceof FileKeyError) throw badRequest(TRANSFER_TEXTS.noUpload);
    throw err;
  }
}

// ------------------------------------------------------------------ fields and counts

/** The data set of a call, once the caller is known to hold its menu (and to be an administrator where it says so). */
async function allowed(deps: AppDeps, ctx: RequestContext, name: string): Promise<Dataset> {
  const ds = datasetOf(name);
  if (ds.adminOnly) await requireCatalogueAdmin(deps, ctx);
  else await requireMenu(deps, ctx, ds.menu);
  return ds;
}

export async function exportFields(deps: AppDeps, ctx: RequestContext, name: string): Promise<TransferField[]> {
  const ds = await allowed(deps, ctx, name);
  return ds.fields;
}

function scopeOf(
  body: Pick<ExportCountRequest, 'dataRange' | 'formInline' | 'advancedSearch' | 'choiceDataIds'> & {
    choiceDataList?: ExportStartRequest['choiceDataList'];
  },
): Scope {
  const fromList = (body.choiceDataList ?? []).map((r) => (typeof r.id === 'string' ? r.id : '')).filter(Boolean);
  const raw = body.choiceDataIds;
  const ids = Array.isArray(raw)
    ? raw
    : typeof raw === 'string'
      ? raw
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [];
  return {
    dataRange: body.dataRange,
    search: { ...(body.formInline ?? {}), ...(body.advancedSearch ?? {}) },
    ids: [...new Set([...ids, ...fromList])],
  };
}

export async function exportCount(
  deps: AppDeps,
  ctx: RequestContext,
  name: string,
  body: ExportCountRequest,
): Promise<number> {
  const ds = await allowed(deps, ctx, name);
  const scope = scopeOf(body);
  if (scope.dataRange === DATA_RANGE_CHOSEN && !scope.ids.length) return 0;
  return ds.count(deps, ctx, scope);
}

// ------------------------------------------------------------------ export

export function downloadLinks(secret: string) {
  const key = createHmac('sha256', secret).update('transfer-download').digest();
  const mac = (tenantId: string, id: string, exp: number) =>
    createHmac('sha256', key).update(`${tenantId}.${id}.${exp}`).digest('base64url');
  return {
    sign(tenantId: string, id: string, now = Date.now()) {
      const exp = now + DOWNLOAD_LINK_TTL_MS;
      return `/api/blade-workbench/transfer/download?tenantId=${encodeURIComponent(tenantId)}&key=${encodeURIComponent(id)}&exp=${exp}&sig=${mac(tenantId, id, exp)}`;
    },
    verify(tenantId: string, id: string, exp: number, sig: string, now = Date.now()) {
      if (!Number.isFinite(exp) || exp < now) return false;
      const a = Buffer.from(sig);
      const b = Buffer.from(mac(tenantId, id, exp));
      return a.length === b.length && timingSafeEqual(a, b);
    },
  };
}

function parseExportFields(ds: Dataset, text: string): TransferField[] {
  const ids = text
    .split(',')
    .map((p) => p.split(':')[0]!.trim())
    .filter(Boolean);
  if (!ids.length) throw badRequest(TRANSFER_TEXTS.fieldRequired);
  const fields = [...new Set(ids)].map((id) => ds.fields.find((f) => f.id === id));
  if (fields.some((f) => !f))
    throw badRequest('导出字段不存在', ids.filter((id) => !ds.fields.some((f) => f.id === id)).join(','));
  return fields as TransferField[];
}

export async function exportStart(
  deps: AppDeps,
  ctx: RequestContext,
  name: string,
  body: ExportStartRequest,
  log?: (e: unknown) => void,
  lang: FileLanguage = 'zh-CN',
): Promise<{ redisKey: string }> {
  const ds = await allowed(deps, ctx, name);
  const fields = parseExportFields(ds, body.exportField);
  const scope = scopeOf(body);
  if (scope.dataRange === DATA_RANGE_CHOSEN && !scope.ids.length) throw badRequest(TRANSFER_TEXTS.noDataSelected);
  const fileName = body.fileName.endsWith('.xlsx') ? body.fileName : `${body.fileName}.xlsx`;
  const redisKey = await startJob(
    deps.db,
    ctx,
    ds.name,
    'export',
    async (job) => {
      const relative = join('exports', ctx.tenantId, job.id, fileName);
      const c: Counters = {
        total: await ds.count(deps, ctx, scope),
        finish: 0,
        inserted: 0,
        updated: 0,
        skipped: 0,
        failed: 0,
      };
      await job.progress(c, true);
      // Written to a scratch file by the streamed xlsx writer, then stored (nothing is stored if it fails).
      await deps.files.write(relative, async (path) => {
        // Headers and coded values in the language of the interface the export was started from.
        const out = sheetWriter(path, titleIn(ds.title, lang));
        try {
          out.addRow(fields.map((f) => headerIn(f.field, lang)));
          for await (const batch of ds.rows(deps, ctx, scope)) {
            for (const row of batch) out.addRow(fields.map((f) => valueIn(f.field, row[f.id] ?? '', lang)));
            c.finish += batch.length;
            if (c.finish > c.total) c.total = c.finish;
            await job.progress(c);
            // The zip stream takes the rows before the next batch is read: memory stays flat (ADR 0049).
            await out.ready();
          }
          await out.close();
        } catch (err) {
          out.abort();
          throw err;
        }
      });
      c.total = c.finish;
      await job.progress(c, true);
      return { resultPath: relative, fileName };
    },
    log,
    mirrors.get(deps),
  );
  return { redisKey };
}

// ------------------------------------------------------------------ progress and downloads

export async function progress(deps: AppDeps, ctx: RequestContext, key: string): Promise<JobProgress> {
  const repo = transferRepository(deps.db);
  await repo.failStale();
  const job = await repo.find(ctx.tenantId, ctx.userId, key);
  if (!job) throw notFound(TRANSFER_TEXTS.jobNotFound);
  const url =
    job.kind === 'export' && job.result_path ? downloadLinks(deps.config.tokenSecret).sign(ctx.tenantId, job.id) : null;
  const mirror = mirrors.get(deps);
  const live = mirror && job.status === 'running' ? await mirror.load(ctx.tenantId, ctx.userId, job.id) : null;
  return progressOf(job, url, live);
}

/** The exported file of a signed link (tenant, job, expiry, signature). */
export async function exportedFile(
  deps: AppDeps,
  q: { tenantId: string; key: string; exp: number; sig: string },
): Promise<Download> {
  if (!downloadLinks(deps.config.tokenSecret).verify(q.tenantId, q.key, q.exp, q.sig))
    throw new AppError(403, '下载链接无效或已过期');
  const job = await transferRepository(deps.db).findSigned(q.tenantId, q.key);
  if (!job?.result_path) throw notFound(TRANSFER_TEXTS.jobNotFound);
  return { key: job.result_path, fileName: job.file_name ?? 'export.xlsx' };
}

/** The failed rows of an import (written in the language the import was started from), named in `lang`. */
export async function failedRowsFile(
  deps: AppDeps,
  ctx: RequestContext,
  errorKey: string,
  lang: FileLanguage = 'zh-CN',
): Promise<Download> {
  const job = await transferRepository(deps.db).find(ctx.tenantId, ctx.userId, errorKey);
  if (!job?.error_path) throw notFound(TRANSFER_TEXTS.jobNotFound);
  return { key: job.error_path, fileName: `${fileText('failedRowsSheet', lang)}.xlsx` };
}

/** The sheet of a template (zh-CN) that lists the values each coded column accepts. */
export const TEMPLATE_VALUES_SHEET = TRANSFER_FILE_TEXTS.templateValuesSheet;
/** Rows of a template's first sheet that offer the drop-down of a coded column. */
const TEMPLATE_VALIDATED_ROWS = 1000;
/** Coded fields whose cell holds several values (a list), so a drop-down of one value would refuse a good cell. */
const LIST_DICTIONARIES = new Set(['role']);

/**
 * A template: the header row (required fields marked *) and one sample row; a second sheet (可选值) lists the values
 * each coded column accepts (departments, duty types, the catalogue's codes …), and the single-valued ones offer
 * them as a drop-down on the first sheet. An import reads the first sheet only, so the filled template imports as
 * it is. A scratch file of this node, sent once.
 */
export async function template(
  deps: AppDeps,
  ctx: RequestContext,
  name: string,
  lang: FileLanguage = 'zh-CN',
): Promise<Download> {
  const ds = await importable(deps, ctx, name);
  const fields = importFields(ds);
  const coded = (
    await Promise.all(
      fields.map(async (f, index) =>
        f.dictCode
          ? {
              field: f,
              index,
              values: (await dictionary(deps, ctx.tenantId, f.dictCode, undefined)).map((o) =>
                valueIn(f.field, o.dictValue, lang),
              ),
            }
          : null,
      ),
    )
  ).filter((c) => c !== null);
  const dir = await scratchDir();
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    const path = join(dir, `${ds.name}.xlsx`);
    const wb = workbookWriter(path);
    const sheet = wb.addSheet(titleIn(ds.title, lang));
    const valuesSheet = fileText('templateValuesSheet', lang);
    sheet.addRow(fields.map((f) => (f.required ? `*${headerIn(f.field, lang)}` : headerIn(f.field, lang))));
    sheet.addRow(fields.map((f) => valueIn(f.field, ds.sample[f.id] ?? '', lang)));
    coded.forEach((c, i) => {
      if (LIST_DICTIONARIES.has(c.field.dictCode!) || !c.values.length) return;
      const column = columnName(c.index);
      sheet.addListValidation({
        range: `${column}2:${column}${TEMPLATE_VALIDATED_ROWS + 1}`,
        source: `'${valuesSheet}'!$${columnName(i)}$2:$${columnName(i)}$${c.values.length + 1}`,
        title: headerIn(c.field.field, lang),
      });
    });
    sheet.commit();
    if (coded.length) {
      const values = wb.addSheet(valuesSheet);
      values.addRow(coded.map((c) => headerIn(c.field.field, lang)));
      const depth = Math.max(...coded.map((c) => c.values.length));
      for (let r = 0; r < depth; r++) values.addRow(coded.map((c) => c.values[r] ?? ''));
      values.commit();
    }
    await wb.close();
    return { path, fileName: `${titleIn(ds.title, lang)}${fileText('templateSuffix', lang)}.xlsx`, cleanup };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

// ------------------------------------------------------------------ import

/** The data set of an import call: one that can be imported, and the caller holds its menu. */
async function importable(deps: AppDeps, ctx: RequestContext, name: string) {
  const ds = await allowed(deps, ctx, name);
  if (!ds.importer) throw badRequest(TRANSFER_TEXTS.importUnsupported, name);
  return ds as Dataset & { importer: NonNullable<Dataset['importer']> };
}

/** Stores the one uploaded spreadsheet: xls or xlsx by content, at most 20 MB, one file, not a zip bomb. */
export async function upload(
  deps: AppDeps,
  ctx: RequestContext,
  name: string,
  parts: AsyncIterableIterator<MultipartFile>,
) {
  const ds = await importable(deps, ctx, name);
  const first = await parts.next();
  const part = first.done ? undefined : first.value;
  if (!part) throw badRequest(TRANSFER_TEXTS.fileRequired);
  const fileName = basename(part.filename || '').slice(0, 200);
  if (!/\.(xlsx|xls)$/i.test(fileName)) {
    part.file.resume();
    throw badRequest(TRANSFER_TEXTS.badFormat, TRANSFER_TEXTS.badExtension);
  }
  const id = newId();
  const relative = join('transfer', ctx.tenantId, id);
  let size: number;
  const tooLarge = () => new AppError(413, TRANSFER_TEXTS.tooLarge);
  try {
    const stored = await deps.files.put(relative, part.file, { maxBytes: IMPORT_MAX_BYTES });
    size = stored.size;
    if (part.file.truncated) throw tooLarge();
    const second = await parts.next();
    if (!second.done) {
      second.value.file.resume();
      throw badRequest(TRANSFER_TEXTS.oneFile);
    }
    if (size === 0) throw badRequest(TRANSFER_TEXTS.emptyFile);
    const kind = sniffKindOf(stored.head, fileName);
    if (!kind) throw badRequest(TRANSFER_TEXTS.badFormat, '文件内容不是 xls 或 xlsx');
    if (kind === 'xlsx') await deps.files.withPath(relative, checkXlsx);
    await transferRepository(deps.db).insertUpload({
      id,
      tenant_id: ctx.tenantId,
      user_id: ctx.userId,
      dataset: ds.name,
      file_name: fileName,
      kind,
      size,
      storage_path: relative,
      created_at: nowIso(),
    });
  } catch (err) {
    await deps.files.remove(relative).catch(() => undefined);
    const code = (err as { code?: string }).code;
    if (err instanceof FileTooLargeError || code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT') throw badRequest(TRANSFER_TEXTS.oneFile);
    throw err;
  }
  return { fileKey: id, fileName, size };
}

async function uploadOf(deps: AppDeps, ctx: RequestContext, ds: Dataset, fileKey: string | undefined) {
  if (!fileKey?.trim()) throw badRequest(TRANSFER_TEXTS.fileRequired, 'no fileKey');
  const row = await transferRepository(deps.db).findUpload(ctx.tenantId, ctx.userId, ds.name, fileKey);
  if (!row) throw badRequest(TRANSFER_TEXTS.noUpload);
  return { ...row, kind: row.kind as SheetKind };
}

/** The header cells of the chosen row (rows before it are ignored) of a spreadsheet file. */
async function headerOf(path: string, kind: SheetKind, headerLine: number): Promise<string[]> {
  for await (const row of readRows(path, kind)) {
    if (row.rowNumber < headerLine) continue;
    if (row.rowNumber > headerLine) break;
    if (row.tooLong) throw badRequest(TRANSFER_TEXTS.cellTooLong, `row ${headerLine}`);
    return row.cells.map((c) => c.trim());
  }
  throw badRequest(TRANSFER_TEXTS.noHeader, `row ${headerLine}`);
}

const label = (s: string) => s.replace(/^\*/, '').trim();

export async function matchFields(
  deps: AppDeps,
  ctx: RequestContext,
  name: string,
  body: { fileKey?: string | undefined; headerLine: number },
): Promise<MatchFieldResult> {
  const ds = await importable(deps, ctx, name);
  const up = await uploadOf(deps, ctx, ds, body.fileKey);
  const header = (
    await withUpload(deps.files, up.storage_path, (path) => headerOf(path, up.kind, body.headerLine))
  ).filter(Boolean);
  const fields = importFields(ds);
  const matchFieldList: MatchField[] = [];
  for (const cell of header) {
    // The zh-CN header (the spec's), the field's id, or its English header (a file from the English interface).
    const f =
      fields.find((x) => x.field === label(cell) || x.id === label(cell)) ??
      fields.find((x) => isEnglishHeaderOf(x.field, label(cell)));
    if (f && !matchFieldList.some((m) => m.dbField === f.id)) matchFieldList.push({ excelField: cell, dbField: f.id });
  }
  return { matchFieldList, dbFieldList: fields, excelField: header };
}

function parseMatrix(ds: Dataset, raw: ImportStartRequest['matrixType']): MatchField[] {
  let list: unknown = raw;
  if (typeof raw === 'string') {
    try {
      list = JSON.parse(raw);
    } catch {
      throw badRequest(TRANSFER_TEXTS.matchRequired, 'matrixType is not JSON');
    }
  }
  if (!Array.isArray(list)) throw badRequest(TRANSFER_TEXTS.matchRequired);
  const fields = importFields(ds);
  const out = list
    .filter(
      (m): m is MatchField =>
        !!m &&
        typeof m === 'object' &&
        typeof m.excelField === 'string' &&
        typeof m.dbField === 'string' &&
        !!m.excelField &&
        !!m.dbField,
    )
    .filter((m) => fields.some((f) => f.id === m.dbField));
  const missing = fields.filter((f) => f.required && !out.some((m) => m.dbField === f.id));
  if (missing.length) throw badRequest(TRANSFER_TEXTS.matchRequired, missing.map((f) => f.field).join('、'));
  return out;
}

export async function importStart(
  deps: AppDeps,
  ctx: RequestContext,
  name: string,
  body: ImportStartRequest,
  log?: (e: unknown) => void,
  lang: FileLanguage = 'zh-CN',
): Promise<{ redisKey: string }> {
  const ds = await importable(deps, ctx, name);
  // The file first, as the dialog asks for it first (section 5: 请上传文件), then what the user matched in it.
  const up = await uploadOf(deps, ctx, ds, body.fileKey);
  const matrix = parseMatrix(ds, body.matrixType);
  const checkFields = [
    ...new Set(
      body.errorRegx
        .split(',')
        .map((s) => s.split(':')[0]!.trim())
        .filter(Boolean),
    ),
  ];
  if (!checkFields.length) throw badRequest(TRANSFER_TEXTS.checkFieldsRequired);
  const badCheck = checkFields.filter((f) => !ds.fields.some((x) => x.id === f && x.checkable));
  if (badCheck.length) throw badRequest(TRANSFER_TEXTS.checkFieldsRequired, `not a check field: ${badCheck.join(',')}`);
  const header = await withUpload(deps.files, up.storage_path, (path) => headerOf(path, up.kind, body.headerLine));
  const columns = matrix.map((m) => ({
    field: ds.fields.find((f) => f.id === m.dbField)!,
    index: header.indexOf(m.excelField),
  }));
  const unknownColumn = matrix.filter((_, i) => columns[i]!.index < 0);
  if (unknownColumn.length)
    throw badRequest(TRANSFER_TEXTS.matchRequired, `no column ${unknownColumn.map((m) => m.excelField).join('、')}`);
  for (const f of checkFields)
    if (!columns.some((c) => c.field.id === f))
      throw badRequest(TRANSFER_TEXTS.checkFieldsRequired, `check field ${f} is not matched`);
  const importer = await ds.importer(deps, ctx);

  const redisKey = await startJob(
    deps.db,
    ctx,
    ds.name,
    'import',
    async (job) => {
      try {
        // The whole job reads one path: the stored upload, or on the database store a scratch copy of it.
        return await withUpload(deps.files, up.storage_path, (path) => runImport(job, path));
      } finally {
        await importer.done?.();
      }
    },
    log,
    mirrors.get(deps),
  );
  return { redisKey };

  async function runImport(job: JobHandle, uploadPath: string) {
    // The failed rows go to a scratch file of this node as they come, and into the file store at the end.
    let scratch: string | null = null;
    try {
      return await importRows(job, uploadPath, async () => (scratch ??= await scratchDir()));
    } finally {
      if (scratch) await rm(scratch, { recursive: true, force: true });
    }
  }

  async function importRows(job: JobHandle, uploadPath: string, scratchOf: () => Promise<string>) {
    const c: Counters = { total: 0, finish: 0, inserted: 0, updated: 0, skipped: 0, failed: 0 };
    // The rows come from a worker thread, read and checked while this thread writes the ones before them
    // (import-rows.ts, ADR 0045). The progress's total comes from a scan of the sheet's row tags (the sheet is
    // parsed once): rows of empty cells count there but are skipped, so the total is corrected to the rows read
    // when the job ends.
    const reader = readImportRows({
      path: uploadPath,
      kind: up.kind,
      headerLine: body.headerLine,
      columns: columns.map((col) => ({
        index: col.index,
        id: col.field.id,
        label: col.field.field,
        // A coded column also holds its values' English labels (longer than the codes and zh-CN labels).
        maxLength: Math.max(ds.maxLength[col.field.id] ?? 4000, longestEnglishValue(col.field.field)),
      })),
      required: ds.fields.filter((f) => f.required).map((f) => ({ id: f.id, label: f.field })),
    });
    let counted: Promise<void> | undefined;
    try {
      // An xlsx is counted while its first rows are written: the count (about 0.2 s for 200,000 rows, its inflating
      // on libuv's pool) overlaps the worker's start instead of coming before it. The total is set when known and
      // shown from the first commit on (commitGroup waits for it; it writes nothing itself: the group's transaction
      // may be open). An xls is counted by the worker before its rows.
      if (up.kind === 'xlsx') {
        counted = reader.total().then((n) => {
          c.total = Math.max(n, c.finish);
        });
        // Its failure is the job's (commitGroup awaits it, the last time after the last rows); never an unhandled
        // rejection meanwhile.
        counted.catch(() => undefined);
      } else {
        c.total = await reader.total();
        counted = Promise.resolve();
      }
      await job.progress(c, true);
      return await importBatches(job, reader, c, scratchOf, counted);
    } finally {
      // The worker is ended however the import ends (done, a bad file, a failed write), and the count has ended,
      // before the upload goes.
      await reader.close();
      await counted?.catch(() => undefined);
    }
  }

  async function importBatches(
    job: JobHandle,
    reader: ImportRows,
    c: Counters,
    scratchOf: () => Promise<string>,
    counted: Promise<void>,
  ) {
    let errors: ReturnType<typeof sheetWriter> | null = null;
    const errorRelative = join('transfer-errors', ctx.tenantId, `${job.id}.xlsx`);
    let errorsPath = '';
    // Each failed row as it was, its reason and its row number in the uploaded sheet (columns the file did not
    // match are ignored when the corrected file is imported again).
    const fail = async (cells: string[], reason: string, rowNumber: number) => {
      if (!errors) {
        errorsPath = join(await scratchOf(), `${job.id}.xlsx`);
        errors = sheetWriter(errorsPath, fileText('failedRowsSheet', lang));
        errors.addRow([...header, fileText('failedRowsReason', lang), fileText('failedRowsRowNumber', lang)]);
      }
      errors.addRow([...header.map((_, i) => cells[i] ?? ''), reasonIn(reason, lang), rowNumber]);
    };

    type Pending = ImportRow;
    type Result = { outcome: 'insert' | 'update' | 'skip' } | { reason: string };
    const toResults = (list: ('insert' | 'update' | 'skip' | RowError)[]): Result[] =>
      list.map((r) => (r instanceof RowError ? { reason: r.message } : { outcome: r }));
    const apply = (trx: typeof deps.db, rows: Pending[]) =>
      importer.applyBatch(
        trx,
        rows.filter((p) => !p.reason).map((p) => p.values),
        body.ruleNum,
        checkFields,
      );
    const merge = (rows: Pending[], applied: Result[]): Result[] => {
      let k = 0;
      return rows.map((p) => (p.reason ? { reason: p.reason } : applied[k++]!));
    };
    const zero = (): Counters => ({ total: 0, finish: 0, inserted: 0, updated: 0, skipped: 0, failed: 0 });
    /** A row's result added to counters. */
    const count = (d: Counters, r: Result) => {
      d.finish++;
      if ('reason' in r) d.failed++;
      else if (r.outcome === 'insert') d.inserted++;
      else if (r.outcome === 'update') d.updated++;
      else d.skipped++;
    };

    // The open transaction of the rows since the last commit, and what they did (ADR 0040). Nothing here may use
    // deps.db while it is open: on SQLite that waits for the transaction's own connection.
    let group: ControlledTransaction<Database> | null = null;
    let uncommitted = zero();
    /** Commits the open group with its counts on the job row (a crash leaves both or neither), then reports them. */
    const commitGroup = async () => {
      // The total is known before any progress is shown (and before the last one is corrected).
      await counted;
      if (!group) return;
      const trx = group;
      group = null;
      try {
        await job.commit(trx, uncommitted);
        await trx.commit().execute();
      } catch (err) {
        await trx
          .rollback()
          .execute()
          .catch(() => undefined);
        throw err;
      }
      c.finish += uncommitted.finish;
      c.inserted += uncommitted.inserted;
      c.updated += uncommitted.updated;
      c.skipped += uncommitted.skipped;
      c.failed += uncommitted.failed;
      if (c.finish > c.total) c.total = c.finish;
      uncommitted = zero();
      await job.progress(c);
    };

    const codedColumns = columns
      .filter((col) => TRANSFER_VALUE_LABELS_EN[col.field.field])
      .map((col) => ({ id: col.field.id, field: col.field.field }));
    let batch: Pending[] = [];
    /** Applies the batch inside the open group, in a savepoint: a batch that fails is applied again row by row. */
    const applyBatch = async () => {
      if (!batch.length) return;
      group ??= await deps.db.startTransaction().execute();
      const trx = group;
      let results: Result[];
      const sp = await trx.savepoint('import_batch').execute();
      try {
        results = merge(batch, toResults(await apply(sp, batch)));
        await sp.releaseSavepoint('import_batch').execute();
      } catch {
        // Something beyond a row's own fault (a constraint): the batch is undone and each row tried on its own.
        await sp.rollbackToSavepoint('import_batch').execute();
        await sp.releaseSavepoint('import_batch').execute();
        results = [];
        for (const p of batch) {
          if (p.reason) {
            results.push({ reason: p.reason });
            continue;
          }
          const one = await trx.savepoint('import_row').execute();
          try {
            results.push(toResults(await apply(one, [p]))[0]!);
            await one.releaseSavepoint('import_row').execute();
          } catch (err) {
            await one.rollbackToSavepoint('import_row').execute();
            await one.releaseSavepoint('import_row').execute();
            results.push({ reason: isUniqueViolation(err) ? TRANSFER_TEXTS.duplicateRow : TRANSFER_TEXTS.saveFailed });
          }
        }
      }
      for (let i = 0; i < batch.length; i++) {
        const r = results[i]!;
        count(uncommitted, r);
        if ('reason' in r) await fail(batch[i]!.cells, r.reason, batch[i]!.rowNumber);
      }
      batch = [];
      if (uncommitted.finish >= IMPORT_COMMIT_ROWS) await commitGroup();
    };

    try {
      // A group's commit answers nobody: the import is acknowledged when its job ends. So the groups go on while
      // their fsyncs run, and the job waits once, for all of them, before it reports the end (ADR 0058). Whoever
      // reads the job's row or its rows meanwhile still waits until what they read is on disk.
      await withoutWaitingForDisk(async () => {
        for await (const rows of reader.batches) {
          // A row failing its own checks keeps its place, so the failed-rows file follows the spreadsheet's order.
          for (const pending of rows) {
            // A coded value in English (a file from the English interface) is taken as its zh-CN label.
            for (const col of codedColumns)
              if (Object.hasOwn(pending.values, col.id))
                pending.values[col.id] = zhValueOf(col.field, pending.values[col.id]!);
            batch.push(pending);
            if (batch.length >= IMPORT_BATCH) await applyBatch();
          }
        }
        await applyBatch();
        await commitGroup();
      });
      await onDisk(deps.db);
    } catch (err) {
      (errors as ReturnType<typeof sheetWriter> | null)?.abort();
      // The rows since the last commit are undone (the job fails; what was committed stays, counted on its row).
      if (group)
        await (group as ControlledTransaction<Database>)
          .rollback()
          .execute()
          .catch(() => undefined);
      throw err;
    }
    if (errors) {
      await (errors as ReturnType<typeof sheetWriter>).close();
      await deps.files.put(errorRelative, createReadStream(errorsPath));
    }
    c.total = c.finish;
    await job.progress(c, true);
    if (c.total === 0) throw badRequest(TRANSFER_TEXTS.emptyFile);
    return { errorPath: errors ? errorRelative : null };
  }
}

import multipart from '@fastify/multipart';
import { IMPORT_MAX_BYTES } from '@portal/contracts/constants';
import { envelope } from '@portal/contracts/envelope';
import {
  CataloguePage,
  CataloguePageRequest,
  DictOption,
  DictQuery,
  DictRequest,
  ErrorDownloadRequest,
  ExportCountRequest,
  ExportStartRequest,
  ImportStartRequest,
  JobKeyResult,
  JobProgress,
  MatchFieldRequest,
  MatchFieldResult,
  ProgressRequest,
  TransferField,
  UploadResult,
} from '@portal/contracts/transfer';
import type { FastifyReply } from 'fastify';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { FileKeyError, type FileStore } from '../../platform/file-store.ts';
import { GROUPS, typed, userOf, type App } from '../../platform/http.ts';
import { cataloguePage } from './transfer.catalogue.ts';
import { dictionary } from './transfer.datasets.ts';
import { purgeTransferFiles, TRANSFER_CLEANUP_INTERVAL_MS } from './transfer.cleanup.ts';
import { runningJobIds } from './transfer.jobs.ts';
import { fileLanguageOf } from './transfer.language.ts';
import { transferRepository } from './transfer.repository.ts';
import { redisProgress } from './transfer.progress.ts';
import * as transfer from './transfer.service.ts';
import { limitOf } from '../../platform/rate-limit.ts';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Sends an xlsx: a stored file (any node's, from the file store) or this node's temporary template, removed once sent. */
async function sendFile(reply: FastifyReply, files: FileStore, file: transfer.Download) {
  let body: { stream: Readable; size: number } | null;
  if ('key' in file) {
    body = await files.get(file.key).catch((err: unknown) => {
      if (err instanceof FileKeyError) return null;
      throw err;
    });
  } else {
    const info = await stat(file.path).catch(() => null);
    body = info ? { stream: createReadStream(file.path), size: info.size } : null;
    if (body) body.stream.on('close', () => void file.cleanup());
    else await file.cleanup();
  }
  if (!body) throw notFound();
  reply.header('content-type', XLSX_MIME);
  reply.header('content-length', String(body.size));
  reply.header('x-content-type-options', 'nosniff');
  reply.header('cache-control', 'private, no-store');
  reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`);
  return reply.send(body.stream);
}

/**
 * Bulk import and export (7.10) under configurable URLs: `/api/blade-workbench/transfer/{dataset}/{call}` for
 * each data set, the job progress and failed rows by key, the dictionary select.
 */
export async function transferRoutes(app: App): Promise<void> {
  // Leftovers of a previous run whose process ended mid-job are reported failed: all running jobs when this
  // is the only process (embedded default), those without a heartbeat when several nodes share the database.
  const jobs = transferRepository(app.deps.db);
  if (app.deps.config.redisUrl) await jobs.failStale();
  else {
    const failed = await jobs.failOrphans();
    if (failed) app.log.warn({ failed }, 'transfer jobs interrupted by the previous shutdown are marked failed');
  }
  // A graceful shutdown fails this process's running jobs itself (a crash leaves them to the lines above).
  app.addHook('onClose', async () => void (await jobs.failJobs(runningJobIds(app.deps.db)).catch(() => undefined)));
  const purge = () =>
    void purgeTransferFiles(app.deps).catch((err) => app.log.warn({ err }, 'transfer file cleanup failed'));
  purge();
  const cleanup = setInterval(purge, TRANSFER_CLEANUP_INTERVAL_MS);
  cleanup.unref();
  app.addHook('onClose', async () => clearInterval(cleanup));
  if (app.deps.config.redisUrl) {
    const mirror = redisProgress(app.deps.config.redisUrl);
    transfer.setProgressMirror(app.deps, mirror);
    app.addHook('onClose', async () => mirror.close());
  }
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES + 1, files: 2, fields: 10, fieldSize: 1024 } });

  const r = typed(app);
  const W = `${GROUPS.workbench}/transfer`;
  const deps = app.deps;
  const tags = ['transfer'];
  const Dataset = z.object({ dataset: z.string().max(32) });
  const log = (err: unknown) => app.log.error({ err }, 'transfer job failed');

  for (const method of ['get', 'post'] as const) {
    r[method](
      `${W}/:dataset/exportFields`,
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Export header fields of a data set',
          params: Dataset,
          response: { 200: envelope(z.array(TransferField)) },
        },
      },
      async (request) => ok(await transfer.exportFields(deps, userOf(request), request.params.dataset)),
    );
  }
  r.post(
    `${W}/:dataset/exportCount`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'How many rows an export of this scope holds',
        params: Dataset,
        body: ExportCountRequest,
        response: { 200: envelope(z.number().int()) },
      },
    },
    async (request) => ok(await transfer.exportCount(deps, userOf(request), request.params.dataset, request.body)),
  );
  r.post(
    `${W}/:dataset/exportStart`,
    {
      config: { access: 'user', rateLimit: limitOf('job') },
      schema: {
        tags,
        summary: 'Start an export job (xlsx); poll progress with result.redisKey',
        params: Dataset,
        body: ExportStartRequest,
        response: { 200: envelope(JobKeyResult) },
      },
    },
    async (request) =>
      ok(
        await transfer.exportStart(
          deps,
          userOf(request),
          request.params.dataset,
          request.body,
          log,
          fileLanguageOf(request),
        ),
      ),
  );
  r.post(
    `${W}/:dataset/upload`,
    {
      config: { access: 'user', rateLimit: limitOf('upload') },
      schema: {
        tags,
        summary: 'Upload the spreadsheet to import (one xls or xlsx file, at most 20 MB)',
        params: Dataset,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(UploadResult) },
      },
    },
    async (request) => ok(await transfer.upload(deps, userOf(request), request.params.dataset, request.files())),
  );
  r.post(
    `${W}/:dataset/matchField`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Field matching: spreadsheet header cells, system fields, suggested matches',
        params: Dataset,
        body: MatchFieldRequest,
        response: { 200: envelope(MatchFieldResult) },
      },
    },
    async (request) => ok(await transfer.matchFields(deps, userOf(request), request.params.dataset, request.body)),
  );
  r.post(
    `${W}/:dataset/import`,
    {
      config: { access: 'user', rateLimit: limitOf('job') },
      schema: {
        tags,
        summary: 'Start an import job of the uploaded spreadsheet',
        params: Dataset,
        body: ImportStartRequest,
        response: { 200: envelope(JobKeyResult) },
      },
    },
    async (request) =>
      ok(
        await transfer.importStart(
          deps,
          userOf(request),
          request.params.dataset,
          request.body,
          log,
          fileLanguageOf(request),
        ),
      ),
  );
  for (const method of ['get', 'post'] as const) {
    r[method](
      `${W}/:dataset/template`,
      {
        config: { access: 'user' },
        schema: { tags, summary: 'Download the import template of a data set', params: Dataset },
      },
      async (request, reply) =>
        sendFile(
          reply,
          deps.files,
          await transfer.template(deps, userOf(request), request.params.dataset, fileLanguageOf(request)),
        ),
    );
  }
  r.post(
    `${W}/progress`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Progress of an import or export job of the caller',
        body: ProgressRequest,
        response: { 200: envelope(JobProgress) },
      },
    },
    async (request) => ok(await transfer.progress(deps, userOf(request), request.body.key)),
  );
  r.post(
    `${W}/errorDownload`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Download the failed rows of an import, each with its reason',
        body: ErrorDownloadRequest,
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        deps.files,
        await transfer.failedRowsFile(deps, userOf(request), request.body.errorKey, fileLanguageOf(request)),
      ),
  );
  r.get(
    `${W}/download`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Download an exported file by its signed link (result.url of the progress)',
        querystring: z.object({
          tenantId: z.string().max(12),
          key: z.string().max(64),
          exp: z.coerce.number(),
          sig: z.string().max(128),
        }),
      },
    },
    async (request, reply) => sendFile(reply, deps.files, await transfer.exportedFile(deps, request.query)),
  );
  r.post(
    `${W}/catalogue/services`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Services of the catalogue for its data page (administrators holding serviceHallConfig)',
        body: CataloguePageRequest,
        response: { 200: envelope(CataloguePage) },
      },
    },
    async (request) => ok(await cataloguePage(deps, userOf(request), request.body)),
  );
  for (const method of ['get', 'post'] as const) {
    r[method](
      `${W}/dict/:code`,
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Dictionary select options (dictKey, dictValue)',
          params: z.object({ code: z.string().max(32) }),
          ...(method === 'get' ? { querystring: DictQuery } : { body: DictRequest }),
          response: { 200: envelope(z.array(DictOption)) },
        },
      },
      async (request) => {
        const q = (method === 'get' ? request.query : request.body) as { search?: string } | null | undefined;
        return ok(await dictionary(deps, userOf(request).tenantId, request.params.code, q?.search));
      },
    );
  }
}

import { CONFIG_TRANSFER_TEXTS, ConfigImportSummary } from '@portal/contracts/config-transfer';
import { envelope } from '@portal/contracts/envelope';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { badRequest } from '../../platform/errors.ts';
import { GROUPS, typed, userOf, type App } from '../../platform/http.ts';
import { registerUploadParser } from '../common/common.upload.ts';
import { exportConfig, importConfig, readUpload } from './config-transfer.service.ts';
import { limitOf } from '../../platform/rate-limit.ts';

/** The home-page configuration page's menu: only its administrators move the configuration (checked here). */
const MENU = 'homePageConfig';

/**
 * The workbench configuration file (issue 16, ADR 0031): `workbenchConfig/export` downloads the caller's tenant's
 * configuration as JSON; `workbenchConfig/import` takes such a file as a multipart upload (the upload parser of the
 * workbench modules, 2 MB, one file) and replaces the configuration, or with `preview` only reports what it would do.
 */
export async function configTransferRoutes(app: App): Promise<void> {
  await registerUploadParser(app);
  const r = typed(app);
  const W = `${GROUPS.workbench}/workbenchConfig`;
  const tags = ['workbench'];
  const d = app.deps;

  for (const method of ['get', 'post'] as const) {
    r[method](
      `${W}/export`,
      {
        config: { menu: MENU, rateLimit: limitOf('job', 'workbenchConfigExport') },
        schema: { tags, summary: "Download the tenant's workbench configuration as one JSON file (ADR 0031)" },
      },
      async (q, reply) => {
        const { file, fileName } = await exportConfig(d, userOf(q));
        return (
          reply
            // A download, not an answer: the web client reads a JSON content type as the envelope of section 8.
            .header('content-type', 'application/octet-stream')
            .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
            .header('cache-control', 'no-store')
            .send(JSON.stringify(file, null, 2))
        );
      },
    );
  }
  r.post(
    `${W}/import`,
    {
      config: { menu: MENU, rateLimit: limitOf('job') },
      schema: {
        tags,
        summary: 'Replace the workbench configuration with an uploaded file (all or nothing); preview=1 only reports',
        consumes: ['multipart/form-data'],
        querystring: z.object({ preview: z.enum(['0', '1', 'true', 'false']).optional() }),
        response: { 200: envelope(ConfigImportSummary) },
      },
    },
    async (q) => {
      if (!q.isMultipart()) throw badRequest(CONFIG_TRANSFER_TEXTS.fileRequired, 'multipart/form-data expected');
      const upload = await readUpload(q.parts());
      const preview = upload.preview || q.query.preview === '1' || q.query.preview === 'true';
      return ok(await importConfig(d, userOf(q), upload.text, preview));
    },
  );
}

import type { ConfigImportSummary } from '@portal/contracts/config-transfer';
import { workbenchHttp } from '../../../lib/http/clients.ts';

/**
 * POST workbenchConfig/import (issue 16, ADR 0031): takes one .json file (multipart, as the 2.7 import dialog
 * uploads) and replaces the configuration, or with preview=1 only reports what it would do.
 */
export function importConfigFile(file: File, preview: boolean) {
  const form = new FormData();
  if (preview) form.append('preview', '1');
  form.append('file', file);
  return workbenchHttp.post<ConfigImportSummary>('/workbenchConfig/import', form, { silent: true });
}

import type { ConfigImportSummary } from '@portal/contracts/config-transfer';
import { workbenchHttp } from '../../../lib/http/clients.ts';

/**
 * The workbench configuration file (issue 16, ADR 0031): POST workbenchConfig/export answers the tenant's
 * configuration as a JSON download; POST workbenchConfig/import takes one .json file (multipart, as the 2.7 import
 * dialog uploads) and replaces the configuration, or with preview=1 only reports what it would do.
 */
export const exportConfigFile = () => workbenchHttp.postForFile('/workbenchConfig/export', {});

export function importConfigFile(file: File, preview: boolean) {
  const form = new FormData();
  if (preview) form.append('preview', '1');
  form.append('file', file);
  return workbenchHttp.post<ConfigImportSummary>('/workbenchConfig/import', form, { silent: true });
}

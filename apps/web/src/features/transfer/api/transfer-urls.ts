import type { DictOption, JobProgress, MatchField, MatchFieldResult, TransferField } from '@portal/contracts/transfer';
import { saveBlob } from '../../../lib/download.ts';
import type { HttpClient } from '../../../lib/http/client.ts';
import { workbenchHttp } from '../../../lib/http/clients.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';

/** The configurable URLs of one use of the import and export dialogs (7.10), relative to `client`. */
export type TransferUrls = {
  client: HttpClient;
  fields: string;
  count: string;
  export: string;
  progress: string;
  upload: string;
  match: string;
  import: string;
  errorDownload: string;
  template: string;
};

/** The URLs of a data set of this project's server (`/api/blade-workbench/transfer/{dataset}/…`). */
export const datasetUrls = (dataset: string): TransferUrls => ({
  client: workbenchHttp,
  fields: `/transfer/${dataset}/exportFields`,
  count: `/transfer/${dataset}/exportCount`,
  export: `/transfer/${dataset}/exportStart`,
  progress: '/transfer/progress',
  upload: `/transfer/${dataset}/upload`,
  match: `/transfer/${dataset}/matchField`,
  import: `/transfer/${dataset}/import`,
  errorDownload: '/transfer/errorDownload',
  template: `/transfer/${dataset}/template`,
});

const tenantId = () => sessionStore.getState().tenantId ?? undefined;
const quiet = { silent: true } as const;

export const getExportFields = (u: TransferUrls) =>
  u.client.post<TransferField[]>(u.fields, { tenantId: tenantId() }, quiet);
export const getExportCount = (
  u: TransferUrls,
  body: { dataRange: number; formInline?: object; advancedSearch?: object; choiceDataIds?: string[] },
) => u.client.post<number>(u.count, { tenantId: tenantId(), ...body }, quiet);
export const startExport = (
  u: TransferUrls,
  body: {
    fileName: string;
    dataRange: number;
    exportField: string;
    choiceDataIds?: string[];
    formInline?: object;
    advancedSearch?: object;
  },
) => u.client.post<{ redisKey: string }>(u.export, { tenantId: tenantId(), ...body }, quiet);
export const getProgress = (u: TransferUrls, key: string) =>
  u.client.post<JobProgress>(u.progress, { tenantId: tenantId(), key }, quiet);

export function uploadImportFile(u: TransferUrls, file: File) {
  const form = new FormData();
  const t = tenantId();
  if (t) form.append('tenantId', t);
  form.append('file', file);
  return u.client.post<{ fileKey: string; fileName: string; size: number }>(u.upload, form, quiet);
}
export const matchFields = (u: TransferUrls, body: { fileKey: string; headerLine: number }) =>
  u.client.post<MatchFieldResult>(u.match, { tenantId: tenantId(), ...body }, quiet);
export const startImport = (
  u: TransferUrls,
  body: { fileKey: string; headerLine: number; ruleNum: number; errorRegx: string; matrixType: MatchField[] },
) => u.client.post<{ redisKey: string }>(u.import, { tenantId: tenantId(), ...body }, quiet);

/** Fetches a file with the session's authorization and hands it to the browser as a download. */
export async function downloadWithAuth(url: string, body: object | null, fallbackName: string): Promise<void> {
  const s = sessionStore.getState();
  const headers: Record<string, string> = {};
  if (s.token) headers.Authorization = `Bearer ${s.token}`;
  if (s.tenantId) headers['Tenant-Id'] = s.tenantId;
  if (body) headers['Content-Type'] = 'application/json';
  const res = await fetch(url, {
    method: body ? 'POST' : 'GET',
    headers,
    body: body ? JSON.stringify({ tenantId: s.tenantId ?? undefined, ...body }) : undefined,
  });
  if (!res.ok) {
    const parsed = (await res.json().catch(() => null)) as { msg?: string } | null;
    throw new Error(parsed?.msg ?? String(res.status));
  }
  const name = /filename\*=UTF-8''([^;]+)/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  saveBlob(await res.blob(), name ? decodeURIComponent(name) : fallbackName);
}

export const downloadTemplate = (u: TransferUrls) =>
  downloadWithAuth(u.client.baseUrl + u.template, null, 'template.xlsx');
export const downloadFailedRows = (u: TransferUrls, errorKey: string) =>
  downloadWithAuth(u.client.baseUrl + u.errorDownload, { errorKey }, 'failed.xlsx');

/** Dictionary select (7.10): GET or POST to a configurable URL with tenantId and a search parameter. */
export const getDictionary = (url: string, method: 'GET' | 'POST', search?: string) =>
  method === 'GET'
    ? workbenchHttp.get<DictOption[]>(url, { tenantId: tenantId(), search }, quiet)
    : workbenchHttp.post<DictOption[]>(url, { tenantId: tenantId(), search }, quiet);

import type { ExternalApi } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';

/** POST cardcolumnconfig/submitApi: register an external API (private targets are refused by the server). */
export const submitApi = (body: {
  id?: string;
  apiName: string;
  url: string;
  method?: 'GET' | 'POST';
  listPath?: string;
  returnParams?: ExternalApi['returnParams'];
}) => ospHttp.post<ExternalApi>('/cardcolumnconfig/submitApi', body, { silent: true });

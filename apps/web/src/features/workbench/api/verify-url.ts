import { ospHttp } from '../../../lib/http/clients.ts';

/** POST commonTool/verifyUrl: fetch a data-source url once; private, loopback and link-local targets are refused. */
export const verifyUrl = (url: string) =>
  ospHttp.post<{ url: string; reachable: boolean; fields: string[]; sample: Array<Record<string, unknown>> }>(
    '/commonTool/verifyUrl',
    { url },
    { silent: true },
  );

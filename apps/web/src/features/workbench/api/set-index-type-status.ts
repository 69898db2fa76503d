import { ospHttp } from '../../../lib/http/clients.ts';

/** POST indextypeconfig/under: show (1) or take down (0) an index type. */
export const setIndexTypeStatus = (id: string, status: 0 | 1) =>
  ospHttp.post<null>('/indextypeconfig/under', { id, status });

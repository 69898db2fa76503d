import type { Layout } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';

/** POST indextypeconfig/submit: create or rename an index type (a home page tab) and its layout. */
export const submitIndexType = (body: { id?: string; typeName: string; layout: Layout; sort?: number }) =>
  ospHttp.post<{ id: string }>('/indextypeconfig/submit', body);
/** POST indextypeconfig/under: show (1) or take down (0) an index type. */
export const setIndexTypeStatus = (id: string, status: 0 | 1) =>
  ospHttp.post<null>('/indextypeconfig/under', { id, status });
/** POST indextypeconfig/setDefault (not in the spec): the tab the home page opens on, for every user. */
export const setDefaultIndexType = (id: string) => ospHttp.post<null>('/indextypeconfig/setDefault', { id });
/** POST indextypeconfig/adjustOrder (not in the spec): every tab, once each, in the new order. */
export const adjustIndexTypeOrder = (ids: string[]) => ospHttp.post<null>('/indextypeconfig/adjustOrder', { ids });
/** POST indextypeconfig/removeType: delete tabs (never the default nor the last one). */
export const removeIndexTypes = (ids: string[]) => ospHttp.post<null>('/indextypeconfig/removeType', { ids });

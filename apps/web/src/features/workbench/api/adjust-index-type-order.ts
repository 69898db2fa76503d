import { ospHttp } from '../../../lib/http/clients.ts';

/** POST indextypeconfig/adjustOrder (not in the spec): every tab, once each, in the new order. */
export const adjustIndexTypeOrder = (ids: string[]) => ospHttp.post<null>('/indextypeconfig/adjustOrder', { ids });

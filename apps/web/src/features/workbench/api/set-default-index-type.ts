import { ospHttp } from '../../../lib/http/clients.ts';

/** POST indextypeconfig/setDefault (not in the spec): the tab the home page opens on, for every user. */
export const setDefaultIndexType = (id: string) => ospHttp.post<null>('/indextypeconfig/setDefault', { id });

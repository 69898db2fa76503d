import { ospHttp } from '../../../lib/http/clients.ts';

/** POST indextypeconfig/removeType: delete tabs (never the default nor the last one). */
export const removeIndexTypes = (ids: string[]) => ospHttp.post<null>('/indextypeconfig/removeType', { ids });

import { ospHttp } from '../../../lib/http/clients.ts';

/** POST cardcolumnconfig/removeApi (issue 16): refused, naming them, while columns read the source. */
export const removeApi = (id: string) => ospHttp.post<{ removed: boolean }>('/cardcolumnconfig/removeApi', { id });

import { ospHttp } from '../../../lib/http/clients.ts';

/** POST cardcolumnconfig/remove. */
export const removeColumns = (ids: string[]) => ospHttp.post<{ count: number }>('/cardcolumnconfig/remove', { ids });

import { ospHttp } from '../../../lib/http/clients.ts';

/** POST indexnavigationconfig/remove. */
export const removeNavigation = (ids: string[]) =>
  ospHttp.post<{ count: number }>('/indexnavigationconfig/remove', { ids });

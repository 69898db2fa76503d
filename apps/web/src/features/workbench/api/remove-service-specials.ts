import { ospHttp } from '../../../lib/http/clients.ts';

/** POST indexservicespecialconfig/remove: the specials with their service lists. */
export const removeServiceSpecials = (ids: string[]) =>
  ospHttp.post<{ count: number }>('/indexservicespecialconfig/remove', { ids });

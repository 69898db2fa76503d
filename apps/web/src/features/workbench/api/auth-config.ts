import { ospHttp } from '../../../lib/http/clients.ts';

/** POST indextypeconfig/authConfig: the roles a card is granted to. */
export const authConfig = (cardId: string, roleIds: string[]) =>
  ospHttp.post<null>('/indextypeconfig/authConfig', { cardId, roleIds });

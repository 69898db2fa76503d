import { ospHttp } from '../../../lib/http/clients.ts';

/** POST indextypeconfig/submitCard: the cards of an index type, in order. */
export const submitIndexCards = (typeId: string, cardIds: string[]) =>
  ospHttp.post<null>('/indextypeconfig/submitCard', { typeId, cardIds });

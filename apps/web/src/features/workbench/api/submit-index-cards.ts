import { ospHttp } from '../../../lib/http/clients.ts';
import { CHANGED_MEANWHILE_SHOWN } from './changed-meanwhile.ts';

/**
 * POST indextypeconfig/submitCard: the cards of an index type, in order. With `cardsVersion` (the tab's list version
 * the page loaded, ADR 0075) the server refuses (409) a list the tab's cards changed under.
 */
export const submitIndexCards = (typeId: string, cardIds: string[], cardsVersion?: string) =>
  ospHttp.post<null>('/indextypeconfig/submitCard', { typeId, cardIds, cardsVersion }, CHANGED_MEANWHILE_SHOWN);

import type { CardCreated, CardCreateRequest } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';

/** POST cardbasicconfig/create (ADR 0071): a new card with its roles, first column and place, all or nothing. */
export const createCard = (body: CardCreateRequest) => ospHttp.post<CardCreated>('/cardbasicconfig/create', body);

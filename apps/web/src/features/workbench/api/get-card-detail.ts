import type { Card } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';

/** POST cardbasicconfig/detail: a card as it is now, with the roles it is granted to. */
export const getCardDetail = (id: string) => ospHttp.post<Card>('/cardbasicconfig/detail', { id });

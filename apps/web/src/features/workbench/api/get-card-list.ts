import { useQuery } from '@tanstack/react-query';
import type { Card } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';
import { workbenchKeys } from './query-keys.ts';

/** POST cardbusinessconfig/list: every card of the tenant. */
export const getCardList = () => ospHttp.post<Card[]>('/cardbusinessconfig/list', {});
export const cardListQueryKey = workbenchKeys.cards();
export const useCardList = () => useQuery({ queryKey: cardListQueryKey, queryFn: getCardList });

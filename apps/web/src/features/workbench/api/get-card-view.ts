import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CardView, Layout } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';
import { workbenchKeys } from './query-keys.ts';

/** POST cardcolumnconfig/getConfig: a card with its data for the caller. */
export const getCardView = (cardId: string, layout: Layout) =>
  ospHttp.post<CardView>('/cardcolumnconfig/getConfig', { cardId, layout }, { silent: true });
export const getCardViewQueryOptions = (cardId: string, layout: Layout) =>
  queryOptions({ queryKey: workbenchKeys.cardView(cardId, layout), queryFn: () => getCardView(cardId, layout) });
export const useCardView = (cardId: string, layout: Layout) => useQuery(getCardViewQueryOptions(cardId, layout));

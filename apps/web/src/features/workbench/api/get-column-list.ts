import { useQuery } from '@tanstack/react-query';
import type { CardColumn } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';
import { workbenchKeys } from './query-keys.ts';

/** POST cardcolumnconfig/list. */
export const getColumnList = (cardId: string) => ospHttp.post<CardColumn[]>('/cardcolumnconfig/list', { cardId });
export const useColumnList = (cardId: string | null) =>
  useQuery({
    queryKey: workbenchKeys.columns(cardId),
    queryFn: () => getColumnList(cardId!),
    enabled: !!cardId,
  });

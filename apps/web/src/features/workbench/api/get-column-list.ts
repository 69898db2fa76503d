import { useQuery } from '@tanstack/react-query';
import type { CardColumn } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';

/** POST cardcolumnconfig/list. */
export const getColumnList = (cardId: string) => ospHttp.post<CardColumn[]>('/cardcolumnconfig/list', { cardId });
export const useColumnList = (cardId: string | null) =>
  useQuery({
    queryKey: ['workbench', 'columns', cardId] as const,
    queryFn: () => getColumnList(cardId!),
    enabled: !!cardId,
  });

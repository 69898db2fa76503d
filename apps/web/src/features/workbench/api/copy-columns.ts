import type { CardColumn } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';

type Copyable = CardColumn & { cardName: string };
/** POST cardcolumnconfig/choseCopyColumnlist: without columnIds the candidates, with them the copy. */
export const choseCopyColumnlist = (cardId: string, columnIds?: string[]) =>
  ospHttp.post<Copyable[]>('/cardcolumnconfig/choseCopyColumnlist', { cardId, ...(columnIds ? { columnIds } : {}) });

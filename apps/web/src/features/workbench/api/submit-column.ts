import type { CardColumn, CardColumnSubmit } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';

/** POST cardcolumnconfig/submit. */
export const submitColumn = (body: CardColumnSubmit) => ospHttp.post<CardColumn>('/cardcolumnconfig/submit', body);

import type { CardColumn, CardColumnSubmit } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';
import { CHANGED_MEANWHILE_SHOWN } from './changed-meanwhile.ts';

/** POST cardcolumnconfig/submit. */
export const submitColumn = (body: CardColumnSubmit) =>
  ospHttp.post<CardColumn>('/cardcolumnconfig/submit', body, CHANGED_MEANWHILE_SHOWN);

import type { Card, CardBasicSubmit } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';
import { CHANGED_MEANWHILE_SHOWN } from './changed-meanwhile.ts';

/** POST cardbasicconfig/submit. */
export const submitCard = (body: CardBasicSubmit) =>
  ospHttp.post<Card>('/cardbasicconfig/submit', body, CHANGED_MEANWHILE_SHOWN);

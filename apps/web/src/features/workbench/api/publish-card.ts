import type { Card } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';

/** POST indexcardconfig/submit (publish) and indexcardconfig/under (take down). */
export const publishCard = (id: string, publish: boolean) =>
  ospHttp.post<Card>(publish ? '/indexcardconfig/submit' : '/indexcardconfig/under', { id });

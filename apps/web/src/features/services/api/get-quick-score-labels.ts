import type { QuickScoreLabel } from '@portal/contracts/services';
import { workbenchHttp } from '../../../lib/http/clients.ts';

/** 7.5 serverCenter/quickScoreLabels. */
export function getQuickScoreLabels(): Promise<QuickScoreLabel[]> {
  return workbenchHttp.post<QuickScoreLabel[]>('/serverCenter/quickScoreLabels', {});
}

import type { ProgressStatistics } from '@portal/contracts/assistant';
import { platformHttp } from '../../../lib/http/clients.ts';

/** POST question/user/progressStatistics: counts of the user's feedback by progress (read with the progress, one query). */
export function getFeedbackStatistics(): Promise<ProgressStatistics> {
  return platformHttp.post<ProgressStatistics>('/question/user/progressStatistics');
}

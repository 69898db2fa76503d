import type { FaqBrief } from '@portal/contracts/assistant';
import { platformHttp } from '../../../lib/http/clients.ts';

/** GET aiquestion/wantAnswer: questions like the one being typed. */
export function getRobotWantAnswer(question: string): Promise<FaqBrief[]> {
  return platformHttp.get<FaqBrief[]>('/aiquestion/wantAnswer', { question }, { silent: true });
}

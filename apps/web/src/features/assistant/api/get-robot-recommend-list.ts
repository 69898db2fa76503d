import type { FaqBrief } from '@portal/contracts/assistant';
import { platformHttp } from '../../../lib/http/clients.ts';

/** GET aiquestion/recommendLIst: most asked questions, optionally of one scene. */
export function getRobotRecommendList(sceneId?: string): Promise<FaqBrief[]> {
  return platformHttp.get<FaqBrief[]>('/aiquestion/recommendLIst', { sceneId });
}

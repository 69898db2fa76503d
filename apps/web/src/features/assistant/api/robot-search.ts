import type { RobotSearchResult } from '@portal/contracts/assistant';
import { platformHttp } from '../../../lib/http/clients.ts';

/** POST aiquestion/lucene/search: the robot's answer from the FAQ and service guides (the question is recorded). */
export function robotSearch(question: string, sceneId?: string): Promise<RobotSearchResult> {
  return platformHttp.post<RobotSearchResult>('/aiquestion/lucene/search', {
    question,
    ...(sceneId ? { sceneId } : {}),
  });
}

import type { FaqBrief } from '@portal/contracts/assistant';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformHttp } from '../../../lib/http/clients.ts';
import { assistantKeys } from './query-keys.ts';

/** GET aiquestion/recommendLIst: most asked questions, optionally of one scene. */
export function getRobotRecommendList(sceneId?: string): Promise<FaqBrief[]> {
  return platformHttp.get<FaqBrief[]>('/aiquestion/recommendLIst', { sceneId });
}
export const robotRecommendQueryOptions = (sceneId: string) =>
  queryOptions({
    queryKey: assistantKeys.recommend(sceneId),
    queryFn: () => getRobotRecommendList(sceneId),
    staleTime: 5 * 60_000,
  });
export const useRobotRecommendList = (sceneId: string, enabled: boolean) =>
  useQuery({ ...robotRecommendQueryOptions(sceneId), enabled });

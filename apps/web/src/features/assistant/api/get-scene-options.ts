import type { SceneOption } from '@portal/contracts/assistant';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformHttp } from '../../../lib/http/clients.ts';
import { assistantKeys } from './query-keys.ts';

/** GET questionScene/selectList: the robot's scenes, for the knowledge page's selects. */
export const getSceneOptions = () => platformHttp.get<SceneOption[]>('/questionScene/selectList');
export const sceneOptionsQueryOptions = () =>
  queryOptions({ queryKey: assistantKeys.scenes(), queryFn: getSceneOptions });
export const useSceneOptions = () => useQuery(sceneOptionsQueryOptions());

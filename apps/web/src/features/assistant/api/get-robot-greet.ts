import type { RobotGreet } from '@portal/contracts/assistant';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformHttp } from '../../../lib/http/clients.ts';
import { assistantKeys } from './query-keys.ts';

/** GET aiquestion/greet: the robot's greeting, most asked questions and scenes. */
export function getRobotGreet(): Promise<RobotGreet> {
  return platformHttp.get<RobotGreet>('/aiquestion/greet');
}
export const robotGreetQueryOptions = () =>
  queryOptions({ queryKey: assistantKeys.greet(), queryFn: getRobotGreet, staleTime: 5 * 60_000 });
/** Asked for when the robot window opens. */
export const useRobotGreet = (enabled: boolean) => useQuery({ ...robotGreetQueryOptions(), enabled });

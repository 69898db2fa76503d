import type { RobotGreet } from '@portal/contracts/assistant';
import { platformHttp } from '../../../lib/http/clients.ts';

/** GET aiquestion/greet: the robot's greeting, most asked questions and scenes. */
export function getRobotGreet(): Promise<RobotGreet> {
  return platformHttp.get<RobotGreet>('/aiquestion/greet');
}

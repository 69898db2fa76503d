import type { RobotBaseInfo } from '@portal/contracts/assistant';
import { platformHttp } from '../../../lib/http/clients.ts';

/** GET questionbasicconfig/baseInfo: the robot chat's basic configuration (fetched once per session, 2.2). */
export function getRobotBaseInfo(opts: { silent?: boolean } = {}): Promise<RobotBaseInfo> {
  return platformHttp.get<RobotBaseInfo>('/questionbasicconfig/baseInfo', undefined, opts);
}

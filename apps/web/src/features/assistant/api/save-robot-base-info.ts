import type { RobotBaseInfo, RobotBaseInfoSubmit } from '@portal/contracts/assistant';
import { WORKBENCH_MESSAGES } from '@portal/contracts/workbench';
import { platformHttp } from '../../../lib/http/clients.ts';

/**
 * POST questionbasicconfig/submit (not in the spec): the robot's name, greeting and switch with their English. Its 409
 * 该配置已被他人修改，请刷新后重试 is shown by the settings form beside its 重新加载, not toasted as well.
 */
export const saveRobotBaseInfo = (body: RobotBaseInfoSubmit) =>
  platformHttp.post<RobotBaseInfo>('/questionbasicconfig/submit', body, {
    quietMessages: [WORKBENCH_MESSAGES.changedMeanwhile],
  });

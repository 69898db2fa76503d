import type { MessageCenterDetail } from '@portal/contracts/messages';
import { STATUS_MESSAGE_DELETED } from '@portal/contracts/constants';
import { platformHttp } from '../../../lib/http/clients.ts';

/**
 * POST messageCenterHistoryMsg/detail (4.2): status 1000 with the url to open. A deleted message rejects
 * with status STATUS_MESSAGE_DELETED and '消息已被删除'.
 */
export function getMessageCenterDetail(id: string): Promise<MessageCenterDetail> {
  return platformHttp.post<MessageCenterDetail>(
    '/messageCenterHistoryMsg/detail',
    { id },
    { silent: true, rejectStatuses: [STATUS_MESSAGE_DELETED] },
  );
}

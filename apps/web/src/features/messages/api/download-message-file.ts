import { STATUS_MESSAGE_DELETED } from '@portal/contracts/constants';
import type { DownloadedFile } from '../../../lib/http/client.ts';
import { platformHttp } from '../../../lib/http/clients.ts';

/**
 * POST messageCenterHistoryMsg/downloadFile: the attachment of a message of the message center. A deleted
 * message rejects with status STATUS_MESSAGE_DELETED and '消息已被删除' (the caller opens the deleted page).
 */
export function downloadMessageFile(id: string): Promise<DownloadedFile> {
  return platformHttp.postForFile(
    '/messageCenterHistoryMsg/downloadFile',
    { id },
    { rejectStatuses: [STATUS_MESSAGE_DELETED], silent: true },
  );
}

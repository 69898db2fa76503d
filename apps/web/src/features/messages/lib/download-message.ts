import { MESSAGES } from '@portal/contracts/errors';
import { STATUS_MESSAGE_DELETED } from '@portal/contracts/constants';
import type { DownloadedFile } from '../../../lib/http/client.ts';
import { serverText } from '../../../lib/i18n/i18n.ts';

/**
 * The attachment of a message of the message center (messageCenterHistoryMsg/downloadFile): saved under the
 * name the server gives it; a deleted message opens the deleted page, as opening it would (4.2); any other
 * refusal shows the server's message.
 */
export async function downloadMessageAttachment(
  id: string,
  fallbackName: string,
  deps: {
    download: (id: string) => Promise<DownloadedFile>;
    save: (blob: Blob, fileName: string) => void;
    openDeleted: () => void;
    showError: (msg: string) => void;
  },
): Promise<'downloaded' | 'deleted' | 'failed'> {
  let file: DownloadedFile;
  try {
    file = await deps.download(id);
  } catch (err) {
    const e = err as { status?: number; msg?: string };
    if (e.status === STATUS_MESSAGE_DELETED || e.msg === MESSAGES.messageDeleted) {
      deps.openDeleted();
      return 'deleted';
    }
    deps.showError(serverText(e.msg || MESSAGES.defaultError));
    return 'failed';
  }
  deps.save(file.blob, file.fileName || fallbackName);
  return 'downloaded';
}

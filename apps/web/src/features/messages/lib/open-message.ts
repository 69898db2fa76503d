import { MESSAGES } from '@portal/contracts/errors';
import { STATUS_MESSAGE_DELETED } from '@portal/contracts/constants';
import type { MessageCenterDetail } from '@portal/contracts/messages';

/**
 * 4.2 Message detail: requests the detail; with status 1000 and a url, marks the message read and opens
 * the url; if the server says the message was deleted ('消息已被删除'), the deleted page opens.
 * Returns what happened.
 */
export async function openMessageDetail(
  id: string,
  deps: {
    detail: (id: string) => Promise<MessageCenterDetail>;
    markRead: (id: string) => Promise<unknown>;
    openUrl: (url: string) => void;
    openDeleted: () => void;
  },
): Promise<'opened' | 'deleted' | 'failed'> {
  let detail: MessageCenterDetail;
  try {
    detail = await deps.detail(id);
  } catch (err) {
    const e = err as { status?: number; msg?: string };
    if (e.status === STATUS_MESSAGE_DELETED || e.msg === MESSAGES.messageDeleted) {
      deps.openDeleted();
      return 'deleted';
    }
    return 'failed';
  }
  if (!detail?.url) return 'failed';
  await deps.markRead(id).catch(() => undefined);
  deps.openUrl(detail.url);
  return 'opened';
}

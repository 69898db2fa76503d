import type { IncomingNotice } from './chat-client.ts';

/**
 * Browser notifications of new chat messages (issue 14): shown only while the page is hidden, only once the user
 * allowed them (the permission is asked on a click of theirs, with the reason beside the button), never for a
 * muted conversation unless the user is mentioned. One notification per conversation at a time (tagged with
 * it), so that a burst of messages, or the same message seen by several tabs, shows once.
 */

export type NotificationPermissionState = 'default' | 'granted' | 'denied' | 'unsupported';

/** The part of the Notification API used (the constructor, its permission and the request). */
export type NotificationApi = {
  permission: NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  new (
    title: string,
    options?: NotificationOptions,
  ): { onclick: ((this: unknown, ev: Event) => unknown) | null; close(): void };
};

export function browserNotificationApi(): NotificationApi | null {
  return typeof window !== 'undefined' && 'Notification' in window
    ? (window.Notification as unknown as NotificationApi)
    : null;
}

export function notificationPermission(
  api: NotificationApi | null = browserNotificationApi(),
): NotificationPermissionState {
  return api ? api.permission : 'unsupported';
}

/** Asks for the permission (call it from a click: browsers ignore a request the user did not make). */
export async function requestNotificationPermission(
  api: NotificationApi | null = browserNotificationApi(),
): Promise<NotificationPermissionState> {
  if (!api) return 'unsupported';
  if (api.permission !== 'default') return api.permission;
  return api.requestPermission();
}

/** Whether a new message makes a notification: the page hidden, allowed, and not muted unless mentioned. */
export function shouldNotify(
  notice: IncomingNotice,
  state: { hidden: boolean; permission: NotificationPermissionState },
) {
  if (!state.hidden || state.permission !== 'granted') return false;
  return !notice.conversation.muted || notice.mentioned;
}

export function createMessageNotifier(deps: {
  api: () => NotificationApi | null;
  hidden: () => boolean;
  /** Title and body of the notification (the sender or group, and the message's preview). */
  format: (notice: IncomingNotice) => { title: string; body: string };
  /** The user clicked it: the page comes forward with the conversation open. */
  onOpen: (peerId: string) => void;
}) {
  return (notice: IncomingNotice): boolean => {
    const api = deps.api();
    if (!shouldNotify(notice, { hidden: deps.hidden(), permission: notificationPermission(api) })) return false;
    const { title, body } = deps.format(notice);
    const n = new api!(title, { body, tag: `portal-chat-${notice.conversation.jid}` });
    n.onclick = () => {
      n.close();
      deps.onOpen(notice.conversation.jid);
    };
    return true;
  };
}

import type { EnglishTexts } from '../../lib/i18n/i18n.ts';
import type { chatZhCN } from './i18n.ts';

/** en-US beside chatZhCN of i18n.ts: loaded only when the interface is in English (ADR 0055). */
export const chatEnUS: EnglishTexts<typeof chatZhCN> = {
  chat: {
    entry: 'Chat',
    fileHelper: 'File transfer helper',
    status: {
      connecting: 'Connecting…',
      offline: 'Connection lost, reconnecting…',
      conflict: 'Your account has logged in on another device',
      unauthorized: 'Your login has expired; chat cannot connect',
      reconnect: 'Reconnect',
    },
    notifications: {
      enable: 'Turn on desktop notifications',
      reason:
        'While this page is in the background, new messages show as desktop notifications (except muted conversations)',
      denied: 'The browser blocks notifications from this site; allow them in the browser’s site settings',
      image: '[Image]',
      file: '[File]',
    },
    unreadCount: '{{count}} unread',
  },
};

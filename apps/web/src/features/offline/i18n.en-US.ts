import type { offlineZhCN } from './i18n.ts';

/** en-US beside offlineZhCN of i18n.ts: loaded only when the interface is in English (ADR 0055). */
export const offlineEnUS: typeof offlineZhCN = {
  offline: {
    update: {
      title: 'New version available',
      body: 'The portal has been updated. Reload to use the new version.',
      reload: 'Reload',
      later: 'Later',
    },
    mark: {
      offline: 'Offline',
      banner: 'You are offline. Showing content last updated {{time}}',
      bannerNoTime: 'You are offline. Showing the last saved content',
    },
  },
};

import type { servicesAdminZhCN } from './admin-i18n.ts';

/** en-US beside servicesAdminZhCN of admin-i18n.ts: loaded only when the interface is in English (ADR 0055). */
export const servicesAdminEnUS: typeof servicesAdminZhCN = {
  services: {
    admin: {
      iconsTitle: 'Service icons',
      iconsIntro: 'Find a service and upload a new icon for it. PNG, JPG, GIF or WEBP, at most {{mb}} MB.',
      iconsSearch: 'Find the service whose icon to change',
      currentIcon: 'Current icon',
      serviceName: 'Service',
      action: 'Action',
      upload: 'Upload icon',
      uploadFor: 'Upload an icon for “{{name}}”',
      iconUploaded: 'The icon of “{{name}}” is updated',
      uploadFailed: 'Upload failed',
      iconType: 'An icon must be a PNG, JPG, GIF or WEBP image',
      iconSize: 'An icon may be at most {{mb}} MB',
      missesTitle: 'Searches with no result',
      missesIntro: 'Keywords users searched for without finding a service; add services or hot words for them.',
      keyword: 'Keyword',
      missCount: 'Misses',
      lastAt: 'Last searched',
      refresh: 'Refresh',
      unansweredTitle: 'Questions the robot did not answer',
      unansweredIntro:
        'Questions the robot could not answer, answers that did not help, and questions users passed on.',
      question: 'Question',
      asker: 'Asked by',
      state: 'State',
      matched: 'Matched question',
      askedAt: 'Asked at',
      toKnowledge: 'Add to the knowledge',
      actions: 'Actions',
      states: { unanswered: 'Not answered', unsolved: 'Not solved', recorded: 'Passed on' },
    },
  },
};

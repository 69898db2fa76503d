import { sharedQueryKeys } from '../../../lib/query-keys.ts';

/**
 * The one query-key factory of the workbench (issue 15): the home page's parts and their configuration pages.
 * The home page's cards with their data are the shared `homeCards` key (lib/query-keys.ts), which the services
 * feature invalidates after a favourite or a rating.
 */
const all = ['workbench'] as const;
export const workbenchKeys = {
  all,
  home: () => [...all, 'home'] as const,
  cardView: (cardId: string, layout: string) => [...sharedQueryKeys.homeCards, cardId, layout] as const,
  preLogin: () => [...all, 'preLogin'] as const,
  preLoginLinks: () => [...all, 'preLoginLinks'] as const,
  footer: () => [...all, 'footer'] as const,
  topMenu: () => [...all, 'topMenu'] as const,
  navigation: () => [...all, 'navigation'] as const,
  indexTypes: () => [...all, 'indexTypes'] as const,
  cards: () => [...all, 'cards'] as const,
  columns: (cardId: string | null) => [...all, 'columns', cardId] as const,
  apis: () => [...all, 'apis'] as const,
  tools: () => [...all, 'tools'] as const,
  urlAllowlist: () => [...all, 'urlAllowlist'] as const,
  roles: () => [...all, 'roles'] as const,
  holidays: () => [...all, 'holidays'] as const,
  holidayConfig: () => [...all, 'holidayConfig'] as const,
  serviceSpecial: () => [...all, 'serviceSpecial'] as const,
  serviceSpecialList: () => [...all, 'serviceSpecialList'] as const,
  serviceSpecialConfig: () => [...all, 'serviceSpecialConfig'] as const,
  serviceInfo: (keyword: string) => [...all, 'serviceInfo', keyword] as const,
  services: () => [...all, 'services'] as const,
  serviceList: (keyword: string) => [...workbenchKeys.services(), keyword] as const,
  guides: () => [...all, 'guide'] as const,
  guide: (serviceId: string | null) => [...workbenchKeys.guides(), serviceId] as const,
  news: () => [...all, 'news'] as const,
  newsPage: (req: object) => [...workbenchKeys.news(), 'page', req] as const,
  newsEdit: (id: string | null) => [...workbenchKeys.news(), 'edit', id] as const,
  newsRead: (id: string | null) => [...workbenchKeys.news(), 'read', id] as const,
};

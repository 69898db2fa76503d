/**
 * The one query-key factory of the services feature (issue 15). Everything hangs under `all`, which collecting or
 * rating a service invalidates; the favourites are the shared key (lib/query-keys.ts), which the personal center
 * reads too. The landing page's keys carry the tenant, which its nobody calls name.
 */
export const servicesKeys = {
  all: ['services'] as const,
  tools: (tenantId: string) => [...servicesKeys.all, 'tools', tenantId] as const,
  details: (serviceId: string) => [...servicesKeys.all, 'details', serviceId] as const,
  combTicket: (serviceId: string) => [...servicesKeys.all, 'combTicket', serviceId] as const,
  canRate: (serviceId: string) => [...servicesKeys.all, 'canRate', serviceId] as const,
  quickLabels: () => [...servicesKeys.all, 'quickLabels'] as const,
  guide: (serviceId: string) => [...servicesKeys.all, 'guide', serviceId] as const,
  groups: (serviceType: string, loggedIn: boolean) => [...servicesKeys.all, 'groups', serviceType, loggedIn] as const,
  list: (q: object, loggedIn: boolean) => [...servicesKeys.all, 'list', q, loggedIn] as const,
  iconAdmin: (keyword: string, page: number) => [...servicesKeys.all, 'iconAdmin', keyword, page] as const,
  landingConfig: (tenantId: string) => [...servicesKeys.all, 'landingConfig', tenantId] as const,
  footer: (tenantId: string) => [...servicesKeys.all, 'footer', tenantId] as const,
  statistic: (tenantId: string) => [...servicesKeys.all, 'statistic', tenantId] as const,
  navBars: (tenantId: string) => [...servicesKeys.all, 'navBars', tenantId] as const,
  landingGroups: (tenantId: string, kind: string, perGroup: number) =>
    [...servicesKeys.all, 'landingGroups', tenantId, kind, perGroup] as const,
  // Visitors and users get different answers (the nobody variants), hence `loggedIn` in these keys.
  top: (kind: string, size: number, tenantId: string, loggedIn: boolean) =>
    [...servicesKeys.all, 'top', kind, size, tenantId, loggedIn] as const,
  search: (params: object, tenantId: string, loggedIn: boolean) =>
    [...servicesKeys.all, 'search', params, tenantId, loggedIn] as const,
  heatWords: (size: number) => [...servicesKeys.all, 'heatWords', size] as const,
  rateDetail: (serviceId: string, current: number) => [...servicesKeys.all, 'rateDetail', serviceId, current] as const,
  searchMisses: (current: number, size: number) => [...servicesKeys.all, 'searchMisses', current, size] as const,
  unansweredQuestions: (current: number, size: number) =>
    [...servicesKeys.all, 'unansweredQuestions', current, size] as const,
};

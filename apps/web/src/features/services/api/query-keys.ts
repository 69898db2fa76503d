/**
 * The one query-key factory of the services feature (issue 15). Everything hangs under `all`, which collecting or
 * rating a service invalidates; the favourites are the shared key (lib/query-keys.ts), which the personal center
 * reads too. The landing page still writes its keys inline in the same shapes (tools, footer …; not moved here).
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
};

/**
 * The one query-key factory of the three-lists feature (issue 15). Everything hangs under `all`; the public page's
 * data under `inventory`, the duty administration's under `duty`, so a duty saved or removed refreshes both (the
 * public page showed the old duties for up to 30 s after a change on the administration page).
 */
export const threeListsKeys = {
  all: ['threeLists'] as const,
  config: () => [...threeListsKeys.all, 'config'] as const,
  inventory: () => [...threeListsKeys.all, 'inventory'] as const,
  inventoryTree: () => [...threeListsKeys.inventory(), 'tree'] as const,
  inventoryPage: (q: object) => [...threeListsKeys.inventory(), 'page', q] as const,
  dutyServices: (dutyId: string) => [...threeListsKeys.inventory(), 'services', dutyId] as const,
  duty: () => [...threeListsKeys.all, 'duty'] as const,
  dutyPage: (q: object) => [...threeListsKeys.duty(), 'page', q] as const,
  deptTreePower: () => [...threeListsKeys.duty(), 'deptTreePower'] as const,
  noDutyDepts: () => [...threeListsKeys.duty(), 'noDutyDepts'] as const,
  dutyTypeMust: () => [...threeListsKeys.duty(), 'typeMust'] as const,
  serviceInfo: (serviceName?: string) => [...threeListsKeys.duty(), 'serviceInfo', serviceName ?? ''] as const,
};

export type Page<T> = { records: T[]; total: number; size: number; current: number; pages: number };

import type { NavigationBarItem } from '@portal/contracts/services';
import { cygjHttp } from '../../../lib/http/clients.ts';

/** 7.9 comb-cygj nobody/navigationBar/list. */
export function getNavigationBars(tenantId: string): Promise<NavigationBarItem[]> {
  return cygjHttp.post<NavigationBarItem[]>('/nobody/navigationBar/list', { tenantId });
}

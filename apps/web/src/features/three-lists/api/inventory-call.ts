import { defaultTenant } from '../../../lib/default-tenant.ts';
import { ospHttp } from '../../../lib/http/clients.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';

/** The tenant of an anonymous visitor: ?tenantId= of the page, else the default one (lib/default-tenant.ts). */
export function anonymousTenant(): string {
  const q = typeof window !== 'undefined' ? new URLSearchParams(window.location.search).get('tenantId') : null;
  return q && /^[0-9A-Za-z_-]{1,12}$/.test(q) ? q : defaultTenant();
}

/** 7.6: logged-in users call threeInventory/*, anonymous visitors the nobody variants with a tenantId. */
export function inventory<T>(call: string, body: object): Promise<T> {
  const s = sessionStore.getState();
  if (s.token) return ospHttp.post<T>(`/threeInventory/${call}`, body);
  return ospHttp.post<T>(`/nobody/threeInventory/${call}`, { tenantId: anonymousTenant(), ...body });
}

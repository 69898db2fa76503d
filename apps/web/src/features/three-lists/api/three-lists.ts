import type { DeptInfo, DeptNodeT, Duty, DutyService, ServiceInfo, ThreeListConfig } from '@portal/contracts/transfer';
import { ospHttp, workbenchHttp } from '../../../lib/http/clients.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';

type Page<T> = { records: T[]; total: number; size: number; current: number; pages: number };

/** The tenant of an anonymous visitor: ?tenantId= of the page, else the demo default. */
export const DEFAULT_TENANT = '000000';
export function anonymousTenant(): string {
  const q = typeof window !== 'undefined' ? new URLSearchParams(window.location.search).get('tenantId') : null;
  return q && /^[0-9A-Za-z_-]{1,12}$/.test(q) ? q : DEFAULT_TENANT;
}

/** 7.6: logged-in users call threeInventory/*, anonymous visitors the nobody variants with a tenantId. */
function inventory<T>(call: string, body: object): Promise<T> {
  const s = sessionStore.getState();
  if (s.token) return ospHttp.post<T>(`/threeInventory/${call}`, body);
  return ospHttp.post<T>(`/nobody/threeInventory/${call}`, { tenantId: anonymousTenant(), ...body });
}

export const getInventoryTree = () => inventory<DeptNodeT[]>('getTree', {});
export const getInventoryPage = (q: {
  current: number;
  size: number;
  deptId?: string | null;
  keyword?: string | null;
}) => inventory<Page<Duty>>('page', q);
export const queryDutyServices = (dutyId: string) => inventory<DutyService[]>('queryService', { dutyId });
export const getThreeListConfig = () =>
  ospHttp.post<ThreeListConfig>('/nobody/preLogin/tripleList/getConfig', {
    tenantId: sessionStore.getState().tenantId ?? anonymousTenant(),
  });
export const saveThreeListConfig = (c: ThreeListConfig) => ospHttp.post<null>('/tripleList/saveConfig', c);

// 7.7 department duty lists (workbench)
export const getDutyPage = (q: { current: number; size: number; deptId?: string | null; dutyName?: string | null }) =>
  workbenchHttp.post<Page<Duty>>('/ospDeptDutyListConfig/page', q);
export type DutyInput = {
  deptId: string;
  dutyName: string;
  dutyType: string;
  dutyContent: string;
  sort: number;
  serviceIds: string[];
};
export const saveDuty = (d: DutyInput) => workbenchHttp.post<{ id: string }>('/ospDeptDutyListConfig/save', d);
export const updateDuty = (d: DutyInput & { id: string }) =>
  workbenchHttp.post<null>('/ospDeptDutyListConfig/update', d);
export const removeDuties = (ids: string[]) =>
  workbenchHttp.post<{ removed: number }>('/ospDeptDutyListConfig/remove', { ids: ids.join(',') });
export const getDeptTreePower = () => workbenchHttp.get<DeptNodeT[]>('/getDeptTreePower');
export const getNoSetDutyDepts = () => workbenchHttp.post<DeptInfo[]>('/ospDeptInfo/noSetDutyDept', {});
export const queryServiceInfo = (serviceName?: string) =>
  workbenchHttp.post<Page<ServiceInfo>>('/ospDeptInfo/queryServiceInfo', { current: 1, size: 100, serviceName });
export const isDutyTypeMust = () => workbenchHttp.get<boolean>('/isDutyTypeMust');

import { ospHttp } from '../../../lib/http/clients.ts';

/** 7.6 efficiencyHomePage/*: what every call of the supervision page shares (one api file per call beside this). */
export type Page<T> = { records: T[]; total: number; size: number; current: number; pages: number };
export type Filter = { startDate: string; endDate: string; deptId?: string | null; sceneId?: string | null };

export const call = <T>(path: string, body: object = {}) => ospHttp.post<T>(`/efficiencyHomePage/${path}`, body);

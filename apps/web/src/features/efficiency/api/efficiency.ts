import type {
  ExistReport,
  FilterNodeT,
  Granularity,
  HeatItem,
  LikeItem,
  OaOverview,
  Overview,
  PersonalNode,
  PersonalReport,
  ReportConfig,
  ReportDrill,
  ReportTable,
  TimeoutNode,
  TimeoutProcess,
  Trend,
} from '@portal/contracts/efficiency';
import { queryOptions } from '@tanstack/react-query';
import { ospHttp } from '../../../lib/http/clients.ts';

/** 7.6 efficiencyHomePage/*: one fetcher and one query option per call. */
type Page<T> = { records: T[]; total: number; size: number; current: number; pages: number };
export type Filter = { startDate: string; endDate: string; deptId?: string | null; sceneId?: string | null };

const E = '/efficiencyHomePage';
const call = <T>(path: string, body: object = {}) => ospHttp.post<T>(`${E}/${path}`, body);
/** The feature's one query-key factory: every report under `all`, by call and filter. */
export const efficiencyKeys = {
  all: ['efficiency'] as const,
  call: (path: string, body: object = {}) => [...efficiencyKeys.all, path, body] as const,
};
const key = efficiencyKeys.call;

export const getOverview = (f: Filter) => call<Overview>('overView', f);
export const getTrend = (f: Filter & { granularity: Granularity }) => call<Trend>('processTrending', f);
export const getHeat = (f: Filter & { limit: number }) => call<HeatItem[]>('serviceHeatRate', f);
export const getLikes = (f: Filter & { limit: number }) => call<LikeItem[]>('topLikesBoard', f);
export const getTimeoutProcesses = (f: Filter & { current: number; size: number }) =>
  call<Page<TimeoutProcess>>('timeoutProcess', f);
export const getTimeoutNodes = (f: Filter & { limit: number }) => call<TimeoutNode[]>('timeoutNode', f);
export const getReportTable = (f: Filter) => call<ReportTable>('reportTable', f);
export const getReportDrill = (f: Filter & { deptId: string }) => call<ReportDrill>('reportTableDrill', f);
export const getOaOverview = (f: Filter) => call<OaOverview>('OAOverview', f);
export const getPersonalReport = (f: Filter) =>
  call<PersonalReport>('personalEfficiencyReport', { startDate: f.startDate, endDate: f.endDate });
export const getPersonalDetail = (f: Filter & { current: number; size: number }) =>
  call<Page<PersonalNode>>('personalERDetail', {
    startDate: f.startDate,
    endDate: f.endDate,
    current: f.current,
    size: f.size,
  });
export const getDeptTree = () => call<FilterNodeT[]>('deptTree');
export const getSceneTree = () => call<FilterNodeT[]>('sceneTree');
export const getExistReport = () => call<ExistReport>('existReport');
export const getReportConfig = () => call<ReportConfig>('getReportConfig');
export const saveReportConfig = (c: ReportConfig) => call<null>('saveReportConfig', c);

export const overviewQueryOptions = (f: Filter) =>
  queryOptions({ queryKey: key('overView', f), queryFn: () => getOverview(f) });
export const trendQueryOptions = (f: Filter & { granularity: Granularity }) =>
  queryOptions({ queryKey: key('processTrending', f), queryFn: () => getTrend(f) });
export const heatQueryOptions = (f: Filter & { limit: number }) =>
  queryOptions({ queryKey: key('serviceHeatRate', f), queryFn: () => getHeat(f) });
export const likesQueryOptions = (f: Filter & { limit: number }) =>
  queryOptions({ queryKey: key('topLikesBoard', f), queryFn: () => getLikes(f) });
export const timeoutProcessesQueryOptions = (f: Filter & { current: number; size: number }) =>
  queryOptions({ queryKey: key('timeoutProcess', f), queryFn: () => getTimeoutProcesses(f) });
export const timeoutNodesQueryOptions = (f: Filter & { limit: number }) =>
  queryOptions({ queryKey: key('timeoutNode', f), queryFn: () => getTimeoutNodes(f) });
export const reportTableQueryOptions = (f: Filter) =>
  queryOptions({ queryKey: key('reportTable', f), queryFn: () => getReportTable(f) });
export const reportDrillQueryOptions = (f: Filter & { deptId: string }) =>
  queryOptions({ queryKey: key('reportTableDrill', f), queryFn: () => getReportDrill(f) });
export const oaOverviewQueryOptions = (f: Filter) =>
  queryOptions({ queryKey: key('OAOverview', f), queryFn: () => getOaOverview(f) });
export const personalReportQueryOptions = (f: Filter) =>
  queryOptions({ queryKey: key('personalEfficiencyReport', f), queryFn: () => getPersonalReport(f) });
export const personalDetailQueryOptions = (f: Filter & { current: number; size: number }) =>
  queryOptions({ queryKey: key('personalERDetail', f), queryFn: () => getPersonalDetail(f) });
export const deptTreeQueryOptions = () =>
  queryOptions({ queryKey: key('deptTree'), queryFn: getDeptTree, staleTime: 5 * 60_000 });
export const sceneTreeQueryOptions = () =>
  queryOptions({ queryKey: key('sceneTree'), queryFn: getSceneTree, staleTime: 5 * 60_000 });
export const existReportQueryOptions = () => queryOptions({ queryKey: key('existReport'), queryFn: getExistReport });
export const reportConfigQueryOptions = () =>
  queryOptions({ queryKey: key('getReportConfig'), queryFn: getReportConfig });

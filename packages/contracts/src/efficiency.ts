import './zod-setup.ts';
import { z } from 'zod';
import { pageOf, PageRequest } from './envelope.ts';

/**
 * Efficiency supervision (7.6 efficiencyHomePage/*): overview figures, process trend, service heat and likes
 * rankings, time-out processes and nodes, the department report with its drill-down, the personal report,
 * and the per-tenant report configuration. Result shapes are not shown by the spec; these are the project's.
 */

/** The configuration menu of the efficiency configuration page (section 2.1); it also opens the report-wide views. */
export const EFFICIENCY_MENU = 'effectivenessMonitoringConfig';
/** Longest date range one report call may span (the project's limit; the spec gives none). */
export const EFFICIENCY_MAX_RANGE_DAYS = 366;
/** Days shown when a call names no range: the last 30 days up to today. */
export const EFFICIENCY_DEFAULT_RANGE_DAYS = 30;
/** Items of a ranking (heat, likes, time-out nodes) when the call names no limit. */
export const EFFICIENCY_RANKING_DEFAULT = 10;
export const EFFICIENCY_RANKING_MAX = 50;

/** Messages of this capability (server and client). */
export const EFFICIENCY_TEXTS = {
  badDate: '日期格式应为 YYYY-MM-DD',
  startAfterEnd: '开始日期不能晚于结束日期',
  rangeTooLong: `查询时间范围不能超过${EFFICIENCY_MAX_RANGE_DAYS}天`,
  badGranularity: '统计粒度只能是 day、week 或 month',
  noDept: '部门不存在',
  noScene: '场景不存在',
  noReportPower: '没有查看效能报表的权限',
  badTime: '时间格式应为 ISO 8601（如 2026-11-23T08:00:00Z）',
  finishedBeforeStart: '办结时间不能早于发起时间',
  dueBeforeStart: '期限不能早于发起时间',
  handledBeforeArrival: '办理时间不能早于到达时间',
  deptRequired: '请填写部门（deptId 或 deptName）',
  noService: '服务不存在',
  duplicateExternalId: '同一批数据中流程编号重复',
  badTimeZone: '时区无效，应为 IANA 时区名（如 Asia/Shanghai）',
} as const;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(s: string): boolean {
  if (!DATE_RE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** Whole days from start to end, both included. */
export function daysInRange(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

const IsoDate = z
  .string({ error: EFFICIENCY_TEXTS.badDate })
  .trim()
  .refine(isIsoDate, { error: EFFICIENCY_TEXTS.badDate });
const OptionalId = z
  .string()
  .trim()
  .max(64)
  .nullish()
  .transform((v) => v || null);

/** The filters every report call takes: a date range (default the last 30 days), a department and a scene. */
export const ReportFilterShape = {
  startDate: IsoDate.optional(),
  endDate: IsoDate.optional(),
  deptId: OptionalId,
  sceneId: OptionalId,
  tenantId: z.string().optional(),
};
const rangeChecks = <T extends { startDate?: string | undefined; endDate?: string | undefined }>(
  v: T,
  ctx: z.RefinementCtx,
) => {
  if (v.startDate && v.endDate) {
    if (v.startDate > v.endDate)
      ctx.addIssue({ code: 'custom', message: EFFICIENCY_TEXTS.startAfterEnd, path: ['startDate'] });
    else if (daysInRange(v.startDate, v.endDate) > EFFICIENCY_MAX_RANGE_DAYS)
      ctx.addIssue({ code: 'custom', message: EFFICIENCY_TEXTS.rangeTooLong, path: ['endDate'] });
  }
};
const optionalBody = <T extends z.ZodType>(schema: T) =>
  schema.nullish().transform((v) => (v ?? schema.parse({})) as z.output<T>);

export const ReportFilter = z.object(ReportFilterShape).superRefine(rangeChecks);
export type ReportFilter = z.output<typeof ReportFilter>;
export const ReportFilterBody = optionalBody(ReportFilter);

export const Granularity = z.enum(['day', 'week', 'month'], { error: EFFICIENCY_TEXTS.badGranularity });
export type Granularity = z.infer<typeof Granularity>;
export const TrendRequest = z
  .object({ ...ReportFilterShape, granularity: Granularity.default('day') })
  .superRefine(rangeChecks);
export const TrendRequestBody = optionalBody(TrendRequest);

export const RankingRequest = z
  .object({
    ...ReportFilterShape,
    limit: z.coerce.number().int().min(1).max(EFFICIENCY_RANKING_MAX).default(EFFICIENCY_RANKING_DEFAULT),
  })
  .superRefine(rangeChecks);
export const RankingRequestBody = optionalBody(RankingRequest);

export const PagedReportRequest = z
  .object({
    ...ReportFilterShape,
    ...PageRequest.shape,
  })
  .superRefine(rangeChecks);
export const PagedReportRequestBody = optionalBody(PagedReportRequest);

export const DrillRequest = z
  .object({
    ...ReportFilterShape,
    deptId: z.string({ error: EFFICIENCY_TEXTS.noDept }).trim().min(1, { error: EFFICIENCY_TEXTS.noDept }).max(64),
  })
  .superRefine(rangeChecks);

/** The resolved range a report covers (echoed in every answer, so the client shows what was counted). */
export const ReportRange = z.object({ startDate: z.string(), endDate: z.string() });
export type ReportRange = z.infer<typeof ReportRange>;

/** efficiencyHomePage/overView */
export const Overview = z.object({
  range: ReportRange,
  serviceCount: z.number().int(),
  processServiceCount: z.number().int(),
  visitCount: z.number().int(),
  started: z.number().int(),
  finished: z.number().int(),
  running: z.number().int(),
  overdue: z.number().int(),
  /** Finished on time / finished, 0 to 100, one decimal; null when nothing finished. */
  onTimeRate: z.number().nullable(),
  /** Mean hours from start to finish of finished processes; null when nothing finished. */
  avgHours: z.number().nullable(),
});
export type Overview = z.infer<typeof Overview>;

export const TrendPoint = z.object({
  period: z.string(),
  started: z.number().int(),
  finished: z.number().int(),
  overdue: z.number().int(),
});
export type TrendPoint = z.infer<typeof TrendPoint>;
/** efficiencyHomePage/processTrending */
export const Trend = z.object({ range: ReportRange, granularity: Granularity, points: z.array(TrendPoint) });
export type Trend = z.infer<typeof Trend>;

export const HeatItem = z.object({
  rank: z.number().int(),
  serviceId: z.string(),
  serviceName: z.string(),
  deptName: z.string(),
  visitCount: z.number().int(),
  clicks: z.number().int(),
  rate: z.number(),
});
export type HeatItem = z.infer<typeof HeatItem>;
export const LikeItem = z.object({
  rank: z.number().int(),
  serviceId: z.string(),
  serviceName: z.string(),
  deptName: z.string(),
  average: z.number(),
  count: z.number().int(),
});
export type LikeItem = z.infer<typeof LikeItem>;

export const TimeoutProcess = z.object({
  id: z.string(),
  title: z.string(),
  processName: z.string(),
  deptName: z.string(),
  applicantName: z.string(),
  startedAt: z.string(),
  dueAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Hours past the due time (until finish, or until now while still running). */
  overdueHours: z.number(),
});
export type TimeoutProcess = z.infer<typeof TimeoutProcess>;
export const TimeoutProcessPage = pageOf(TimeoutProcess);

export const TimeoutNode = z.object({
  processName: z.string(),
  nodeName: z.string(),
  total: z.number().int(),
  overdue: z.number().int(),
  avgHours: z.number().nullable(),
});
export type TimeoutNode = z.infer<typeof TimeoutNode>;

export const ReportRow = z.object({
  deptId: z.string(),
  deptName: z.string(),
  serviceCount: z.number().int(),
  visitCount: z.number().int(),
  started: z.number().int(),
  finished: z.number().int(),
  overdue: z.number().int(),
  avgHours: z.number().nullable(),
  onTimeRate: z.number().nullable(),
});
export type ReportRow = z.infer<typeof ReportRow>;
/** efficiencyHomePage/reportTable */
export const ReportTable = z.object({ range: ReportRange, rows: z.array(ReportRow), total: ReportRow });
export type ReportTable = z.infer<typeof ReportTable>;

export const DrillRow = z.object({
  processName: z.string(),
  serviceId: z.string().nullable(),
  started: z.number().int(),
  finished: z.number().int(),
  overdue: z.number().int(),
  avgHours: z.number().nullable(),
  onTimeRate: z.number().nullable(),
});
export type DrillRow = z.infer<typeof DrillRow>;
export const HandlerRow = z.object({
  handlerId: z.string(),
  handlerName: z.string(),
  handled: z.number().int(),
  pending: z.number().int(),
  overdue: z.number().int(),
  avgHours: z.number().nullable(),
});
export type HandlerRow = z.infer<typeof HandlerRow>;
/** efficiencyHomePage/reportTableDrill: one department by process and by handler. */
export const ReportDrill = z.object({
  range: ReportRange,
  deptId: z.string(),
  deptName: z.string(),
  processes: z.array(DrillRow),
  handlers: z.array(HandlerRow),
});
export type ReportDrill = z.infer<typeof ReportDrill>;

/** efficiencyHomePage/efficiencyReportList: the month-by-month summary of the range. */
export const MonthlyReport = z.object({
  month: z.string(),
  started: z.number().int(),
  finished: z.number().int(),
  overdue: z.number().int(),
  onTimeRate: z.number().nullable(),
  avgHours: z.number().nullable(),
});
export type MonthlyReport = z.infer<typeof MonthlyReport>;

/** efficiencyHomePage/OAOverview: the office to-do items of the workbench, by flow type. */
export const OaFlow = z.object({
  flowType: z.string(),
  todo: z.number().int(),
  done: z.number().int(),
  timeout: z.number().int(),
});
export const OaOverview = z.object({
  todo: z.number().int(),
  done: z.number().int(),
  timeout: z.number().int(),
  flows: z.array(OaFlow),
});
export type OaOverview = z.infer<typeof OaOverview>;

/** efficiencyHomePage/personalEfficiencyReport: the caller's own work. */
export const PersonalReport = z.object({
  range: ReportRange,
  userName: z.string(),
  handled: z.number().int(),
  pending: z.number().int(),
  overdue: z.number().int(),
  avgHours: z.number().nullable(),
  onTimeRate: z.number().nullable(),
  applied: z.number().int(),
  appliedFinished: z.number().int(),
});
export type PersonalReport = z.infer<typeof PersonalReport>;

export const PersonalNode = z.object({
  id: z.string(),
  title: z.string(),
  processName: z.string(),
  nodeName: z.string(),
  arrivedAt: z.string(),
  handledAt: z.string().nullable(),
  dueAt: z.string(),
  hours: z.number().nullable(),
  overdue: z.boolean(),
});
export type PersonalNode = z.infer<typeof PersonalNode>;
export const PersonalNodePage = pageOf(PersonalNode);

/** Recursive, so registered by id: the OpenAPI document lists it once under components.schemas and refers to it. */
export const FilterNode: z.ZodType<FilterNodeT> = z
  .lazy(() => z.object({ id: z.string(), title: z.string(), count: z.number().int(), children: z.array(FilterNode) }))
  .meta({ id: 'FilterNode' });
export type FilterNodeT = { id: string; title: string; count: number; children: FilterNodeT[] };

/** efficiencyHomePage/existReport: whether the caller may see the report-wide views, and whether there is data. */
export const ExistReport = z.object({ canViewReport: z.boolean(), canConfigure: z.boolean(), hasData: z.boolean() });
export type ExistReport = z.infer<typeof ExistReport>;

/** The blocks of the supervision page an administrator can switch on and off. */
export const REPORT_BLOCKS = ['overview', 'trend', 'heat', 'likes', 'timeout', 'report', 'oa', 'personal'] as const;
export type ReportBlock = (typeof REPORT_BLOCKS)[number];
/**
 * The time zone a tenant's report days are counted in when it configured none (ours: the spec says nothing; the
 * portal's schools keep Beijing time). A process finished at 07:00 Beijing time counts for that Beijing day.
 */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** True for a time zone name this runtime knows (IANA, such as Asia/Shanghai or UTC). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const ReportConfig = z.object({
  blocks: z.object(Object.fromEntries(REPORT_BLOCKS.map((b) => [b, z.boolean()])) as Record<ReportBlock, z.ZodBoolean>),
  /** The tenant's time zone for the reports' days, weeks and months; left out when saving keeps the stored one. */
  timeZone: z.string().max(64).refine(isTimeZone, EFFICIENCY_TEXTS.badTimeZone).optional(),
});
export type ReportConfig = z.infer<typeof ReportConfig>;
export const DEFAULT_REPORT_CONFIG: ReportConfig = {
  blocks: Object.fromEntries(REPORT_BLOCKS.map((b) => [b, true])) as Record<ReportBlock, boolean>,
  timeZone: DEFAULT_TIME_ZONE,
};

// ---------------------------------------------------------------- ingestion (this project's call)

/** Processes one ingestion call may carry; steps one process may have. */
export const INGEST_MAX_PROCESSES = 500;
export const INGEST_MAX_NODES = 50;

const Time = z
  .string({ error: EFFICIENCY_TEXTS.badTime })
  .max(40, EFFICIENCY_TEXTS.badTime)
  .refine(
    (s) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(s) && !Number.isNaN(Date.parse(s)),
    EFFICIENCY_TEXTS.badTime,
  )
  .transform((s) => new Date(s).toISOString());
const Text = (max: number, label: string) =>
  z
    .string({ error: `${label}不能为空` })
    .trim()
    .min(1, `${label}不能为空`)
    .max(max, `${label}不能超过${max}个字符`)
    .refine(
      (s) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(s),
      '输入内容包含不可见的控制字符，请删除后重试',
    );

export const IngestNode = z
  .object({
    nodeName: Text(100, '环节名称'),
    handlerId: Text(64, '办理人编号'),
    handlerName: Text(100, '办理人姓名'),
    arrivedAt: Time,
    dueAt: Time,
    handledAt: Time.nullish(),
  })
  .superRefine((n, ctx) => {
    if (n.handledAt && n.handledAt < n.arrivedAt)
      ctx.addIssue({ code: 'custom', message: EFFICIENCY_TEXTS.handledBeforeArrival, path: ['handledAt'] });
  });

export const IngestProcess = z
  .object({
    /** The workflow engine's own id of the instance: sending it again updates the same process. */
    externalId: z
      .string({ error: '流程编号不能为空' })
      .regex(/^[A-Za-z0-9._:-]{1,64}$/, '流程编号只能由1到64个字母、数字和 . _ : - 组成'),
    processName: Text(100, '流程名称'),
    title: Text(200, '标题'),
    deptId: z.string().max(64).optional(),
    deptName: z.string().trim().max(100).optional(),
    sceneId: z.string().max(64).optional(),
    sceneName: z.string().trim().max(100).optional(),
    serviceId: z.string().max(64).optional(),
    applicantId: Text(64, '申请人编号'),
    applicantName: Text(100, '申请人姓名'),
    startedAt: Time,
    dueAt: Time,
    finishedAt: Time.nullish(),
    nodes: z.array(IngestNode).max(INGEST_MAX_NODES, `每个流程最多${INGEST_MAX_NODES}个环节`).default([]),
  })
  .superRefine((p, ctx) => {
    if (!p.deptId && !p.deptName)
      ctx.addIssue({ code: 'custom', message: EFFICIENCY_TEXTS.deptRequired, path: ['deptId'] });
    if (p.dueAt < p.startedAt)
      ctx.addIssue({ code: 'custom', message: EFFICIENCY_TEXTS.dueBeforeStart, path: ['dueAt'] });
    if (p.finishedAt && p.finishedAt < p.startedAt)
      ctx.addIssue({ code: 'custom', message: EFFICIENCY_TEXTS.finishedBeforeStart, path: ['finishedAt'] });
  });
export type IngestProcess = z.output<typeof IngestProcess>;

/** POST efficiencyHomePage/ingestProcesses: a workflow engine feeds process instances (all or none are stored). */
export const IngestRequest = z.object({
  processes: z
    .array(IngestProcess)
    .min(1, '请至少提交一个流程')
    .max(INGEST_MAX_PROCESSES, `一次最多提交${INGEST_MAX_PROCESSES}个流程`),
});
export type IngestRequest = z.input<typeof IngestRequest>;
export const IngestResult = z.object({
  received: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
});
export type IngestResult = z.infer<typeof IngestResult>;

import './zod-setup.ts';
import { z } from 'zod';
import { pageOf, TenantId } from './envelope.ts';
import { MESSAGES } from './errors.ts';
import { RATING_COMMENT_MAX, RATING_LABELS_MAX, SEARCH_KEYWORD_MAX } from './service-codes.ts';

// The codes and limits without schemas live in service-codes.ts (the landing page's script loads no zod, issue 10).
export * from './service-codes.ts';

/**
 * The service catalogue: the service hall, the two service centers, the pre-login landing page, favourites,
 * ratings, guides and search (spec 1, 2.1, 3, 4.4, 5, 6, 7.2, 7.4, 7.5, 7.9 comb-cygj).
 * Where the spec lists a call without its shape, the shape here is this project's design.
 */

/** 2.1 / 2.2: the service business type of a route ('' = all). */
export const SERVICE_BUSINESS_TYPES = ['APPLICATION', 'PROCESS'] as const;
export const ServiceBusinessType = z.enum(SERVICE_BUSINESS_TYPES);
export type ServiceBusinessType = z.infer<typeof ServiceBusinessType>;

/** Section 3: processType OFFLINE or online. */
export const PROCESS_TYPES = ['ONLINE', 'OFFLINE'] as const;

/** Limits this project sets on user input. */
export const RATING_SCORE_MIN = 1;
export const RATING_SCORE_MAX = 5;
export const FAVOURITES_MAX = 500;
/** Ids a caller may name in one customPage call. */
export const CUSTOM_PAGE_IDS_MAX = 100;
/** Quick labels and shelf labels: at most this many characters. */
export const LABEL_NAME_MAX = 20;
/** Ids (services, departments, scenes, types): at most this many characters. */
export const ID_MAX = 64;

export const SERVICE_TEXTS = {
  noSuchService: '服务不存在或已下架',
  notCombService: '该服务不使用组合登录（访问方式5）',
  combInvalid: '登录凭证无效、已使用或已过期',
  notVisible: '您没有权限访问该服务',
  notOpenToVisitors: '该服务需要登录后访问',
  alreadyRated: '您已评价过该服务',
  unknownLabel: '快捷评价标签不存在',
  notFavourite: '排序中包含未收藏的服务',
  keywordRequired: '请输入搜索关键词',
  keywordTooLong: `搜索关键词不能超过${SEARCH_KEYWORD_MAX}个字符`,
  commentTooLong: `评价内容不能超过${RATING_COMMENT_MAX}个字符`,
  scoreRange: `评分须为${RATING_SCORE_MIN}到${RATING_SCORE_MAX}的整数`,
  noGuide: '该服务暂无办事指南',
  tooManyFavourites: `收藏数量不能超过${FAVOURITES_MAX}个`,
  adminOnly: '只有管理员可以查看',
  // Bad input (section 8: every refusal is a 4xx envelope with a message a user can act on).
  idRequired: '缺少编号',
  idInvalid: '编号格式不正确',
  idTooLong: `编号不能超过${ID_MAX}个字符`,
  controlCharacters: MESSAGES.controlCharacters,
  badServiceType: '服务类型只能是 APPLICATION 或 PROCESS',
  badProcessType: '办理方式只能是 ONLINE 或 OFFLINE',
  badGroupBy: '分组方式只能是 scene、dept 或 type',
  pageInvalid: '页码必须是1到10000的整数',
  sizeInvalid: '每页条数必须是正整数',
  orderRequired: '请提供排序后的服务',
  tooManyIds: `一次最多查询${CUSTOM_PAGE_IDS_MAX}个服务`,
  labelTooLong: `标签不能超过${LABEL_NAME_MAX}个字符`,
  tooManyLabels: `快捷评价标签最多${RATING_LABELS_MAX}个`,
  labelsInvalid: '快捷评价标签格式不正确',
  commentInvalid: '评价内容必须是文字',
  keywordInvalid: '搜索关键词必须是文字',
} as const;

/**
 * Control characters (other than tab, line feed and carriage return) have no place in what a user types;
 * PostgreSQL refuses NUL outright, so they are refused here with a message instead of failing in the store.
 */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const hasControlCharacters = (s: string) => CONTROL_CHARACTERS.test(s);
const noControl = <T extends z.ZodString>(schema: T) =>
  schema.refine((s) => !hasControlCharacters(s), SERVICE_TEXTS.controlCharacters);

const Id = noControl(
  z
    .string({ error: (iss) => (iss.input === undefined ? SERVICE_TEXTS.idRequired : SERVICE_TEXTS.idInvalid) })
    .trim()
    .min(1, SERVICE_TEXTS.idRequired)
    .max(ID_MAX, SERVICE_TEXTS.idTooLong),
);
export const ServiceIdRequest = z.object({ serviceId: Id });
export type ServiceIdRequest = z.infer<typeof ServiceIdRequest>;
/** Anonymous variants name the tenant in the body. */
export const PublicServiceIdRequest = ServiceIdRequest.extend({ tenantId: TenantId.optional() });

/** Section 3: "Service item". Fields after serviceUrl are this project's additions. */
export const ServiceItem = z.object({
  serviceId: z.string(),
  serviceName: z.string(),
  serviceIcon: z.string(),
  shelfLabelName: z.string(),
  labelName: z.string(),
  serviceDeptName: z.string(),
  serviceSceneName: z.string(),
  visitCount: z.number().int(),
  processType: z.string(),
  hasGuide: z.boolean(),
  accessWay: z.string(),
  openWay: z.string(),
  serviceUrl: z.string(),
  serviceType: ServiceBusinessType,
  serviceTypeName: z.string(),
  deptId: z.string(),
  sceneId: z.string(),
  typeId: z.string(),
  /** Open to anonymous visitors. */
  isPublic: z.boolean(),
  launchedAt: z.string(),
  /** The caller has it among their favourites (always false for anonymous callers). */
  collected: z.boolean(),
  /** Average score, 0 when never rated. */
  score: z.number(),
  /** How many users rated it. */
  rateCount: z.number().int(),
});
export type ServiceItem = z.infer<typeof ServiceItem>;

/** serverCenter/details, customDetails. */
export const ServiceDetail = ServiceItem.extend({
  description: z.string(),
  roleIds: z.array(z.string()),
});
export type ServiceDetail = z.infer<typeof ServiceDetail>;

export const ServicePage = pageOf(ServiceItem);
export type ServicePage = z.infer<typeof ServicePage>;

const Current = z.coerce
  .number({ error: '页码必须是数字' })
  .int(SERVICE_TEXTS.pageInvalid)
  .min(1, SERVICE_TEXTS.pageInvalid)
  .max(10_000, SERVICE_TEXTS.pageInvalid)
  .default(1);
const Size = z.coerce
  .number({ error: '每页条数必须是数字' })
  .int(SERVICE_TEXTS.sizeInvalid)
  .min(1, SERVICE_TEXTS.sizeInvalid)
  .max(100, '每页最多100条')
  .default(12);

const Keyword = noControl(
  z.string({ error: SERVICE_TEXTS.keywordInvalid }).trim().max(SEARCH_KEYWORD_MAX, SERVICE_TEXTS.keywordTooLong),
);
const OptionalId = noControl(
  z.string({ error: SERVICE_TEXTS.idInvalid }).trim().max(ID_MAX, SERVICE_TEXTS.idTooLong),
).optional();
const BusinessTypeFilter = z
  .union([ServiceBusinessType, z.literal('')], { error: SERVICE_TEXTS.badServiceType })
  .optional();
const LabelName = noControl(
  z
    .string({ error: SERVICE_TEXTS.labelsInvalid })
    .trim()
    .min(1, SERVICE_TEXTS.labelsInvalid)
    .max(LABEL_NAME_MAX, SERVICE_TEXTS.labelTooLong),
);

/** serverCenter/page and nobody/serverCenter/page: browse by department, scene, type and keyword. */
export const ServicePageRequest = z.object({
  tenantId: TenantId.optional(),
  current: Current,
  size: Size,
  serviceType: BusinessTypeFilter,
  deptId: OptionalId,
  sceneId: OptionalId,
  typeId: OptionalId,
  processType: z.enum(PROCESS_TYPES, { error: SERVICE_TEXTS.badProcessType }).optional(),
  keyword: Keyword.optional(),
});
export type ServicePageRequest = z.input<typeof ServicePageRequest>;

/** serverCenter/customPage: chosen services in the given order (cards and custom lists). */
export const CustomPageRequest = z.object({
  tenantId: TenantId.optional(),
  serviceIds: z
    .array(Id, { error: SERVICE_TEXTS.idInvalid })
    .max(CUSTOM_PAGE_IDS_MAX, SERVICE_TEXTS.tooManyIds)
    .default([]),
  current: Current,
  size: Size,
});

/** searchService (both variants). */
export const SearchServiceRequest = z.object({
  tenantId: TenantId.optional(),
  keyword: Keyword.min(1, SERVICE_TEXTS.keywordRequired),
  current: Current,
  size: Size,
  serviceType: BusinessTypeFilter,
});
export type SearchServiceRequest = z.input<typeof SearchServiceRequest>;

/** How many services a list holds: 1 to `max` (`tooMany` beyond), `fallback` when not given. */
const ListSize = (max: number, tooMany: string, fallback: number) =>
  z.coerce
    .number({ error: SERVICE_TEXTS.sizeInvalid })
    .int(SERVICE_TEXTS.sizeInvalid)
    .min(1, SERVICE_TEXTS.sizeInvalid)
    .max(max, tooMany)
    .default(fallback);
const TOP_SIZE_MAX = 50;
const PER_GROUP_MAX = 20;

/** OSP/heatService, NewlyLaunched, queryShelfService, CASServiceList. */
export const TopServicesRequest = z
  .object({
    tenantId: TenantId.optional(),
    size: ListSize(TOP_SIZE_MAX, `一次最多${TOP_SIZE_MAX}条`, 10),
    serviceType: BusinessTypeFilter,
    shelfLabelName: noControl(
      z.string({ error: SERVICE_TEXTS.labelsInvalid }).trim().max(LABEL_NAME_MAX, SERVICE_TEXTS.labelTooLong),
    ).optional(),
  })
  .nullish()
  .transform((v) => v ?? { size: 10 });

/** serviceCount and getStatisticData. */
export const ServiceCount = z.object({
  serviceCount: z.number().int(),
  applicationCount: z.number().int(),
  processCount: z.number().int(),
  onlineCount: z.number().int(),
  deptCount: z.number().int(),
  sceneCount: z.number().int(),
  visitCount: z.number().int(),
});
export type ServiceCount = z.infer<typeof ServiceCount>;

/** serviceScene / serviceDept / serviceType listByUser: the groups the caller can see, with counts. */
export const GroupListRequest = z
  .object({ tenantId: TenantId.optional(), serviceType: BusinessTypeFilter })
  .nullish()
  .transform((v) => v ?? {});
export const ServiceGroup = z.object({ id: z.string(), name: z.string(), icon: z.string(), count: z.number().int() });
export type ServiceGroup = z.infer<typeof ServiceGroup>;

export const GROUP_KINDS = ['scene', 'dept', 'type'] as const;
export const GroupKind = z.enum(GROUP_KINDS, { error: SERVICE_TEXTS.badGroupBy });
export type GroupKind = z.infer<typeof GroupKind>;

/** nobody/prepareLogin/queryServiceByType: one group's services, paged. */
export const QueryServiceByTypeRequest = z.object({
  tenantId: TenantId.optional(),
  groupBy: GroupKind,
  groupId: Id,
  current: Current,
  size: Size,
});
/** nobody/prepareLogin/queryAllServiceByType: every group with its first services. */
export const QueryAllServiceByTypeRequest = z.object({
  tenantId: TenantId.optional(),
  groupBy: GroupKind,
  perGroup: ListSize(PER_GROUP_MAX, `每组最多${PER_GROUP_MAX}条`, 6),
});
export const ServiceGroupWithServices = ServiceGroup.extend({ services: z.array(ServiceItem) });
export type ServiceGroupWithServices = z.infer<typeof ServiceGroupWithServices>;

/** nobody/prepareLogin/queryThirdParty: the third-party systems (accessWay '3'). */
export const ThirdPartySystem = z.object({
  serviceId: z.string(),
  serviceName: z.string(),
  serviceIcon: z.string(),
  serviceUrl: z.string(),
});

/** nobody/prepareLogin/configDetail: what the landing page shows. */
export const LandingConfig = z.object({
  title: z.string(),
  subtitle: z.string(),
  logo: z.string(),
  banner: z.string(),
  searchPlaceholder: z.string(),
  /** ADR 0074: the title, subtitle and search hint in English ('' none: the page in English shows the Chinese). */
  titleEn: z.string().optional(),
  subtitleEn: z.string().optional(),
  searchPlaceholderEn: z.string().optional(),
  showStatistic: z.boolean(),
  showScenes: z.boolean(),
  showDepts: z.boolean(),
  showTypes: z.boolean(),
  showNewly: z.boolean(),
  showPopular: z.boolean(),
  showTools: z.boolean(),
});
export type LandingConfig = z.infer<typeof LandingConfig>;

/** nobody/prepareLogin/bottomConfigDetail: the footer. */
export const FooterConfig = z.object({
  schoolName: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  copyright: z.string(),
  icp: z.string(),
  links: z.array(z.object({ name: z.string(), url: z.string() })),
});
export type FooterConfig = z.infer<typeof FooterConfig>;

export const TenantQuery = z.object({ tenantId: TenantId.optional() });
export const TenantBody = z
  .object({ tenantId: TenantId.optional() })
  .nullish()
  .transform((v) => v ?? {});

/** GET baseService/getShelfLabel. */
export const ShelfLabel = z.object({ id: z.string(), labelName: z.string(), color: z.string() });
export type ShelfLabel = z.infer<typeof ShelfLabel>;

/** serverCenter/changeOrder: the favourites in their new order (the caller's full list or a prefix of it). */
export const ChangeOrderRequest = z.object({
  serviceIds: z
    .array(Id, { error: SERVICE_TEXTS.orderRequired })
    .min(1, SERVICE_TEXTS.orderRequired)
    .max(FAVOURITES_MAX, SERVICE_TEXTS.tooManyFavourites),
});
export const CollectResult = z.object({ serviceId: z.string(), collected: z.boolean() });

/** pageRoles: services with the roles that see them (administrator). */
export const PageRolesRequest = z.object({ current: Current, size: Size, keyword: Keyword.optional() });
export const ServiceRoles = z.object({
  serviceId: z.string(),
  serviceName: z.string(),
  roleIds: z.array(z.string()),
  roleNames: z.array(z.string()),
});

// ---------------------------------------------------------------- ratings (7.5)

export const RateServiceRequest = z.object({
  serviceId: Id,
  score: z
    .number({ error: SERVICE_TEXTS.scoreRange })
    .int(SERVICE_TEXTS.scoreRange)
    .min(RATING_SCORE_MIN, SERVICE_TEXTS.scoreRange)
    .max(RATING_SCORE_MAX, SERVICE_TEXTS.scoreRange),
  labels: z
    .array(LabelName, { error: SERVICE_TEXTS.labelsInvalid })
    .max(RATING_LABELS_MAX, SERVICE_TEXTS.tooManyLabels)
    .default([]),
  comment: noControl(
    z.string({ error: SERVICE_TEXTS.commentInvalid }).trim().max(RATING_COMMENT_MAX, SERVICE_TEXTS.commentTooLong),
  ).default(''),
});
export type RateServiceRequest = z.input<typeof RateServiceRequest>;
/** serverCenter/giveScore: the score alone. */
export const GiveScoreRequest = RateServiceRequest.pick({ serviceId: true, score: true });

export const CanUserRate = z.object({
  canRate: z.boolean(),
  rated: z.boolean(),
  score: z.number().int().nullable(),
  reason: z.string(),
});
export type CanUserRate = z.infer<typeof CanUserRate>;

/** quickScoreLabels: the quick labels, each for a score range. */
export const QuickScoreLabel = z.object({
  id: z.string(),
  labelName: z.string(),
  minScore: z.number().int(),
  maxScore: z.number().int(),
  /** ADR 0074: the label in English ('' none); a rating still sends labelName. */
  labelNameEn: z.string().optional(),
});
export type QuickScoreLabel = z.infer<typeof QuickScoreLabel>;

export const ServiceRateDetailRequest = z.object({
  tenantId: TenantId.optional(),
  serviceId: Id,
  current: Current,
  size: Size,
});
export const RatingComment = z.object({
  userName: z.string(),
  score: z.number().int(),
  labels: z.array(z.string()),
  comment: z.string(),
  createdAt: z.string(),
});
export const ServiceRateDetail = z.object({
  serviceId: z.string(),
  average: z.number(),
  count: z.number().int(),
  distribution: z.array(z.object({ score: z.number().int(), count: z.number().int() })),
  labels: z.array(z.object({ labelName: z.string(), count: z.number().int() })),
  comments: pageOf(RatingComment),
});
export type ServiceRateDetail = z.infer<typeof ServiceRateDetail>;

// ---------------------------------------------------------------- guides and search (7.5)

export const ServiceGuide = z.object({
  serviceId: z.string(),
  serviceName: z.string(),
  /** Sanitised rich text. */
  content: z.string(),
  updatedAt: z.string(),
});
export type ServiceGuide = z.infer<typeof ServiceGuide>;

export const GuideSearchRequest = z.object({
  tenantId: TenantId.optional(),
  keyword: Keyword.min(1, SERVICE_TEXTS.keywordRequired),
  size: z.coerce
    .number({ error: SERVICE_TEXTS.sizeInvalid })
    .int(SERVICE_TEXTS.sizeInvalid)
    .min(1, SERVICE_TEXTS.sizeInvalid)
    .max(50, '一次最多50条')
    .default(10),
});
export const GuideHit = z.object({
  serviceId: z.string(),
  serviceName: z.string(),
  snippet: z.string(),
  score: z.number(),
});

export const HeatWordRequest = z
  .object({
    tenantId: TenantId.optional(),
    size: z.coerce
      .number({ error: SERVICE_TEXTS.sizeInvalid })
      .int(SERVICE_TEXTS.sizeInvalid)
      .min(1, SERVICE_TEXTS.sizeInvalid)
      .max(30, '一次最多30条')
      .default(8),
  })
  .nullish()
  .transform((v) => v ?? { size: 8 });

/** Zero-result searches for administrators (serverCenter/searchMiss/page, this project's). */
export const SearchMiss = z.object({ keyword: z.string(), count: z.number().int(), lastAt: z.string() });
export type SearchMiss = z.infer<typeof SearchMiss>;
const SearchMissPageBody = z.object({ tenantId: TenantId.optional(), current: Current, size: Size });
/** The body may be left out (first page of 12); most misses first, then the latest. */
export const SearchMissPageRequest = SearchMissPageBody.nullish().transform((v) => v ?? SearchMissPageBody.parse({}));
export type SearchMissPageRequest = z.input<typeof SearchMissPageBody>;
export const SearchMissPage = pageOf(SearchMiss);
export type SearchMissPage = z.infer<typeof SearchMissPage>;

// ---------------------------------------------------------------- combStr of accessWay '5' (4.4, 7.3)

/** How long a combStr stays redeemable. */
export const COMB_TICKET_TTL_MS = 5 * 60_000;

/** serverCenter/combTicket: a one-time combStr for opening an accessWay '5' service (this project's call). */
export const CombTicketRequest = z.object({ serviceId: Id });
export const CombTicket = z.object({ combStr: z.string(), expiresIn: z.number().int() });
export type CombTicket = z.infer<typeof CombTicket>;

/** 7.3 nobody/weixin/combLoginToMicroService: the service redeems the combStr it was opened with, once. */
export const CombLoginRequest = z.object({
  combStr: noControl(
    z
      .string({ error: SERVICE_TEXTS.combInvalid })
      .trim()
      .min(1, SERVICE_TEXTS.combInvalid)
      .max(200, SERVICE_TEXTS.combInvalid),
  ),
  /** When given, the combStr must have been issued for this service. */
  serviceId: OptionalId,
});
export const CombIdentity = z.object({
  tenantId: z.string(),
  tenantName: z.string(),
  userId: z.string(),
  account: z.string(),
  userName: z.string(),
  nickName: z.string(),
  roleName: z.string(),
  serviceId: z.string(),
});
export type CombIdentity = z.infer<typeof CombIdentity>;

// ---------------------------------------------------------------- the user's own history (personal center, this project's)

/** serverCenter/myRecent: the services the caller opened lately, latest first, one entry per service. */
const MyRecentBody = z.object({
  size: z.coerce
    .number({ error: SERVICE_TEXTS.sizeInvalid })
    .int(SERVICE_TEXTS.sizeInvalid)
    .min(1, SERVICE_TEXTS.sizeInvalid)
    .max(30, '一次最多30条')
    .default(8),
});
export const MyRecentRequest = MyRecentBody.nullish().transform((v) => v ?? MyRecentBody.parse({}));
export type MyRecentRequest = z.input<typeof MyRecentBody>;
export const RecentService = ServiceItem.extend({ lastUsedAt: z.string(), useCount: z.number().int() });
export type RecentService = z.infer<typeof RecentService>;

/** serverCenter/myRates: the caller's own ratings, latest first. */
const MyRatesBody = z.object({ current: Current, size: Size });
export const MyRatesRequest = MyRatesBody.nullish().transform((v) => v ?? MyRatesBody.parse({}));
export type MyRatesRequest = z.input<typeof MyRatesBody>;
export const MyRate = z.object({
  serviceId: z.string(),
  serviceName: z.string(),
  serviceIcon: z.string(),
  /** The service is still online and open to the caller (else it is listed, not opened). */
  available: z.boolean(),
  score: z.number().int(),
  labels: z.array(z.string()),
  comment: z.string(),
  createdAt: z.string(),
});
export type MyRate = z.infer<typeof MyRate>;
export const MyRatesPage = pageOf(MyRate);
export type MyRatesPage = z.infer<typeof MyRatesPage>;

// ---------------------------------------------------------------- clicks and comb-cygj (7.4, 7.9)

export const ClickServiceRequest = z.object({ serviceId: Id, tenantId: TenantId.optional() });

/** Section 3: "Tool item: tools_icon, tools_name". */
export const ToolItem = z.object({
  id: z.string(),
  tools_icon: z.string(),
  tools_name: z.string(),
  tools_url: z.string(),
  tools_type: z.string(),
});
export type ToolItem = z.infer<typeof ToolItem>;
export const NavigationBarItem = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  sort: z.number().int(),
  /** ADR 0074: the name in English ('' none). */
  nameEn: z.string().optional(),
});
export type NavigationBarItem = z.infer<typeof NavigationBarItem>;

/**
 * POST nobody/index/index (body not shown in the spec): the tenant, and optionally how many services the landing
 * page's lists hold — `size` for newly launched and most visited (as NewlyLaunched / OSP/heatService), `perGroup`
 * for the groups (as queryAllServiceByType); 8 each, what the landing page shows.
 */
export const LandingIndexRequest = z
  .object({
    tenantId: TenantId.optional(),
    size: ListSize(TOP_SIZE_MAX, `一次最多${TOP_SIZE_MAX}条`, 8),
    perGroup: ListSize(PER_GROUP_MAX, `每组最多${PER_GROUP_MAX}条`, 8),
  })
  .nullish()
  .transform((v) => v ?? { size: 8, perGroup: 8 });
export type LandingIndexRequest = z.input<typeof LandingIndexRequest>;

/**
 * POST nobody/index/index: the landing page's whole first screen for a visitor in one call (ADR 0051). Each part is
 * what its own nobody call answers a visitor of the tenant at the same moment: config (configDetail), footer
 * (bottomConfigDetail), statistic (getStatisticData), hotWords (nobody/searchHeatWord, 8), navigationBars and tools
 * (comb-cygj nobody/navigationBar/list and nobody/tools/list), newlyLaunched and mostVisited
 * (nobody/serverCenter/NewlyLaunched and OSP/heatService, `size`), and groups: queryAllServiceByType of the first
 * browse tab the configuration shows (scene, else department, else type; null when it shows none), `perGroup`.
 */
export const LandingIndex = z.object({
  tenantName: z.string(),
  config: LandingConfig,
  footer: FooterConfig,
  statistic: ServiceCount,
  hotWords: z.array(z.string()),
  navigationBars: z.array(NavigationBarItem),
  tools: z.array(ToolItem),
  newlyLaunched: z.array(ServiceItem),
  mostVisited: z.array(ServiceItem),
  groups: z
    .object({ groupBy: GroupKind, perGroup: z.number().int(), list: z.array(ServiceGroupWithServices) })
    .nullable(),
});
export type LandingIndex = z.infer<typeof LandingIndex>;

/**
 * What `/`'s page carries of its first screen (ADR 0053), as the JSON script LANDING_DATA_ELEMENT_ID: the answer
 * nobody/index/index gives a visitor of `tenantId` with these sizes, at the moment the page was asked for.
 */
export type LandingPageData = { tenantId: string; size: number; perGroup: number; index: LandingIndex };

// ---------------------------------------------------------------- account security and service icons (7.4)

/** Third-party platforms an account can be bound to (the spec names the call, not the platforms; these are this project's). */
export const BIND_SOURCES = {
  wechat: '微信',
  wecom: '企业微信',
  dingtalk: '钉钉',
  qq: 'QQ',
  alipay: '支付宝',
} as const;
export type BindSource = keyof typeof BIND_SOURCES;
export const BIND_TEXTS = {
  badSource: `第三方账号类型只能是 ${Object.keys(BIND_SOURCES).join('、')}`,
  notBound: '未绑定该第三方账号',
  unbound: '已解除绑定',
} as const;
export const BindSourceSchema = z.enum(Object.keys(BIND_SOURCES) as [BindSource, ...BindSource[]], {
  error: BIND_TEXTS.badSource,
});

/** accountSecurity/removeBind: unbind the caller's account of one platform. */
export const RemoveBindRequest = z.object({ tenantId: TenantId.optional(), source: BindSourceSchema });
export type RemoveBindRequest = z.input<typeof RemoveBindRequest>;
export const RemoveBindResult = z.object({ source: BindSourceSchema, removed: z.boolean() });

/** accountSecurity/bindList (this project's): the caller's bindings, so a client knows what it can unbind. */
export const AccountBinding = z.object({
  id: z.string(),
  source: BindSourceSchema,
  sourceName: z.string(),
  nickName: z.string(),
  boundAt: z.string(),
});
export type AccountBinding = z.infer<typeof AccountBinding>;

/**
 * serviceInfo/upload (multipart, administrators): a service icon. Field `file`; an optional `serviceId` field
 * before it sets that service's icon. Images by their bytes (png, jpg, gif, webp; SVG is refused), 2 MB.
 */
export const SERVICE_ICON_MENUS = [
  'serviceHallConfig',
  'applicationServiceCenterConfig',
  'processServiceCenterConfig',
] as const;
export const ServiceIconUploaded = z.object({
  url: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  serviceId: z.string().nullable(),
});
export type ServiceIconUploaded = z.infer<typeof ServiceIconUploaded>;
export const ServiceIconFields = z.object({ tenantId: TenantId.optional(), serviceId: Id.optional() });

/**
 * The workbench home page and its administration (issue 4): cards and their columns, index types that
 * place cards on the home page for roles, navigation items, footer, theme, pre-login landing page, common
 * tools and external data sources. Section 3 (card configuration, column item, navigation item, type
 * list, theme), 7.6 and 7.4 (theme, card service config).
 */
import './zod-setup.ts';
import { z } from 'zod';
import { CARD_DISPLAY_ROWS_MAX, CARD_DISPLAY_ROWS_MIN, CARD_VIEWS_MAX, CUSTOM_NAVIGATION_LIMIT } from './constants.ts';
import { imageUrl, safeLink } from './input.ts';
import type { LandingConfig } from './services.ts';

/** The ten card types of section 1 / 2.3. */
export const CARD_TYPES = [
  'waitHandle',
  'businessExpress',
  'personalMatters',
  'todoTable',
  'myCollection',
  'campusNews',
  'commonTools',
  'recommend',
  'commonUse',
  'announcement',
] as const;
export const CardType = z.enum(CARD_TYPES);
export type CardType = z.infer<typeof CardType>;

/** Card types the preview dialog of 2.5 renders. */
export const PREVIEW_CARD_TYPES: readonly CardType[] = ['commonTools', 'recommend', 'commonUse', 'announcement'];

/** Built-in data sources of card columns; 'external' reads a registered HTTP JSON API. */
export const DATA_SOURCES = [
  'todo',
  'done',
  'personalMatters',
  'news',
  'announcement',
  'OfficialAccount',
  'tools',
  'services',
  'favourites',
  'recommend',
  'external',
] as const;
export const DataSourceCode = z.enum(DATA_SOURCES);
export type DataSourceCode = z.infer<typeof DataSourceCode>;

/** Layout of a card: on the same page as the message card (wide) or not (narrow). 2.5. */
export const LAYOUTS = ['same', 'separate'] as const;
export const Layout = z.enum(LAYOUTS);
export type Layout = z.infer<typeof Layout>;

/** Messages the server answers for workbench limits (5 gives the navigation one verbatim). */
export const WORKBENCH_MESSAGES = {
  navigationLimit: '最多可添加6个',
  displayRows: '展示行数须为1到3行',
  privateUrl: '不允许访问内网、本机或链路本地地址',
  badUrl: '地址格式不正确，仅支持 http 或 https',
  fetchFailed: '数据源请求失败',
  fetchTooLarge: '数据源返回内容过大',
  fetchTimeout: '数据源请求超时',
  cardNotFound: '卡片不存在',
  /** Two cards of one name in a tenant could not be told apart in the card list or on the home page's tabs. */
  cardNameTaken: '已有同名卡片，请修改卡片名称',
  /** Likewise a home page's tabs and the common tools. */
  tabNameTaken: '已有同名页签，请修改页签名称',
  toolNameTaken: '已有同名工具，请修改工具名称',
  apiNotFound: '数据源不存在',
  toolNotFound: '工具不存在',
  /** Followed by the columns that read it: 卡片「待我处理」的栏目「OA待办」… */
  apiInUse: '该数据源正被卡片栏目使用，请先修改或删除这些栏目：',
  cardNotPublished: '卡片未发布或无权查看',
  builtInNavigation: '内置导航不可删除',
  builtInNavigationPath: '内置导航的地址不可修改',
  tooManyItems: '选择的服务超过展示上限',
  noImage: '请上传图片',
  badImage: '仅支持 png、jpg、gif、webp 图片',
  imageTooLarge: '图片不能超过2MB',
  holidayNameRequired: '请输入节假日名称',
  holidayNameTooLong: '节假日名称不能超过20个字符',
  holidayDateRequired: '请选择节假日日期',
  holidayDateInvalid: '日期格式不正确，应为有效的 YYYY-MM-DD 日期',
  holidayEndBeforeStart: '结束日期不能早于开始日期',
  holidayGreetingTooLong: '祝福语不能超过50个字符',
  holidayNotFound: '节假日不存在',
  specialTitleRequired: '请输入专题名称',
  specialTitleTooLong: '专题名称不能超过30个字符',
  specialDescriptionTooLong: '专题简介不能超过200个字符',
  specialServicesRequired: '请至少选择一个服务',
  specialServicesTooMany: '每个专题最多选择12个服务',
  specialServicesDuplicate: '同一服务不能重复选择',
  specialServiceUnknown: '所选服务不存在或不属于本校',
  specialImageInvalid: '图片地址不正确',
  specialNotFound: '服务专题不存在',
  sortInvalid: '排序须为0到9999的整数',
  indexTypeNotFound: '页签不存在',
  lastIndexType: '至少保留一个页签',
  defaultIndexType: '默认页签不能删除，请先将其他页签设为默认',
  indexTypeOrder: '排序须包含全部页签，且每个页签只出现一次',
  orderDuplicate: '排序中每项只能出现一次',
  /** A required name or title left empty or only white space (trimmed first): the form's own required message. */
  cardNameRequired: '请输入卡片名称',
  columnNameRequired: '请输入栏目名称',
  apiNameRequired: '请输入接口名称',
  typeNameRequired: '请输入页签名称',
  navigationNameRequired: '请输入导航名称',
  toolNameRequired: '请输入工具名称',
  toolCategoryRequired: '请输入分类',
  /**
   * A save that named the version it was read at (`version`, `cardsVersion`: ADR 0075) while the item has changed
   * since: 409, nothing written.
   */
  changedMeanwhile: '该配置已被他人修改，请刷新后重试',
  /** The link of a navigation item, a common tool, a data source or a footer link. */
  linkRequired: '请输入链接地址',
  linkNameRequired: '请输入链接名称',
  themeNameRequired: '请输入主题名称',
  themeIdRequired: '请输入主题编号',
  titleRequired: '请输入标题',
} as const;

/** A required text a person types: trimmed, then refused with `required` when nothing is left. */
const requiredText = (max: number, required: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max);

/**
 * The English of a text an administrator configures (ADR 0074): optional, the Chinese field's length limit, trimmed;
 * '' (or absent) is none — an interface in en-US then shows the Chinese.
 */
export const englishText = (max: number) => z.string().trim().max(max).optional();

/** common/upload: images for icons, logos and theme pictures. */
export const COMMON_UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
export const UploadedImage = z.object({ url: z.string(), fileName: z.string(), size: z.number().int() });

/** Server-side fetch limits of external data sources. */
export const EXTERNAL_FETCH_TIMEOUT_MS = 5_000;
export const EXTERNAL_FETCH_MAX_BYTES = 512 * 1024;

export { itemLimit } from './constants.ts';

export const IdRequest = z.object({ id: z.string().min(1).max(64) });
export const IdsRequest = z.object({ ids: z.array(z.string().min(1).max(64)).min(1).max(200) });
export const CardIdRequest = z.object({ cardId: z.string().min(1).max(64) });

export const DisplayRows = z
  .number({ error: WORKBENCH_MESSAGES.displayRows })
  .int({ error: WORKBENCH_MESSAGES.displayRows })
  .min(CARD_DISPLAY_ROWS_MIN, { error: WORKBENCH_MESSAGES.displayRows })
  .max(CARD_DISPLAY_ROWS_MAX, { error: WORKBENCH_MESSAGES.displayRows });

/** Section 3: basicConfig (cardName, cardIntroduction, displayRows). */
export const BasicConfig = z.object({
  cardName: requiredText(50, WORKBENCH_MESSAGES.cardNameRequired),
  cardIntroduction: z.string().max(500).default(''),
  displayRows: DisplayRows,
  /** ADR 0074: the card's name and introduction in English (optional). */
  cardNameEn: englishText(50),
  cardIntroductionEn: englishText(500),
});
export type BasicConfig = z.infer<typeof BasicConfig>;

export const CardMapping = z.object({
  field: z.string().min(1).max(100),
  chineseName: z.string().max(100),
  /** ADR 0074: the column header in English (optional). */
  chineseNameEn: englishText(100),
});
export type CardMapping = z.infer<typeof CardMapping>;
export const TypeListEntry = z.object({
  name: z.string().max(50),
  serviceSceneName: z.string().max(50).default(''),
  /** ADR 0074: the tab's name in English (optional); `name` stays what the tab filters by. */
  nameEn: englishText(50),
});
export const StatusColor = z.object({
  typeName: z.string().max(50),
  /** ADR 0074: the status in English (optional), shown for rows whose status is `typeName`. */
  typeNameEn: englishText(50),
  // The longest the pattern admits (# and 8 digits), stated so a form's maxLength derives from it (issue 15).
  colorVal: z
    .string()
    .regex(/^#[0-9a-fA-F]{3,8}$/)
    .max(9),
});
export const OtherInformation = z.object({
  label: z.string().max(50),
  value: z.string().max(500),
  /** ADR 0074: the label in English (optional). */
  labelEn: englishText(50),
});

/** A card: basic config plus the card-wide parts of section 3's card configuration. */
export const Card = z.object({
  id: z.string(),
  cardType: CardType,
  basicConfig: BasicConfig,
  dataSource: z.string(),
  typeList: z.array(TypeListEntry),
  currentStatusBackgroundColor: z.array(StatusColor),
  otherInformationList: z.array(OtherInformation),
  /** Services chosen for a business-express card (empty: the services the role may use). */
  serviceIds: z.array(z.string()),
  /** 1 published, 0 not. */
  status: z.number().int(),
  roleIds: z.array(z.string()),
  sort: z.number().int(),
  updatedAt: z.string(),
  /**
   * The version the administrator's screen read (ADR 0075): a hash of the item as the read answered it. Optional: a
   * save that sends it is refused with 409 changedMeanwhile when the item changed since.
   */
  version: z.string().optional(),
});
export type Card = z.infer<typeof Card>;

export const CardBasicSubmit = z.object({
  id: z.string().max(64).optional(),
  cardType: CardType,
  basicConfig: BasicConfig,
  dataSource: z.string().max(50).default(''),
  typeList: z.array(TypeListEntry).max(50).default([]),
  currentStatusBackgroundColor: z.array(StatusColor).max(50).default([]),
  otherInformationList: z.array(OtherInformation).max(50).default([]),
  serviceIds: z.array(z.string().max(64)).max(100).default([]),
  /** The `version` the item was read at (ADR 0075); absent: saved whatever changed since (last save wins). */
  version: z.string().max(64).optional(),
});
export type CardBasicSubmit = z.input<typeof CardBasicSubmit>;

/** Section 3: card list column item (configuration part). */
export const CardColumn = z.object({
  id: z.string(),
  cardId: z.string(),
  columnName: z.string(),
  dataSource: DataSourceCode,
  /** The registered external API of an 'external' column. */
  apiId: z.string().nullable(),
  /** News category, to-do flow type, tool type …: narrows the built-in source. */
  category: z.string(),
  todoTypeName: z.string(),
  todoTimeoutName: z.string(),
  cardMapping: z.array(CardMapping),
  sort: z.number().int(),
  /**
   * The version the administrator's screen read (ADR 0075): a hash of the item as the read answered it. Optional: a
   * save that sends it is refused with 409 changedMeanwhile when the item changed since.
   */
  version: z.string().optional(),
  /** ADR 0074: the column's name and its to-do labels in English ('' none). */
  columnNameEn: z.string().optional(),
  todoTypeNameEn: z.string().optional(),
  todoTimeoutNameEn: z.string().optional(),
});
export type CardColumn = z.infer<typeof CardColumn>;

export const CardColumnSubmit = z.object({
  id: z.string().max(64).optional(),
  cardId: z.string().min(1).max(64),
  columnName: requiredText(50, WORKBENCH_MESSAGES.columnNameRequired),
  dataSource: DataSourceCode,
  apiId: z.string().max(64).nullable().default(null),
  category: z.string().max(50).default(''),
  todoTypeName: z.string().max(50).default(''),
  todoTimeoutName: z.string().max(50).default(''),
  cardMapping: z.array(CardMapping).max(30).default([]),
  /** The `version` the item was read at (ADR 0075); absent: saved whatever changed since (last save wins). */
  version: z.string().max(64).optional(),
  columnNameEn: englishText(50),
  todoTypeNameEn: englishText(50),
  todoTimeoutNameEn: englishText(50),
});
export type CardColumnSubmit = z.input<typeof CardColumnSubmit>;

/**
 * cardbasicconfig/create (not in the spec; ADR 0071): a new card with the roles it is granted to, its first column and
 * its place on a home tab, written in one transaction — all of it or nothing. The card's fields are those of
 * cardbasicconfig/submit without an id; `column` is cardcolumnconfig/submit's without an id or a card (absent: no
 * column); `placement` puts the card on a tab (absent: on none): `typeId` the tab (absent: the first tab by sort, none
 * when the tenant has no tab), `position` where among the tab's cards, from 0 (absent, or past the end: last). The
 * server adds the card to the tab as the tab is then, not to a list the client read before.
 */
export const CardCreateRequest = CardBasicSubmit.omit({ id: true, version: true }).extend({
  roleIds: z.array(z.string().min(1).max(64)).max(50).default([]),
  column: CardColumnSubmit.omit({ id: true, cardId: true, version: true }).optional(),
  placement: z
    .object({
      typeId: z.string().min(1).max(64).optional(),
      position: z.number().int().min(0).max(9999).optional(),
    })
    .optional(),
});
export type CardCreateRequest = z.input<typeof CardCreateRequest>;
/** What cardbasicconfig/create made: the card (with its roles), its column, and the tab it was put on (or null). */
export const CardCreated = z.object({
  card: Card,
  column: CardColumn.nullable(),
  typeId: z.string().nullable(),
});
export type CardCreated = z.infer<typeof CardCreated>;

export const AdjustOrderRequest = z.object({
  cardId: z.string().max(64).optional(),
  ids: z.array(z.string().min(1).max(64)).min(1).max(200),
});

/** A service as the cards show it (section 3 service item). */
export const CardService = z.object({
  serviceId: z.string(),
  serviceName: z.string(),
  serviceIcon: z.string(),
  shelfLabelName: z.string(),
  labelName: z.string(),
  serviceDeptName: z.string(),
  serviceSceneName: z.string(),
  visitCount: z.number(),
  processType: z.string(),
  hasGuide: z.boolean(),
  accessWay: z.string(),
  openWay: z.string(),
  serviceUrl: z.string(),
});
export type CardService = z.infer<typeof CardService>;

export const ToolItem = z.object({
  id: z.string(),
  tools_icon: z.string(),
  tools_name: z.string(),
  tools_url: z.string(),
  tools_type: z.string(),
  /**
   * The version the administrator's screen read (ADR 0075): a hash of the item as the read answered it. Optional: a
   * save that sends it is refused with 409 changedMeanwhile when the item changed since.
   */
  version: z.string().optional(),
});
export type ToolItem = z.infer<typeof ToolItem>;

/** Section 3 announcement, plus what the news card needs. */
export const NewsItem = z.object({
  id: z.string(),
  title: z.string(),
  fieldSet: z.string(),
  releaseTime: z.string(),
  create_time: z.string(),
  important: z.boolean(),
  url: z.string(),
  category: z.string(),
  /** Issue 16: an administrator wrote a body (read through news/detail) — the title opens it when there is no url. */
  hasContent: z.boolean().optional(),
});
export type NewsItem = z.infer<typeof NewsItem>;

/** Section 3 column item with its data: counts for to-do columns, rows (`result`) for the others. */
export const ColumnData = z.object({
  id: z.string(),
  columnName: z.string(),
  dataSource: DataSourceCode,
  todoNum: z.number(),
  todoTypeName: z.string(),
  todoTimeoutNum: z.number(),
  todoTimeoutName: z.string(),
  num: z.number(),
  result: z.array(z.record(z.string(), z.unknown())),
  cardMapping: z.array(CardMapping),
  /** Set when an external source failed: the column still renders, empty. */
  error: z.string().optional(),
  /** The column's to-do reminder (saveTodoNumRemind) is on and its watched count reached the threshold. */
  remind: z.boolean().optional(),
  /** ADR 0074: the column's name and its to-do labels in English ('' none). */
  columnNameEn: z.string().optional(),
  todoTypeNameEn: z.string().optional(),
  todoTimeoutNameEn: z.string().optional(),
});
export type ColumnData = z.infer<typeof ColumnData>;

/** A card with its data: what getConfig and preview answer. */
export const CardView = Card.extend({
  list: z.array(ColumnData),
  services: z.array(CardService),
  tools: z.array(ToolItem),
  news: z.array(NewsItem),
});
export type CardView = z.infer<typeof CardView>;

/** cardcolumnconfig/getConfigs (ADR 0054): cards of the caller's home page in one layout, 1 to CARD_VIEWS_MAX. */
export const CardViewsRequest = z.object({
  cardIds: z.array(z.string().min(1).max(64)).min(1).max(CARD_VIEWS_MAX),
  layout: Layout.default('same'),
});
/**
 * One card of getConfigs: the envelope cardcolumnconfig/getConfig answers that caller for that card — the view with
 * status 1000, or that card's own error (status, msg, msgDetail) with a null result.
 */
export const CardViewPart = z.object({
  cardId: z.string(),
  status: z.number().int(),
  msg: z.string(),
  msgDetail: z.string(),
  result: CardView.nullable(),
});
export type CardViewPart = z.infer<typeof CardViewPart>;
/** The answer of getConfigs: one part per asked card, in the order asked. */
export const CardViews = z.object({ list: z.array(CardViewPart) });
export type CardViews = z.infer<typeof CardViews>;

export const PreviewRequest = z.object({ cardId: z.string().min(1).max(64) });
export const ServiceListRequest = z.object({
  keyword: z.string().max(50).default(''),
  size: z.number().int().min(1).max(500).default(100),
});

/** An external HTTP JSON API registered as a data source. */
export const ExternalApi = z.object({
  id: z.string(),
  apiName: z.string(),
  url: z.string(),
  method: z.enum(['GET', 'POST']),
  /** Dotted path of the list inside the JSON answer ('' = the answer itself, or its result/data). */
  listPath: z.string(),
  requestParams: z.array(z.object({ name: z.string(), paramType: z.string(), value: z.string() })),
  returnParams: z.array(z.object({ field: z.string(), paramType: z.string(), chineseName: z.string() })),
});
export type ExternalApi = z.infer<typeof ExternalApi>;
export const ExternalApiSubmit = ExternalApi.omit({ id: true }).extend({
  id: z.string().max(64).optional(),
  apiName: requiredText(50, WORKBENCH_MESSAGES.apiNameRequired),
  url: requiredText(1000, WORKBENCH_MESSAGES.linkRequired),
  method: z.enum(['GET', 'POST']).default('GET'),
  listPath: z.string().max(100).default(''),
  requestParams: z
    .array(z.object({ name: z.string().max(50), paramType: z.string().max(20), value: z.string().max(200) }))
    .max(30)
    .default([]),
  returnParams: z
    .array(z.object({ field: z.string().max(100), paramType: z.string().max(20), chineseName: z.string().max(50) }))
    .max(50)
    .default([]),
});

export const DataSourceEntry = z.object({
  code: z.string(),
  name: z.string(),
  external: z.boolean(),
  apiId: z.string().nullable(),
});
export const DataSourceParamRequest = z.object({
  dataSource: DataSourceCode,
  apiId: z.string().max(64).nullable().default(null),
});
export const ParamEntry = z.object({
  field: z.string(),
  chineseName: z.string(),
  paramType: z.string(),
  /** ADR 0074: the built-in sources' default header in English (a registered API's fields have none). */
  chineseNameEn: z.string().optional(),
});

export const VerifyUrlRequest = z.object({ url: z.string().trim().min(1).max(1000) });
export const VerifyUrlResult = z.object({
  url: z.string(),
  reachable: z.boolean(),
  fields: z.array(z.string()),
  sample: z.array(z.record(z.string(), z.unknown())),
});

export const CopyColumnsRequest = z.object({
  cardId: z.string().min(1).max(64),
  columnIds: z.array(z.string().max(64)).max(50).optional(),
});
export const CopyableColumn = CardColumn.extend({ cardName: z.string() });

export const TodoRemind = z.object({
  columnId: z.string(),
  field: z.string(),
  threshold: z.number().int(),
  enabled: z.boolean(),
});
export const TodoRemindSubmit = z.object({
  columnId: z.string().min(1).max(64),
  field: z.enum(['todoNum', 'todoTimeoutNum']),
  threshold: z.number().int().min(0).max(1_000_000),
  enabled: z.boolean(),
});
export const ColumnIdRequest = z.object({ columnId: z.string().min(1).max(64) });

/** Section 3 type list: id, typeName, cardConfigs. An index type places cards on the home page. */
export const IndexType = z.object({
  id: z.string(),
  typeName: z.string(),
  /** ADR 0074: the tab's name in English ('' none: the home page in English shows the Chinese). */
  typeNameEn: z.string().optional(),
  layout: Layout,
  /** 1 on the page, 0 taken down ('under'). */
  status: z.number().int(),
  sort: z.number().int(),
  /**
   * The tab the home page opens on (issue 16): the one an administrator chose (indextypeconfig/setDefault), else the
   * first by sort. A new tab is added last and is never the default by itself.
   */
  isDefault: z.boolean(),
  cardConfigs: z.array(Card),
  /**
   * The version the administrator's screen read (ADR 0075): a hash of the item as the read answered it. Optional: a
   * save that sends it is refused with 409 changedMeanwhile when the item changed since.
   */
  version: z.string().optional(),
  /**
   * The version of the tab's card list, in order (ADR 0075): what indextypeconfig/submitCard takes as `cardsVersion`.
   */
  cardsVersion: z.string().optional(),
});
export type IndexType = z.infer<typeof IndexType>;
export const IndexTypeSubmit = z.object({
  id: z.string().max(64).optional(),
  typeName: requiredText(50, WORKBENCH_MESSAGES.typeNameRequired),
  /** ADR 0074: absent keeps an edited tab's English as it is. */
  typeNameEn: englishText(50),
  layout: Layout.default('same'),
  /** 0 (or absent): a new tab goes last, an edited one keeps its place. */
  sort: z.number().int().min(0).max(9999).default(0),
  /** The `version` the item was read at (ADR 0075); absent: saved whatever changed since (last save wins). */
  version: z.string().max(64).optional(),
});
/** indextypeconfig/adjustOrder (not in the spec): every tab of the tenant, once each, in the new order. */
export const IndexTypeOrderRequest = z.object({ ids: z.array(z.string().min(1).max(64)).min(1).max(100) });
export const SubmitCardsRequest = z.object({
  typeId: z.string().min(1).max(64),
  cardIds: z.array(z.string().min(1).max(64)).max(50),
  /**
   * The tab's `cardsVersion` the list was read at (ADR 0075); when the tab's cards changed since (a card another
   * administrator put on it or took off), 409 changedMeanwhile and nothing written. Absent: the list is written as sent.
   */
  cardsVersion: z.string().max(64).optional(),
});
export const UnderRequest = z.object({ id: z.string().min(1).max(64), status: z.union([z.literal(0), z.literal(1)]) });
export const AuthConfigRequest = z.object({
  cardId: z.string().min(1).max(64),
  roleIds: z.array(z.string().min(1).max(64)).max(50),
});
export const RoleEntry = z.object({ id: z.string(), roleName: z.string(), roleType: z.string() });
export const RoleClass = z.object({ roleType: z.string(), roles: z.array(RoleEntry) });

/** What the home page of the caller shows: index types with their published, granted cards. */
export const HomeLayout = z.object({ types: z.array(IndexType) });
export type HomeLayout = z.infer<typeof HomeLayout>;

/** The longest English name of a navigation item (the Chinese takes 20). */
export const NAVIGATION_NAME_EN_MAX = 40;
/** Section 3 navigation item. */
export const NAVIGATION_TYPES = ['ADD', 'SERVICE_HALL', 'FLOW_SERVICE_CENTER', 'APPLY_SERVICE_CENTER'] as const;
export const NavigationItem = z.object({
  id: z.string(),
  navigationName: z.string(),
  /** Its English (ADR 0074): '' none, the English interface then shows a built-in item's own name or the Chinese. */
  navigationNameEn: z.string().optional(),
  navigationType: z.enum(NAVIGATION_TYPES),
  /** 1 built-in, 2 custom. */
  isBuilt: z.union([z.literal(1), z.literal(2)]),
  /** 1 shows 'enabled'. */
  isAuto: z.union([z.literal(0), z.literal(1)]),
  /** Built-in: the route name; custom: the url it opens. */
  configPath: z.string(),
  /** Custom items: open embedded (navIfram) or in a new tab. */
  embedded: z.boolean(),
  sort: z.number().int(),
  /**
   * The version the administrator's screen read (ADR 0075): a hash of the item as the read answered it. Optional: a
   * save that sends it is refused with 409 changedMeanwhile when the item changed since.
   */
  version: z.string().optional(),
});
export type NavigationItem = z.infer<typeof NavigationItem>;
export const NavigationSubmit = z.object({
  id: z.string().max(64).optional(),
  navigationName: requiredText(20, WORKBENCH_MESSAGES.navigationNameRequired),
  /** ADR 0074: absent keeps an item's English, '' takes it away. */
  navigationNameEn: englishText(NAVIGATION_NAME_EN_MAX),
  navigationType: z.enum(NAVIGATION_TYPES).default('ADD'),
  isAuto: z.union([z.literal(0), z.literal(1)]).default(1),
  configPath: requiredText(1000, WORKBENCH_MESSAGES.linkRequired),
  embedded: z.boolean().default(true),
  sort: z.number().int().min(0).max(9999).default(0),
  /** The `version` the item was read at (ADR 0075); absent: saved whatever changed since (last save wins). */
  version: z.string().max(64).optional(),
});
export type NavigationSubmit = z.input<typeof NavigationSubmit>;
export { CUSTOM_NAVIGATION_LIMIT };

/** Footer of the shell and landing page. */
export const FooterInfo = z.object({
  copyright: z.string().max(200),
  address: z.string().max(200),
  phone: z.string().max(50),
  email: z.string().max(100),
  /** Links: http(s) addresses or paths of this site only (safeLink), so no footer can carry javascript: and the like. */
  links: z.array(z.object({ name: z.string().max(50), url: safeLink(500) })).max(20),
});
export type FooterInfo = z.infer<typeof FooterInfo>;
/** The most links a footer keeps. */
export const FOOTER_LINKS_MAX = 20;
/**
 * indexfooterinfo/submit: the texts trimmed (one left blank is stored as '' and not shown); a link needs its name and
 * its address.
 */
export const FooterSubmit = FooterInfo.extend({
  copyright: z.string().trim().max(200),
  address: z.string().trim().max(200),
  phone: z.string().trim().max(50),
  email: z.string().trim().max(100),
  links: z
    .array(
      z.object({
        name: requiredText(50, WORKBENCH_MESSAGES.linkNameRequired),
        url: safeLink(500).min(1, { error: WORKBENCH_MESSAGES.linkRequired }),
      }),
    )
    .max(FOOTER_LINKS_MAX),
});

/** Section 3 theme object. */
export const Theme = z.object({
  themeName: z.string().max(50),
  themeId: z.string().max(64),
  // The max after the pattern, so a wrong colour still reports the pattern's message first.
  themeColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: '主题色格式不正确' })
    .max(7),
  themeImg: z.string().max(1000).default(''),
  themeImgBorderColor: z.string().max(20).default(''),
  WaitingForMeToHandleBCImg: z.string().max(1000).default(''),
});
export type Theme = z.infer<typeof Theme>;
/** themeSetUp/submit and userThemeSetUp/submit: a theme is saved with its name and id (trimmed). */
export const ThemeSubmit = Theme.extend({
  themeName: requiredText(50, WORKBENCH_MESSAGES.themeNameRequired),
  themeId: requiredText(64, WORKBENCH_MESSAGES.themeIdRequired),
});
export type ThemeInput = z.input<typeof ThemeSubmit>;

/**
 * themeSetUp/detail: the theme the caller sees (their own, else the tenant's, else #008cff), whether it is
 * their own (userThemeSetUp), and the tenant's theme, which stays the default: the user-theme dialog offers
 * it as 'follow the school theme' and logout falls back to it.
 */
export const ThemeDetail = Theme.extend({ personal: z.boolean(), tenant: Theme });
export type ThemeDetail = z.infer<typeof ThemeDetail>;

/**
 * The pre-login landing page configuration (preLoginConfig): the landing page's own configuration of the
 * catalogue (services.ts LandingConfig, shown by nobody/prepareLogin/configDetail) plus where it sends a
 * visitor to log in.
 */
export const PreLoginConfig = z.object({
  title: z.string().max(100),
  subtitle: z.string().max(200),
  logo: z.string().max(1000),
  banner: z.string().max(1000),
  searchPlaceholder: z.string().max(100),
  titleEn: englishText(100),
  subtitleEn: englishText(200),
  searchPlaceholderEn: englishText(100),
  showStatistic: z.boolean(),
  showScenes: z.boolean(),
  showDepts: z.boolean(),
  showTypes: z.boolean(),
  showNewly: z.boolean(),
  showPopular: z.boolean(),
  showTools: z.boolean(),
  jumpServerUrl: z.string().max(1000),
}) satisfies z.ZodType<LandingConfig & { jumpServerUrl: string }>;
export type PreLoginConfig = z.infer<typeof PreLoginConfig>;
/** preLogin/submit: the landing page keeps a title; the texts are trimmed. */
export const PreLoginSubmit = PreLoginConfig.extend({
  title: requiredText(100, WORKBENCH_MESSAGES.titleRequired),
  subtitle: z.string().trim().max(200),
  searchPlaceholder: z.string().trim().max(100),
});

/** A header link of the pre-login landing page (comb-cygj's navigation bar): its name, its English and its address. */
export const PreLoginLink = z.object({
  name: requiredText(50, WORKBENCH_MESSAGES.linkNameRequired),
  nameEn: englishText(50),
  url: safeLink(1000).min(1, { error: WORKBENCH_MESSAGES.linkRequired }),
});
/** The most header links the landing page keeps. */
export const PRE_LOGIN_LINKS_MAX = 20;
/** preLogin/links (not in the spec): the landing page's header links in order, and the version a save names (ADR 0075). */
export const PreLoginLinks = z.object({
  links: z.array(z.object({ name: z.string(), nameEn: z.string(), url: z.string() })),
  version: z.string(),
});
export type PreLoginLinks = z.infer<typeof PreLoginLinks>;
/** preLogin/submitLinks (not in the spec): the header links, replaced as a whole in this order. */
export const PreLoginLinksSubmit = z.object({
  links: z.array(PreLoginLink).max(PRE_LOGIN_LINKS_MAX),
  version: z.string().max(64).optional(),
});
export type PreLoginLinksSubmit = z.input<typeof PreLoginLinksSubmit>;

export const CommonToolSave = z.object({
  id: z.string().max(64).optional(),
  tools_name: requiredText(50, WORKBENCH_MESSAGES.toolNameRequired),
  tools_icon: z.string().max(1000).default(''),
  tools_url: safeLink(1000).min(1, { error: WORKBENCH_MESSAGES.linkRequired }),
  tools_type: requiredText(50, WORKBENCH_MESSAGES.toolCategoryRequired),
  sort: z.number().int().min(0).max(9999).default(0),
  /** The `version` the item was read at (ADR 0075); absent: saved whatever changed since (last save wins). */
  version: z.string().max(64).optional(),
});

/** Card service config of 7.4: the services a service card shows. */
export const ServiceCardConfigRequest = z.object({
  cardId: z.string().max(64).optional(),
  cardType: CardType.optional(),
});
export const ServiceCardConfig = z.object({
  cardId: z.string(),
  cardName: z.string(),
  displayRows: z.number().int(),
  services: z.array(CardService),
});

/** Services shown per special on the home page (and chosen per special in its administration). */
export const SERVICE_SPECIAL_SERVICES_MAX = 12;
/** Limits of the holiday and service-special administration (not in the spec, which only reads them). */
export const HOLIDAY_NAME_MAX = 20;
export const HOLIDAY_GREETING_MAX = 50;
/** English runs longer than Chinese: its limits are the Chinese ones' double. */
export const HOLIDAY_NAME_EN_MAX = 40;
export const HOLIDAY_GREETING_EN_MAX = 100;
export const SERVICE_SPECIAL_TITLE_EN_MAX = 60;
export const SERVICE_SPECIAL_DESCRIPTION_EN_MAX = 400;
export const SERVICE_SPECIAL_TITLE_MAX = 30;
export const SERVICE_SPECIAL_DESCRIPTION_MAX = 200;

/** A real calendar day written YYYY-MM-DD (2027-02-30 is refused). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value;
}
const CalendarDate = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .refine(isCalendarDate, { error: WORKBENCH_MESSAGES.holidayDateInvalid });
const SortOrder = z
  .number({ error: WORKBENCH_MESSAGES.sortInvalid })
  .int({ error: WORKBENCH_MESSAGES.sortInvalid })
  .min(0, { error: WORKBENCH_MESSAGES.sortInvalid })
  .max(9999, { error: WORKBENCH_MESSAGES.sortInvalid });

/**
 * homePage/getHoliday: coming holidays (date YYYY-MM-DD, to endDate for a holiday of several days) with the
 * days left, 0 from the first to the last day; greeting replaces the default wish on those days when set.
 */
export const Holiday = z.object({
  id: z.string(),
  name: z.string(),
  date: z.string(),
  endDate: z.string(),
  greeting: z.string(),
  /** ADR 0074: the name and greeting in English ('' none: the home page in English shows the Chinese). */
  nameEn: z.string().optional(),
  greetingEn: z.string().optional(),
  daysLeft: z.number().int(),
});
export type Holiday = z.infer<typeof Holiday>;
/** indexholidayconfig/list: a holiday as the administrator edits it, past ones included. */
export const HolidayItem = z.object({
  id: z.string(),
  name: z.string(),
  date: z.string(),
  endDate: z.string(),
  greeting: z.string(),
  nameEn: z.string().optional(),
  greetingEn: z.string().optional(),
  updatedAt: z.string(),
});
export type HolidayItem = z.infer<typeof HolidayItem>;
/** indexholidayconfig/submit: without id creates; endDate empty or left out means a one-day holiday. */
export const HolidaySubmit = z
  .object({
    id: z.string().max(64).optional(),
    name: z
      .string({ error: WORKBENCH_MESSAGES.holidayNameRequired })
      .trim()
      .min(1, { error: WORKBENCH_MESSAGES.holidayNameRequired })
      .max(HOLIDAY_NAME_MAX, { error: WORKBENCH_MESSAGES.holidayNameTooLong }),
    date: CalendarDate(WORKBENCH_MESSAGES.holidayDateRequired),
    endDate: z
      .string({ error: WORKBENCH_MESSAGES.holidayDateInvalid })
      .trim()
      .refine((v) => v === '' || isCalendarDate(v), { error: WORKBENCH_MESSAGES.holidayDateInvalid })
      .nullish(),
    greeting: z
      .string({ error: WORKBENCH_MESSAGES.holidayGreetingTooLong })
      .trim()
      .max(HOLIDAY_GREETING_MAX, { error: WORKBENCH_MESSAGES.holidayGreetingTooLong })
      .default(''),
    nameEn: englishText(HOLIDAY_NAME_EN_MAX),
    greetingEn: englishText(HOLIDAY_GREETING_EN_MAX),
  })
  .refine((v) => !v.endDate || v.endDate >= v.date, {
    error: WORKBENCH_MESSAGES.holidayEndBeforeStart,
    path: ['endDate'],
  });
export type HolidaySubmit = z.input<typeof HolidaySubmit>;

/** homePage/getServiceSpecial(List): an enabled service special (topic) with the services of it the caller may use. */
export const ServiceSpecial = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** ADR 0074: the title and description in English ('' none). */
  titleEn: z.string().optional(),
  descriptionEn: z.string().optional(),
  serviceIds: z.array(z.string()),
  img: z.string(),
  services: z.array(CardService),
});
export type ServiceSpecial = z.infer<typeof ServiceSpecial>;
/** indexservicespecialconfig/list: a special as the administrator edits it, with its chosen services in order. */
export const ServiceSpecialItem = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  titleEn: z.string().optional(),
  descriptionEn: z.string().optional(),
  img: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  serviceIds: z.array(z.string()),
  services: z.array(z.object({ serviceId: z.string(), serviceName: z.string() })),
  updatedAt: z.string(),
});
export type ServiceSpecialItem = z.infer<typeof ServiceSpecialItem>;
/** An uploaded image (a path of this site) or an http(s) address. */
const ImageUrl = imageUrl(WORKBENCH_MESSAGES.specialImageInvalid);
/** indexservicespecialconfig/submit: the special and its services (in order) are saved together. */
export const ServiceSpecialSubmit = z.object({
  id: z.string().max(64).optional(),
  title: z
    .string({ error: WORKBENCH_MESSAGES.specialTitleRequired })
    .trim()
    .min(1, { error: WORKBENCH_MESSAGES.specialTitleRequired })
    .max(SERVICE_SPECIAL_TITLE_MAX, { error: WORKBENCH_MESSAGES.specialTitleTooLong }),
  description: z
    .string({ error: WORKBENCH_MESSAGES.specialDescriptionTooLong })
    .trim()
    .max(SERVICE_SPECIAL_DESCRIPTION_MAX, { error: WORKBENCH_MESSAGES.specialDescriptionTooLong })
    .default(''),
  titleEn: englishText(SERVICE_SPECIAL_TITLE_EN_MAX),
  descriptionEn: englishText(SERVICE_SPECIAL_DESCRIPTION_EN_MAX),
  img: ImageUrl.default(''),
  /** Left out: after the last special. Lower first; the first enabled special is the featured one. */
  sort: SortOrder.optional(),
  enabled: z.boolean().default(true),
  serviceIds: z
    .array(
      z
        .string()
        .min(1, { error: WORKBENCH_MESSAGES.specialServiceUnknown })
        .max(64, { error: WORKBENCH_MESSAGES.specialServiceUnknown }),
      { error: WORKBENCH_MESSAGES.specialServicesRequired },
    )
    .min(1, { error: WORKBENCH_MESSAGES.specialServicesRequired })
    .max(SERVICE_SPECIAL_SERVICES_MAX, { error: WORKBENCH_MESSAGES.specialServicesTooMany })
    .refine((ids) => new Set(ids).size === ids.length, { error: WORKBENCH_MESSAGES.specialServicesDuplicate }),
});
export type ServiceSpecialSubmit = z.input<typeof ServiceSpecialSubmit>;

export const BusinessConfigMenu = z.object({ name: z.string(), path: z.string(), title: z.string() });
export const TopMenu = z.object({ navigation: z.array(NavigationItem) });

export const DropListEntry = z.object({ dictKey: z.string(), dictValue: z.string() });

export const PreLoginIndex = z.object({
  config: PreLoginConfig,
  footer: FooterInfo,
  navigation: z.array(NavigationItem),
});
export const DataOverview = z.object({
  serviceCount: z.number(),
  deptCount: z.number(),
  sceneCount: z.number(),
  visitCount: z.number(),
});
export const GroupCount = z.object({ id: z.string(), name: z.string(), count: z.number() });

/** 7.4 platformapplyguiselogo/detail: the logo and system name the shell and landing page show. */
export const GuiseLogo = z.object({ logo: z.string(), systemName: z.string(), themeColor: z.string() });
export type GuiseLogo = z.infer<typeof GuiseLogo>;

/** A call of the workbench groups that takes no fields (any body, or none). */
export const EmptyRequest = z.object({}).passthrough().optional();
/** How many rows a bulk call changed. */
export const CountResult = z.object({ count: z.number().int() });

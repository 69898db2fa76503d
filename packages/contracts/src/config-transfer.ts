import './zod-setup.ts';
import { z } from 'zod';
import { safeLink } from './input.ts';
import { ThreeListConfig } from './transfer.ts';
import {
  BasicConfig,
  HOLIDAY_GREETING_MAX,
  HOLIDAY_GREETING_EN_MAX,
  HOLIDAY_NAME_EN_MAX,
  NAVIGATION_NAME_EN_MAX,
  SERVICE_SPECIAL_TITLE_EN_MAX,
  SERVICE_SPECIAL_DESCRIPTION_EN_MAX,
  HOLIDAY_NAME_MAX,
  SERVICE_SPECIAL_DESCRIPTION_MAX,
  SERVICE_SPECIAL_SERVICES_MAX,
  SERVICE_SPECIAL_TITLE_MAX,
  WORKBENCH_MESSAGES,
  isCalendarDate,
  CardMapping,
  CardType,
  DataSourceCode,
  FooterInfo,
  Layout,
  NAVIGATION_TYPES,
  OtherInformation,
  PreLoginConfig,
  StatusColor,
  Theme,
  TypeListEntry,
  englishText,
} from './workbench.ts';

/**
 * The workbench configuration file (issue 16, ADR 0031): a tenant's home tabs and cards, navigation, common tools,
 * theme, footer, logo and pre-login page as one JSON file that another tenant or environment imports. Roles are named
 * by their alias, services by name and department, external data sources by name; ids never leave a tenant.
 */
export const CONFIG_FILE_FORMAT = 'campus-portal.workbench-config';
export const CONFIG_FILE_VERSION = 1;
/** The largest file the import takes (the upload parser's limit of the workbench modules). */
export const CONFIG_FILE_MAX_BYTES = 2 * 1024 * 1024;
/** What a file never holds, said in the file itself and by the import. */
export const CONFIG_FILE_LEFT_OUT =
  '不含用户、会话、密码与任何密钥；外部数据源（地址与凭据）不随文件迁移，导入时按名称匹配目标租户已有的数据源。';

export const CONFIG_TRANSFER_TEXTS = {
  fileRequired: '请上传配置文件',
  badExtension: '只能上传 json 格式的配置文件',
  tooLarge: '配置文件大小不能超过 2MB',
  oneFile: '当前限制选择 1 个文件，请删除后再上传',
  badJson: '配置文件不是有效的 JSON，请上传本系统导出的配置文件',
  badFormat: '文件不是工作台配置文件（format 应为 campus-portal.workbench-config）',
  badVersion: `配置文件版本不受支持，当前只支持版本 ${CONFIG_FILE_VERSION}`,
  badContent: '配置文件内容不正确',
  unknownCardKey: '首页标签引用了文件中不存在的卡片',
  duplicateCardKey: '文件中的卡片编号重复',
  duplicateCardName: '文件中有同名卡片，卡片名称须唯一',
  duplicateTabName: '文件中有同名页签，页签名称须唯一',
  duplicateToolName: '文件中有同名工具，工具名称须唯一',
  duplicateNavigationName: '文件中有同名导航，导航名称须唯一',
  noTab: '配置文件至少需要一个首页标签',
  // Reasons of what an import skipped.
  roleMissing: '目标租户没有该角色，已跳过该授权',
  serviceMissing: '目标租户没有该服务，已从卡片中去掉',
  apiMissing: '目标租户没有该外部数据源，栏目已保留但未连接数据源',
} as const;

const Name = z.string().trim().min(1).max(100);

export const ConfigFileService = z.object({ name: Name, dept: z.string().max(100).default('') });
export type ConfigFileService = z.infer<typeof ConfigFileService>;

export const ConfigFileRemind = z.object({
  field: z.string().max(100),
  threshold: z.number().int().min(0).max(1_000_000),
  enabled: z.boolean(),
});

export const ConfigFileColumn = z.object({
  columnName: z.string().trim().min(1).max(50),
  dataSource: DataSourceCode,
  /** The name of the tenant's external data source an 'external' column reads; matched by name on import. */
  externalApi: z.string().max(100).nullable().default(null),
  category: z.string().max(50).default(''),
  todoTypeName: z.string().max(50).default(''),
  todoTimeoutName: z.string().max(50).default(''),
  cardMapping: z.array(CardMapping).max(30).default([]),
  remind: ConfigFileRemind.nullable().default(null),
  /** ADR 0074: English of the column's texts (optional; files of before have none). */
  columnNameEn: englishText(50),
  todoTypeNameEn: englishText(50),
  todoTimeoutNameEn: englishText(50),
});
export type ConfigFileColumn = z.infer<typeof ConfigFileColumn>;

export const ConfigFileCard = z.object({
  /** The card's reference inside this file (home tabs list the keys of their cards). */
  key: z.string().trim().min(1).max(64),
  cardType: CardType,
  basicConfig: BasicConfig,
  dataSource: z.string().max(50).default(''),
  typeList: z.array(TypeListEntry).max(50).default([]),
  currentStatusBackgroundColor: z.array(StatusColor).max(50).default([]),
  otherInformationList: z.array(OtherInformation).max(50).default([]),
  services: z.array(ConfigFileService).max(100).default([]),
  status: z.union([z.literal(0), z.literal(1)]).default(1),
  /** Role aliases (roles.role_alias) the card is granted to. */
  roles: z.array(z.string().trim().min(1).max(64)).max(50).default([]),
  columns: z.array(ConfigFileColumn).max(50).default([]),
});
export type ConfigFileCard = z.infer<typeof ConfigFileCard>;

export const ConfigFileTab = z.object({
  typeName: z.string().trim().min(1).max(50),
  typeNameEn: englishText(50),
  layout: Layout.default('same'),
  status: z.union([z.literal(0), z.literal(1)]).default(1),
  isDefault: z.boolean().default(false),
  /** Keys of the file's cards, in order. */
  cards: z.array(z.string().trim().min(1).max(64)).max(50).default([]),
});
export type ConfigFileTab = z.infer<typeof ConfigFileTab>;

export const ConfigFileNavigation = z.object({
  navigationName: z.string().trim().min(1).max(20),
  /** A file of before has none: the item is imported without English. */
  navigationNameEn: englishText(NAVIGATION_NAME_EN_MAX),
  navigationType: z.enum(NAVIGATION_TYPES),
  isBuilt: z.union([z.literal(1), z.literal(2)]),
  isAuto: z.union([z.literal(0), z.literal(1)]),
  configPath: z.string().trim().min(1).max(1000),
  embedded: z.boolean(),
});
export type ConfigFileNavigation = z.infer<typeof ConfigFileNavigation>;

export const ConfigFileTool = z.object({
  toolsName: z.string().trim().min(1).max(50),
  toolsIcon: z.string().max(1000).default(''),
  toolsUrl: safeLink(1000).min(1),
  toolsType: z.string().max(50).default(''),
});
export type ConfigFileTool = z.infer<typeof ConfigFileTool>;

/**
 * A tool of the landing page: a link, or the JSON configuration of a service to open (its `serviceId` taken out and
 * the service named in `service`, matched by name and department on import).
 */
export const ConfigFileLandingTool = z.object({
  toolsName: z.string().trim().min(1).max(50),
  toolsIcon: z.string().max(1000).default(''),
  toolsUrl: z.string().trim().min(1).max(2000),
  toolsType: z.string().max(50).default(''),
  service: ConfigFileService.nullable().default(null),
});
export type ConfigFileLandingTool = z.infer<typeof ConfigFileLandingTool>;

/** A holiday of the home page greeting (days YYYY-MM-DD; endDate equals date for one day). */
export const ConfigFileHoliday = z
  .object({
    name: z.string().trim().min(1).max(HOLIDAY_NAME_MAX),
    date: z.string().refine(isCalendarDate, { error: WORKBENCH_MESSAGES.holidayDateInvalid }),
    endDate: z.string().refine(isCalendarDate, { error: WORKBENCH_MESSAGES.holidayDateInvalid }),
    greeting: z.string().trim().max(HOLIDAY_GREETING_MAX).default(''),
    nameEn: englishText(HOLIDAY_NAME_EN_MAX),
    greetingEn: englishText(HOLIDAY_GREETING_EN_MAX),
  })
  .refine((v) => v.endDate >= v.date, { error: WORKBENCH_MESSAGES.holidayEndBeforeStart, path: ['endDate'] });

/** A service special (topic) of the home page with its services, in order, by name and department. */
export const ConfigFileSpecial = z.object({
  title: z.string().trim().min(1).max(SERVICE_SPECIAL_TITLE_MAX),
  description: z.string().trim().max(SERVICE_SPECIAL_DESCRIPTION_MAX).default(''),
  titleEn: englishText(SERVICE_SPECIAL_TITLE_EN_MAX),
  descriptionEn: englishText(SERVICE_SPECIAL_DESCRIPTION_EN_MAX),
  img: safeLink(1000).default(''),
  enabled: z.boolean().default(true),
  services: z.array(ConfigFileService).max(SERVICE_SPECIAL_SERVICES_MAX).default([]),
});
export type ConfigFileSpecial = z.infer<typeof ConfigFileSpecial>;

export const ConfigFileCalendar = z.object({
  holidays: z.array(ConfigFileHoliday).max(500),
  specials: z.array(ConfigFileSpecial).max(100),
});
export type ConfigFileCalendar = z.infer<typeof ConfigFileCalendar>;

/** The landing page's navigation bar and tools (the catalogue's comb-cygj ones). */
export const ConfigFileLanding = z.object({
  navigationBars: z
    .array(z.object({ name: z.string().trim().min(1).max(50), url: safeLink(1000).min(1), nameEn: englishText(50) }))
    .max(50)
    .default([]),
  tools: z.array(ConfigFileLandingTool).max(200).default([]),
});
export type ConfigFileLanding = z.infer<typeof ConfigFileLanding>;

export const ConfigFileSettings = z.object({
  footer: FooterInfo.nullable().default(null),
  theme: Theme.nullable().default(null),
  guiseLogo: z
    .object({ logo: z.string().max(500), systemName: z.string().max(100) })
    .nullable()
    .default(null),
  preLogin: PreLoginConfig.nullable().default(null),
});
export type ConfigFileSettings = z.infer<typeof ConfigFileSettings>;

export const ConfigFileSections = z.object({
  home: z.object({ tabs: z.array(ConfigFileTab).min(1, { error: CONFIG_TRANSFER_TEXTS.noTab }).max(100) }),
  cards: z.array(ConfigFileCard).max(500),
  navigation: z.array(ConfigFileNavigation).max(100),
  tools: z.array(ConfigFileTool).max(500),
  settings: ConfigFileSettings,
  landing: ConfigFileLanding,
  calendar: ConfigFileCalendar,
  /** The three lists' page (title, introduction with their English, switches); absent in a file of before: kept. */
  threeLists: ThreeListConfig.nullable().default(null),
});
export type ConfigFileSections = z.infer<typeof ConfigFileSections>;

/** The whole file; format and version are checked first (each with its own message) by the import. */
export const WorkbenchConfigFile = z.object({
  format: z.literal(CONFIG_FILE_FORMAT),
  version: z.literal(CONFIG_FILE_VERSION),
  exportedAt: z.string().max(40),
  tenantName: z.string().max(200),
  leftOut: z.string().max(500).default(CONFIG_FILE_LEFT_OUT),
  sections: ConfigFileSections,
});
export type WorkbenchConfigFile = z.infer<typeof WorkbenchConfigFile>;

export const CONFIG_SECTIONS = [
  'home',
  'cards',
  'columns',
  'navigation',
  'tools',
  'settings',
  'landing',
  'calendar',
] as const;
export type ConfigSection = (typeof CONFIG_SECTIONS)[number];

/** One thing the import left out, and why. */
export const ConfigSkip = z.object({
  section: z.enum(CONFIG_SECTIONS),
  item: z.string(),
  reason: z.string(),
});
export type ConfigSkip = z.infer<typeof ConfigSkip>;

/** What an import did (or, in a preview, would do). */
export const ConfigImportSummary = z.object({
  preview: z.boolean(),
  tenantName: z.string(),
  exportedAt: z.string(),
  counts: z.object({
    tabs: z.number().int(),
    cards: z.number().int(),
    columns: z.number().int(),
    navigation: z.number().int(),
    tools: z.number().int(),
    settings: z.number().int(),
    landing: z.number().int(),
    holidays: z.number().int(),
    specials: z.number().int(),
  }),
  skipped: z.array(ConfigSkip),
  leftOut: z.string(),
});
export type ConfigImportSummary = z.infer<typeof ConfigImportSummary>;

import { BIND_SOURCES, BIND_TEXTS, SERVICE_TEXTS, RATING_SCORE_MAX, RATING_SCORE_MIN } from './services.ts';
import { CUSTOM_PAGE_IDS_MAX, FAVOURITES_MAX, ID_MAX, LABEL_NAME_MAX } from './services.ts';
import { RATING_COMMENT_MAX, RATING_LABELS_MAX, SEARCH_KEYWORD_MAX } from './service-codes.ts';
import {
  CHAT_FILE_MAX_BYTES,
  CHAT_GROUP_NAME_MAX_LENGTH,
  CHAT_GROUP_NOTICE_MAX_LENGTH,
  CHAT_IMAGE_MAX_BYTES,
  CHAT_TEXT_MAX_LENGTH,
} from './chat-constants.ts';
import { CHAT_TEXTS } from './chat-texts.ts';
import { AUDIT_TEXTS } from './audit.ts';
import { CONFIG_FILE_VERSION, CONFIG_TRANSFER_TEXTS } from './config-transfer.ts';
import { EFFICIENCY_MAX_RANGE_DAYS, EFFICIENCY_TEXTS } from './efficiency.ts';
import { MESSAGES, MESSAGES_EN_US } from './errors.ts';
import { GUIDE_TEXTS } from './guides.ts';
import { IDENTITY_MESSAGES } from './identity-messages.ts';
import { UNSAFE_LINK_MESSAGE } from './input.ts';
import { MESSAGE_TEXTS } from './messages.ts';
import { NEWS_TEXTS } from './news.ts';
import { PASSWORD_TEXTS, wrongOldPasswordTexts } from './password.ts';
import { PERSONAL_TEXTS } from './personal.ts';
import { ROBOT_TEXTS } from './assistant.ts';
import { TODO_INGEST_TEXTS } from './todo-ingest.ts';
import { TRANSFER_TEXTS } from './transfer-texts.ts';
import { TRANSFER_TEXTS_EN } from './transfer-texts-en.ts';
import { TRANSPORT_TEXTS } from './transport.ts';
import { USER_DEPT_TEXTS } from './user-departments.ts';
import { WORKBENCH_MESSAGES } from './workbench.ts';

/*
 * The en-US text of every message the server answers with (issue 10's English interface: a user reading English met
 * the server's refusals in Chinese). The server keeps answering in zh-CN as section 8 writes it; the web client shows a
 * message through `translateServerText` when its interface is in English. Each zh-only catalogue has its en-US twin
 * here, typed so that a message added to a catalogue without its English does not compile; the catalogues that are
 * already [zh-CN, en-US] pairs are read as they are. Only the English interface loads this module (its own code part).
 */

type EnOf<T> = { readonly [K in keyof T]: string };

const MB = 1024 * 1024;

export const MESSAGES_EN: EnOf<typeof MESSAGES> = {
  ok: 'Done',
  defaultError: 'E-FW00012Q: System error, please contact the administrator',
  timeout: 'E-N00002Q: The network connection is unstable, please try again later',
  network: 'E-N00001Q: The network is unavailable, please check your network settings',
  operationFailed: 'The operation failed',
  signatureFailed: 'Signature check failed: the server’s answer cannot be trusted.',
  requestIdMismatch: 'The requestId does not match: the answer may have been tampered with.',
  verificationMissing: 'The check parameters are missing: the answer may have been tampered with.',
  loginConfigFailed: 'Loading the login config failed, please log in again',
  sessionError: 'Your login information is abnormal and the system may not work properly. Please log in again.',
  unknownOpenWay: 'The answer has no type',
  messageDeleted: 'The message has been deleted',
  imageFailed: 'loading failed',
  sensitiveWord:
    'Your feedback contains a blocked word; the safety policy recorded it. Please change it and submit again.',
  badRequest: 'The request is not valid',
  passwordInQuery: 'A password may not be sent in the address; send it in the request body',
  controlCharacters: 'The text contains invisible control characters; remove them and try again',
  unauthorized: 'Your login has expired, please log in again',
  forbidden: 'You may not do this',
  wrongTenant: 'You may not see another tenant’s data',
  notFound: 'What you asked for does not exist',
  ...MESSAGES_EN_US,
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  demoDisabled: 'Demo accounts work only in demo mode',
  invalidRefreshToken: 'The refresh token is not valid or has expired, please log in again',
  unknownGrantType: 'This grant type is not supported',
  invalidClient: 'The client could not be authenticated',
  missingTenant: 'The tenant id (tenantId) is missing',
  unknownTenant: 'No such tenant',
};

export const SERVICE_TEXTS_EN: EnOf<typeof SERVICE_TEXTS> = {
  noSuchService: 'The service does not exist or has been taken offline',
  notCombService: 'This service does not use the combined login (access way 5)',
  combInvalid: 'The login credential is not valid, was already used or has expired',
  notVisible: 'You may not open this service',
  notOpenToVisitors: 'Log in to open this service',
  alreadyRated: 'You have already rated this service',
  unknownLabel: 'No such quick rating label',
  notFavourite: 'The order holds a service you have not collected',
  keywordRequired: 'Enter a search word',
  keywordTooLong: `A search holds at most ${SEARCH_KEYWORD_MAX} characters`,
  commentTooLong: `A comment holds at most ${RATING_COMMENT_MAX} characters`,
  scoreRange: `A rating is a whole number from ${RATING_SCORE_MIN} to ${RATING_SCORE_MAX}`,
  noGuide: 'This service has no guide yet',
  tooManyFavourites: `You can collect at most ${FAVOURITES_MAX} services`,
  adminOnly: 'Only administrators can see this',
  idRequired: 'The id is missing',
  idInvalid: 'The id is not valid',
  idTooLong: `An id holds at most ${ID_MAX} characters`,
  controlCharacters: MESSAGES_EN.controlCharacters,
  badServiceType: 'The service type is APPLICATION or PROCESS',
  badProcessType: 'The way of handling is ONLINE or OFFLINE',
  badGroupBy: 'Group by scene, dept or type',
  pageInvalid: 'The page is a whole number from 1 to 10000',
  sizeInvalid: 'The page size is a positive whole number',
  orderRequired: 'Give the services in their new order',
  tooManyIds: `At most ${CUSTOM_PAGE_IDS_MAX} services per request`,
  labelTooLong: `A label holds at most ${LABEL_NAME_MAX} characters`,
  tooManyLabels: `At most ${RATING_LABELS_MAX} quick rating labels`,
  labelsInvalid: 'The quick rating labels are not valid',
  commentInvalid: 'A comment is text',
  keywordInvalid: 'A search word is text',
};

export const BIND_TEXTS_EN: EnOf<typeof BIND_TEXTS> = {
  badSource: `The third-party account type is one of ${Object.keys(BIND_SOURCES).join(', ')}`,
  notBound: 'This third-party account is not bound',
  unbound: 'Unbound',
};

export const WORKBENCH_MESSAGES_EN: EnOf<typeof WORKBENCH_MESSAGES> = {
  navigationLimit: 'You can add at most 6',
  displayRows: 'Show 1 to 3 rows',
  privateUrl: 'Addresses on the internal network, this host or link-local are not allowed',
  badUrl: 'The address is not valid: only http or https',
  fetchFailed: 'The data source request failed',
  fetchTooLarge: 'The data source answered too much',
  fetchTimeout: 'The data source request timed out',
  cardNotFound: 'No such card',
  apiNotFound: 'No such data source',
  toolNotFound: 'No such tool',
  apiInUse: 'Card columns read this data source; change or delete these columns first: ',
  cardNotPublished: 'The card is not published or you may not see it',
  builtInNavigation: 'A built-in navigation item cannot be deleted',
  builtInNavigationPath: 'A built-in navigation item’s address cannot be changed',
  tooManyItems: 'More services are chosen than the card shows',
  noImage: 'Upload an image',
  badImage: 'Only png, jpg, gif and webp images',
  imageTooLarge: 'An image is at most 2 MB',
  holidayNameRequired: 'Enter the holiday’s name',
  holidayNameTooLong: 'A holiday’s name holds at most 20 characters',
  holidayDateRequired: 'Choose the holiday’s dates',
  holidayDateInvalid: 'The date is not valid: write a real date as YYYY-MM-DD',
  holidayEndBeforeStart: 'The end date is before the start date',
  holidayGreetingTooLong: 'A greeting holds at most 50 characters',
  holidayNotFound: 'No such holiday',
  specialTitleRequired: 'Enter the topic’s name',
  specialTitleTooLong: 'A topic’s name holds at most 30 characters',
  specialDescriptionTooLong: 'A topic’s description holds at most 200 characters',
  specialServicesRequired: 'Choose at least one service',
  specialServicesTooMany: 'A topic holds at most 12 services',
  specialServicesDuplicate: 'A service is chosen twice',
  specialServiceUnknown: 'A chosen service does not exist or is not this school’s',
  specialImageInvalid: 'The image address is not valid',
  specialNotFound: 'No such service topic',
  sortInvalid: 'The order is a whole number from 0 to 9999',
  indexTypeNotFound: 'No such tab',
  lastIndexType: 'Keep at least one tab',
  defaultIndexType: 'The default tab cannot be deleted: make another tab the default first',
  indexTypeOrder: 'The order must hold every tab, each once',
  orderDuplicate: 'The order may hold each item once only',
  cardNameTaken: 'A card of this name exists: choose another name',
  tabNameTaken: 'A tab of this name exists: choose another name',
  toolNameTaken: 'A tool of this name exists: choose another name',
  cardNameRequired: 'Enter the card’s name',
  columnNameRequired: 'Enter the column’s name',
  apiNameRequired: 'Enter the API’s name',
  typeNameRequired: 'Enter the tab’s name',
  navigationNameRequired: 'Enter the navigation item’s name',
  toolNameRequired: 'Enter the tool’s name',
  toolCategoryRequired: 'Enter the category',
  changedMeanwhile: 'This item was changed by someone else; reload it and try again',
  linkRequired: 'Enter the link',
  linkNameRequired: 'Enter the link’s name',
  themeNameRequired: 'Enter the theme’s name',
  themeIdRequired: 'Enter the theme’s id',
  titleRequired: 'Enter a title',
};

export const CHAT_TEXTS_EN: EnOf<typeof CHAT_TEXTS> = {
  conflict: 'Your account has logged in on another device',
  unknownType: 'This kind of message is not supported',
  badFrame: 'The message is not in the right format',
  notLoggedIn: 'Log in first',
  tokenInUrl: 'A token may not be put in the address: send it in the protocol header or the first message',
  originRefused: 'Chat may not be opened from this site',
  noSuchUser: 'The other person does not exist or is disabled',
  noSuchGroup: 'The group does not exist or you are no longer in it',
  revokeDenied: 'You can only recall messages you sent',
  revokeExpired: 'The message was sent more than 2 minutes ago and cannot be recalled',
  revokeMissing: 'The message to recall does not exist',
  messageMissing: 'The message does not exist or was recalled',
  noSuchFile: 'No such file',
  publicAccountReadOnly: 'Official accounts do not receive messages',
  selfMessage: 'You cannot message yourself: use the File Transfer Assistant',
  textTooLong: `A message holds at most ${CHAT_TEXT_MAX_LENGTH} characters`,
  badFileType: 'This type of file is not supported',
  imageTooLarge: `An image is at most ${CHAT_IMAGE_MAX_BYTES / MB} MB`,
  fileTooLarge: `A file is at most ${CHAT_FILE_MAX_BYTES / MB} MB`,
  uploadQuotaExceeded:
    'Not enough storage is left for your chat files to upload this file; please contact the administrator',
  noFile: 'Choose a file',
  tooFast: 'You are sending too fast, please wait a moment',
  groupOwnerOnly: 'Only the group owner can manage members',
  groupRenameOwnerOnly: 'Only the group owner can rename the group',
  groupTransferOwnerOnly: 'Only the group owner can hand over the group',
  groupDissolveOwnerOnly: 'Only the group owner can dissolve the group',
  notGroupMember: 'This user is not in the group',
  ownerNotRemovable: 'The owner cannot remove themselves: hand over the group first',
  groupNameRequired: 'Enter the group’s name',
  groupNameTooLong: `A group’s name holds at most ${CHAT_GROUP_NAME_MAX_LENGTH} characters`,
  groupNameControl: 'The group’s name contains invisible control characters; remove them and try again',
  groupDissolved: 'This group has been dissolved',
  ownerCannotQuit: 'The owner cannot leave the group: hand it over to another member or dissolve it first',
  transferToSelf: 'You are already the owner: choose another member',
  groupNoticeOwnerOnly: 'Only the group owner can set the announcement',
  groupNoticeTooLong: `An announcement holds at most ${CHAT_GROUP_NOTICE_MAX_LENGTH} characters`,
  readersSenderOnly: 'Only the sender can see who read a message',
};

export const EFFICIENCY_TEXTS_EN: EnOf<typeof EFFICIENCY_TEXTS> = {
  badDate: 'Write a date as YYYY-MM-DD',
  startAfterEnd: 'The start date is after the end date',
  rangeTooLong: `A period is at most ${EFFICIENCY_MAX_RANGE_DAYS} days`,
  badGranularity: 'Count by day, week or month',
  noDept: 'No such department',
  noScene: 'No such scene',
  noReportPower: 'You may not see the efficiency reports',
  badTime: 'Write a time in ISO 8601 (such as 2026-11-23T08:00:00Z)',
  finishedBeforeStart: 'The finish time is before the start time',
  dueBeforeStart: 'The due time is before the start time',
  handledBeforeArrival: 'The handling time is before the arrival time',
  deptRequired: 'Give the department (deptId or deptName)',
  noService: 'No such service',
  duplicateExternalId: 'A process id appears twice in one batch',
  badTimeZone: 'The time zone is not valid: give an IANA name (such as Asia/Shanghai)',
};

export const PERSONAL_TEXTS_EN: EnOf<typeof PERSONAL_TEXTS> = {
  badDate: 'Write a date as YYYY-MM-DD',
  badSchoolYear: 'Write a school year as YYYY-YYYY, the second year one after the first',
  nameRequired: 'Enter a name',
  nameTooLong: 'A name holds at most 50 characters',
  endBeforeStart: 'The end date is before the start date',
  badTerm: 'The term is 1 (first term) or 2 (second term)',
  badKind: 'The kind is holiday, vacation, exam or event',
  outsideYear: 'The start date is outside the chosen school year (a school year starts on 1 August)',
  semesterTooLong: 'A term is at most 30 weeks',
  eventTooLong: 'An entry is at most 120 days',
  semesterOverlap: 'The dates overlap an existing term',
  termTaken: 'This school year already has this term',
  calendarNotFound: 'The calendar entry does not exist or was deleted',
  saved: 'Saved',
  removed: 'Deleted',
};

export const CONFIG_TRANSFER_TEXTS_EN: EnOf<typeof CONFIG_TRANSFER_TEXTS> = {
  fileRequired: 'Upload a configuration file',
  badExtension: 'Only json configuration files can be uploaded',
  tooLarge: 'A configuration file is at most 2 MB',
  oneFile: 'Only 1 file can be chosen: remove it before uploading another',
  badJson: 'The configuration file is not valid JSON: upload a file this portal exported',
  badFormat: 'The file is not a workbench configuration file (format should be campus-portal.workbench-config)',
  badVersion: `This configuration file version is not supported: only version ${CONFIG_FILE_VERSION} is`,
  badContent: 'The configuration file’s content is not valid',
  unknownCardKey: 'A home page tab names a card the file does not hold',
  duplicateCardKey: 'A card id appears twice in the file',
  duplicateCardName: 'Two cards in the file have the same name; card names must be unique',
  duplicateTabName: 'Two home page tabs in the file have the same name; tab names must be unique',
  duplicateToolName: 'Two tools in the file have the same name; tool names must be unique',
  duplicateNavigationName: 'Two navigation items in the file have the same name; their names must be unique',
  noTab: 'A configuration file needs at least one home page tab',
  roleMissing: 'The target tenant has no such role: this grant was skipped',
  serviceMissing: 'The target tenant has no such service: it was taken out of the card',
  apiMissing: 'The target tenant has no such data source: the column was kept without a data source',
};

export const MESSAGE_TEXTS_EN: EnOf<typeof MESSAGE_TEXTS> = {
  noSuchAccount: 'No such official account',
  noSuchNotice: 'No such message',
  notYourMessage: 'You can only mark your own messages',
  noAttachment: 'This message has no attachment',
  adminOnly: 'Only administrators can publish or delete notices',
  noSuchDept: 'No such department',
  noSuchRole: 'No such role',
  badPublishAt: 'The publishing time is not valid',
  publishAtPast: 'A scheduled publishing time must be in the future',
  publishAtTooFar: 'A scheduled publishing time is at most a year away',
};

export const TRANSPORT_TEXTS_EN: EnOf<typeof TRANSPORT_TEXTS> = {
  badSign: MESSAGES_EN.signatureFailed,
  requestIdMismatch: MESSAGES_EN.requestIdMismatch,
  missingHeaders: MESSAGES_EN.verificationMissing,
};

export const ROBOT_TEXTS_EN: EnOf<typeof ROBOT_TEXTS> = {
  noAnswer: 'Sorry, no answer was found yet. Your question was recorded and an administrator will add one soon.',
  noSuchRecord: 'No such question',
  noSuchFeedback: 'No such feedback',
  adminOnly: 'Only administrators can see or handle this',
  emptyQuestion: 'Enter a question',
  noSuchFaq: 'No such knowledge entry',
  noSuchScene: 'No such scene',
  questionRequired: 'Enter a question',
  answerRequired: 'Enter an answer',
  duplicateQuestion: 'A knowledge entry with the same question exists',
  robotNameRequired: 'Enter the assistant’s name',
  greetingRequired: 'Enter a greeting',
  avatarInvalid: 'The avatar image’s address is not valid',
};

/**
 * Messages the server's modules and the contracts' schemas say in place (not in a catalogue), zh-CN → en-US. A test
 * reads the server's sources and fails on a refusal missing here.
 */
export const INLINE_TEXTS_EN: Readonly<Record<string, string>> = {
  [UNSAFE_LINK_MESSAGE]: 'A link is an http or https address or a path on this site',
  页码必须是数字: 'The page is a number',
  每页条数必须是数字: 'The page size is a number',
  主题色格式不正确: 'The theme colour is not valid',
  租户编号格式不正确: 'The tenant id is not valid',
  请输入标题: 'Enter a title',
  请输入账号: 'Please enter your account',
  请输入密码: 'Please enter your password',
  '请输入 http(s) 地址': 'Enter an http(s) address',
  '请输入 ldap:// 或 ldaps:// 地址': 'Enter an ldap:// or ldaps:// address',
  请求内容过大: 'The request is too large',
  '服务暂不可用，请稍后再试': 'The service is unavailable, please try again later',
  默认角色不存在: 'The default role does not exist',
  角色映射中的角色不存在: 'A role in the role mapping does not exist',
  请选择职责类型: 'Choose the duty type',
  该部门已有同名职责: 'This department already has a duty of this name',
  已有同名导航: 'A navigation item of this name exists',
  排序中包含重复的服务: 'The order holds a service twice',
  机器人助手尚未配置: 'The assistant is not configured yet',
  场景不存在: 'No such scene',
  '已有任务正在执行，请稍后再试': 'A task is already running, please try again later',
  导出字段不存在: 'No such export field',
  下载链接无效或已过期: 'The download link is not valid or has expired',
  不支持的数据类型: 'This kind of data is not supported',
  字典不存在: 'No such dictionary',
  流程编号不能为空: 'Give the process id',
  请至少提交一个流程: 'Send at least one process',
  待办编号不能为空: 'Give the to-do id',
  请至少提交一条待办: 'Send at least one to-do',
};

/** Messages whose numbers vary: zh-CN pattern → en-US. */
const PATTERNS: readonly (readonly [RegExp, (...groups: string[]) => string])[] = [
  [/^一次最多(\d+)条$/, (n) => `At most ${n} per request`],
  [/^每组最多(\d+)条$/, (n) => `At most ${n} per group`],
  [/^每页最多(\d+)条$/, (n) => `At most ${n} per page`],
  [/^原密码不正确，再错(\d+)次将锁定登录\d+分钟$/, (n) => wrongOldPasswordTexts(Number(n))[1]],
];

/** The parts of a bad configuration file's message (`配置文件内容不正确：cards[0].cardName（卡片名称）不能为空`). */
const CONFIG_FILE_PARTS: Readonly<Record<string, string>> = {
  卡片名称: 'card name',
  首页标签名称: 'tab name',
  栏目名称: 'column name',
  导航名称: 'navigation name',
  工具名称: 'tool name',
  导航地址: 'navigation address',
  工具地址: 'tool address',
  卡片类型: 'card type',
  数据来源: 'data source',
  显示行数: 'rows shown',
  首页标签: 'home page tabs',
};
const CONFIG_FILE_PROBLEMS: readonly (readonly [RegExp, (...groups: string[]) => string])[] = [
  [/^不能为空$/, () => 'must not be empty'],
  [/^不能少于 (\d+)$/, (n) => `must be at least ${n}`],
  [/^不能超过 (\d+)$/, (n) => `must be at most ${n}`],
  [/^缺失$/, () => 'is missing'],
  [/^类型不正确$/, () => 'has the wrong type'],
  [/^取值不在允许的范围内$/, () => 'is not one of the allowed values'],
  [/^不正确$/, () => 'is not valid'],
];

type Pairs = Readonly<Record<string, readonly [string, string] | readonly string[]>>;

function zhToEn(): Map<string, string> {
  const map = new Map<string, string>();
  const twins: readonly [Readonly<Record<string, string>>, Readonly<Record<string, string>>][] = [
    // First: the two texts it shares with later catalogues (部门不存在, the one-file limit) read as those say them.
    [TRANSFER_TEXTS, TRANSFER_TEXTS_EN],
    [MESSAGES, MESSAGES_EN],
    [SERVICE_TEXTS, SERVICE_TEXTS_EN],
    [BIND_TEXTS, BIND_TEXTS_EN],
    [WORKBENCH_MESSAGES, WORKBENCH_MESSAGES_EN],
    [CHAT_TEXTS, CHAT_TEXTS_EN],
    [EFFICIENCY_TEXTS, EFFICIENCY_TEXTS_EN],
    [PERSONAL_TEXTS, PERSONAL_TEXTS_EN],
    [CONFIG_TRANSFER_TEXTS, CONFIG_TRANSFER_TEXTS_EN],
    [MESSAGE_TEXTS, MESSAGE_TEXTS_EN],
    [TRANSPORT_TEXTS, TRANSPORT_TEXTS_EN],
    [ROBOT_TEXTS, ROBOT_TEXTS_EN],
  ];
  for (const [zh, en] of twins) for (const [key, text] of Object.entries(zh)) map.set(text, en[key]!);
  const pairs: readonly Pairs[] = [
    AUDIT_TEXTS,
    GUIDE_TEXTS,
    IDENTITY_MESSAGES,
    NEWS_TEXTS,
    PASSWORD_TEXTS,
    TODO_INGEST_TEXTS,
    USER_DEPT_TEXTS,
  ];
  for (const catalogue of pairs)
    for (const pair of Object.values(catalogue)) if (pair[0] && pair[1]) map.set(pair[0], pair[1]);
  for (const [zh, en] of Object.entries(INLINE_TEXTS_EN)) map.set(zh, en);
  return map;
}

let table: Map<string, string> | undefined;

function byPattern(text: string, patterns: typeof PATTERNS): string | undefined {
  for (const [re, en] of patterns) {
    const m = re.exec(text);
    if (m) return en(...m.slice(1));
  }
  return undefined;
}

/**
 * The en-US text of a server message: its catalogue's English, a message with a number in it by its pattern, a bad
 * configuration file's message part by part; any other text (a name, a message this table does not know) as it is.
 */
export function translateServerText(text: string): string {
  table ??= zhToEn();
  const known = table.get(text) ?? byPattern(text, PATTERNS);
  if (known !== undefined) return known;
  if (text.startsWith(WORKBENCH_MESSAGES.apiInUse)) {
    // …followed by the columns: 「待我处理」的栏目「OA待办」、「…」的栏目「…」
    const columns = text
      .slice(WORKBENCH_MESSAGES.apiInUse.length)
      .replace(/「([^」]*)」的栏目「([^」]*)」/g, 'column “$2” of card “$1”')
      .replaceAll('、', '; ');
    return `${WORKBENCH_MESSAGES_EN.apiInUse}${columns}`;
  }
  const configPrefix = `${CONFIG_TRANSFER_TEXTS.badContent}：`;
  if (text.startsWith(configPrefix)) {
    const m = /^([^（]*)(?:（([^）]+)）)?(.*)$/.exec(text.slice(configPrefix.length))!;
    const [, where = '', field, problem = ''] = m;
    const name = field ? ` (${CONFIG_FILE_PARTS[field] ?? field})` : '';
    const said = byPattern(problem, CONFIG_FILE_PROBLEMS) ?? problem;
    return `${CONFIG_TRANSFER_TEXTS_EN.badContent}: ${where}${name} ${said}`;
  }
  return text;
}

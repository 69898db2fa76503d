/**
 * Response statuses and the error catalogue of section 8.
 * The server answers every call with the envelope { status, msg, msgDetail, result }.
 */

/** Success status used by this server. */
export const STATUS_OK = 1000;
/** "Accepted response statuses: 200, 1000, 1002, 1004, 9009, 9999, 10000 (1005 as well for one client)." */
export const ACCEPTED_STATUSES = [200, 1000, 1002, 1004, 9009, 9999, 10000] as const;
export const ACCEPTED_STATUSES_EXTENDED = [...ACCEPTED_STATUSES, 1005] as const;
/** "Any other status becomes a failure with status 8008 carrying the server's msg and msgDetail." */
export const STATUS_FAILURE = 8008;
/** "Timeout: status 8010" */
export const STATUS_TIMEOUT = 8010;
/** "Network unavailable: status 8199" */
export const STATUS_NETWORK = 8199;
/** "Signature faults return status 1002" */
export const STATUS_SIGNATURE = 1002;

/** Error statuses the server itself answers with; they equal the HTTP status of the response. */
export const STATUS_BAD_REQUEST = 400;
export const STATUS_UNAUTHORIZED = 401;
export const STATUS_FORBIDDEN = 403;
export const STATUS_NOT_FOUND = 404;
export const STATUS_CONFLICT = 409;
export const STATUS_PAYLOAD_TOO_LARGE = 413;
export const STATUS_TOO_MANY = 429;
export const STATUS_SERVER_ERROR = 500;

export const MESSAGES = {
  ok: '操作成功',
  /** "Default message when none is given" */
  defaultError: 'E-FW00012Q：系统异常，请及时联系管理员处理',
  timeout: 'E-N00002Q：当前网络连接不稳定，请稍后再试',
  network: 'E-N00001Q：当前网络不可用，请检查你的网络设置',
  operationFailed: '操作失败',
  signatureFailed: '验签失败 服务器返回内容不可信。',
  requestIdMismatch: 'requestId不一致，可能存在欺诈行为。',
  verificationMissing: '校验参数不存在，可能存在欺诈行为。',
  loginConfigFailed: 'loginConfig 失败，尝试重新登录',
  sessionError: '当前登录信息异常，继续使用系统可能出现问题，请重新登录',
  unknownOpenWay: '返回值没有类型',
  messageDeleted: '消息已被删除',
  imageFailed: 'loading failed',
  sensitiveWord: '您的意见中包含敏感词，已触发安全策略并被记录，请修改后重新提交',
  // Server-side messages this project adds (not given by the spec).
  badRequest: '请求参数不正确',
  passwordInQuery: '密码不能放在请求地址中，请放在请求体中提交',
  controlCharacters: '输入内容包含不可见的控制字符，请删除后重试',
  unauthorized: '登录已失效，请重新登录',
  forbidden: '没有权限执行该操作',
  wrongTenant: '无权访问其他租户的数据',
  notFound: '请求的资源不存在',
  badCredentials: '账号或密码错误',
  accountLocked: '登录失败次数过多，请15分钟后再试',
  loginBusy: '该网络登录尝试过于频繁，请稍后再试',
  /** A route's rate limit (platform/rate-limit.ts): the answer is 429 with Retry-After. */
  tooManyRequests: '操作过于频繁，请稍后再试',
  demoDisabled: '演示账号仅在演示模式下可用',
  invalidRefreshToken: '刷新令牌无效或已过期，请重新登录',
  unknownGrantType: '不支持的授权类型',
  invalidClient: '客户端认证失败',
  missingTenant: '缺少租户编号 tenantId',
  unknownTenant: '租户不存在',
  /** A tenant the operator disabled (`npm run tenant -- deactivate-tenant`): its sign-in and its calls are refused. */
  tenantDisabled: '该租户已停用，请联系管理员',
} as const;

/** en-US beside the zh-CN text of server messages a user meets at login (sent as msgDetail with them). */
export const MESSAGES_EN_US = {
  badCredentials: 'Wrong account or password',
  accountLocked: 'Too many failed logins. Please try again in 15 minutes.',
  loginBusy: 'Too many login attempts from this network. Please try again shortly.',
  tenantDisabled: 'This tenant is disabled; please contact the administrator',
} as const satisfies Partial<Record<keyof typeof MESSAGES, string>>;

/** "HTTP error with a text body: 'E-FY{http status}Q：当前网络连接不稳定或系统正忙，请稍后再试或联系管理员处理'" */
export function httpErrorMessage(httpStatus: number): string {
  return `E-FY${httpStatus}Q：当前网络连接不稳定或系统正忙，请稍后再试或联系管理员处理`;
}

/** "Messages starting with E-FY00001 or E-N00001 are de-duplicated within a 3 second window." */
export const DEDUP_PREFIXES = ['E-FY00001', 'E-N00001'] as const;
/** "E-N00002 is shown as a warning." */
export const WARNING_PREFIX = 'E-N00002';

/**
 * The identity texts of issue 12, in a module without schemas: the login page's first script reads them without
 * loading zod (issue 10).
 */

/** Texts a user meets, zh-CN first with en-US beside them (sent as msg and msgDetail). */
export const IDENTITY_MESSAGES = {
  badReturnPath: ['返回地址不合法', 'The return address is not allowed'],
  noProvider: ['未配置统一身份认证', 'No identity provider is configured'],
  localLoginOff: [
    '本校已启用统一身份认证，请通过统一身份认证登录',
    'This school signs in through its identity provider; use the school sign-in button',
  ],
  requestInvalid: [
    '登录请求无效或已过期，请重新登录',
    'The sign-in request is invalid or has expired; please sign in again',
  ],
  providerFailed: [
    '统一身份认证未通过，请重新登录',
    'The identity provider did not confirm the sign-in; please sign in again',
  ],
  providerUnreachable: [
    '统一身份认证服务暂不可用，请稍后再试',
    'The identity provider cannot be reached; please try again later',
  ],
  accountDisabled: ['该账号已停用，请联系管理员', 'This account is disabled; please contact the administrator'],
  noAccountClaim: ['统一身份认证未返回账号', 'The identity provider returned no account'],
  badCredentials: ['账号或密码错误', 'Wrong account or password'],
  /** An identity provider's name left empty or only white space (administration). */
  providerNameRequired: ['请输入名称', 'Enter a name'],
} as const satisfies Record<string, readonly [string, string]>;

import './zod-setup.ts';
import { z } from 'zod';
import { LOGIN_FAILURE_WINDOW_SECONDS } from './constants.ts';

/**
 * A user changes their own password in the personal center (issue 16). Not a call of section 7: the portal's own,
 * in the workbench group beside getPasswordReg, sealed like every logged-in call (7.1).
 */
export const CHANGE_PASSWORD_PATH = '/eduSystemManagePwdConfig/changePassword';
/** Whether the caller may change their password here, and the rule a new one must follow. */
export const CHANGE_PASSWORD_INFO_PATH = '/eduSystemManagePwdConfig/changePasswordInfo';

export const PASSWORD_MAX_LENGTH = 128;

/** How long used-up wrong passwords lock an account's sign-in, in minutes (15). */
const LOCK_MINUTES = LOGIN_FAILURE_WINDOW_SECONDS / 60;

/** [zh-CN, en-US] of each answer. */
export const PASSWORD_TEXTS = {
  changed: ['密码已修改，其他设备上的登录已退出', 'Password changed; you were signed out on your other devices'],
  /**
   * A wrong current password counts toward the account's login lockout, as a failed login does (one count,
   * LOGIN_FAILURES_PER_ACCOUNT in a window): the try that uses up the allowance says it locked sign-in …
   */
  wrongOldLocked: [
    `原密码不正确，登录已锁定${LOCK_MINUTES}分钟`,
    `The current password is not correct. Sign-in is now locked for ${LOCK_MINUTES} minutes.`,
  ],
  /** … and while the account is locked (by wrong passwords here or at login), the form says so. */
  locked: [
    `密码错误次数过多，登录已锁定，请${LOCK_MINUTES}分钟后再试`,
    `Too many wrong passwords: sign-in is locked. Please try again in ${LOCK_MINUTES} minutes.`,
  ],
  sameAsOld: ['新密码不能与原密码相同', 'The new password must differ from the current one'],
  demoAccount: ['演示账号不能修改密码', 'Demo accounts cannot change their password'],
  atProvider: [
    '本校使用统一身份认证，请到统一身份认证平台修改密码',
    'Your school signs in through its identity provider: change your password there',
  ],
  oldRequired: ['请输入原密码', 'Enter your current password'],
  newRequired: ['请输入新密码', 'Enter a new password'],
} as const satisfies Record<string, readonly [string, string]>;

/** A wrong current password: how many more wrong ones lock the account's sign-in, or (none left) that it did. [zh-CN, en-US]. */
export function wrongOldPasswordTexts(triesLeft: number): readonly [string, string] {
  if (triesLeft <= 0) return PASSWORD_TEXTS.wrongOldLocked;
  return [
    `原密码不正确，再错${triesLeft}次将锁定登录${LOCK_MINUTES}分钟`,
    `The current password is not correct. ${triesLeft} more wrong ${triesLeft === 1 ? 'try' : 'tries'} will lock sign-in for ${LOCK_MINUTES} minutes.`,
  ];
}

export const ChangePasswordRequest = z.object({
  oldPassword: z.string().min(1, PASSWORD_TEXTS.oldRequired[0]).max(PASSWORD_MAX_LENGTH),
  newPassword: z.string().min(1, PASSWORD_TEXTS.newRequired[0]).max(PASSWORD_MAX_LENGTH),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/** How many other sessions of the user were ended. */
export const ChangePasswordResult = z.object({ otherSessionsEnded: z.number().int() });
export type ChangePasswordResult = z.infer<typeof ChangePasswordResult>;

export const ChangePasswordInfo = z.object({
  allowed: z.boolean(),
  /** Why not, when not allowed (zh-CN). */
  reason: z.string(),
  /** The tenant's rule (getPasswordReg). */
  regex: z.string(),
  message: z.string(),
  minLength: z.number().int(),
  maxLength: z.number().int(),
});
export type ChangePasswordInfo = z.infer<typeof ChangePasswordInfo>;

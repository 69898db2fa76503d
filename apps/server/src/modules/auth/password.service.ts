import { LOGIN_FAILURES_PER_ACCOUNT } from '@portal/contracts/constants';
import type { PasswordConfig } from '@portal/contracts/auth';
import { MESSAGES } from '@portal/contracts/errors';
import {
  PASSWORD_TEXTS,
  wrongOldPasswordTexts,
  type ChangePasswordInfo,
  type ChangePasswordRequest,
  type ChangePasswordResult,
} from '@portal/contracts/password';
import { hashPassword, verifyPassword } from '../../platform/crypto.ts';
import { AppError, badRequest, forbidden, tooMany, unauthorized } from '../../platform/errors.ts';
import type { AppDeps, RequestContext } from '../../platform/http.ts';
import { localLoginAllowed } from '../identity/identity.policy.ts';
import { directory } from './auth.directory.ts';
import { endSession, passwordConfig } from './auth.service.ts';
import { accountKey, loginThrottle } from './login-throttle.ts';
import { passwordRepository } from './password.repository.ts';

const say = (t: readonly [string, string]) => [t[0], t[1]] as const;

/**
 * A user changes their own password: the current one is checked (a wrong one counts toward the login lockout of
 * the account, so the form cannot be used to guess it), the new one must follow the tenant's rule (getPasswordReg)
 * and differ from the current one; then every other session of the user ends (their refresh tokens with them, and
 * their chat sockets close), this one stays.
 */
export async function changePassword(
  deps: AppDeps,
  ctx: RequestContext,
  input: ChangePasswordRequest,
): Promise<ChangePasswordResult> {
  const user = await directory.user(deps.db, ctx.tenantId, ctx.userId);
  if (!user || user.status !== 1) throw unauthorized();
  const refused = await refusal(deps, user);
  if (refused) throw forbidden(...say(refused));

  const throttle = loginThrottle(deps.db, { addressDelayMaxMs: deps.config.loginAddressDelayMaxMs });
  const key = accountKey(ctx.tenantId, user.account);
  const claim = await throttle.claimAccount(key);
  if (!claim.allowed) throw tooMany(...say(PASSWORD_TEXTS.locked));
  if (!(await verifyPassword(input.oldPassword, user.password_hash))) {
    await throttle.accountFailed(key, claim.attempt);
    // The login's count (claimed above): the tries left before this account's sign-in locks, or that it now has.
    throw badRequest(...say(wrongOldPasswordTexts(LOGIN_FAILURES_PER_ACCOUNT - claim.attempt)));
  }
  await throttle.clearAccount(key);

  const rule = await passwordConfig(deps, ctx.tenantId);
  const next = input.newPassword;
  if (!fitsPasswordRule(rule, next)) throw new AppError(400, rule.message || MESSAGES.badRequest);
  if (next === input.oldPassword) throw badRequest(...say(PASSWORD_TEXTS.sameAsOld));

  await passwordRepository(deps.db).setPasswordHash(ctx.tenantId, ctx.userId, await hashPassword(next));
  const others = (await directory.liveSessionsOfUser(deps.db, ctx.tenantId, ctx.userId)).filter(
    (id) => id !== ctx.sessionId,
  );
  for (const id of others) await endSession(deps, { tenant_id: ctx.tenantId, user_id: ctx.userId, id });
  return { otherSessionsEnded: others.length };
}

/** Why a user may not change their password in the portal, or null when they may. */
async function refusal(
  deps: AppDeps,
  user: { is_demo: number; role_type: string; tenant_id: string },
): Promise<readonly [string, string] | null> {
  if (user.is_demo === 1) return PASSWORD_TEXTS.demoAccount;
  if (user.role_type !== 'admin' && !(await localLoginAllowed(deps, user.tenant_id))) return PASSWORD_TEXTS.atProvider;
  return null;
}

/** What the personal center's password form needs: whether the caller may use it, and the rule. */
export async function changePasswordInfo(deps: AppDeps, ctx: RequestContext): Promise<ChangePasswordInfo> {
  const user = await directory.user(deps.db, ctx.tenantId, ctx.userId);
  if (!user || user.status !== 1) throw unauthorized();
  const refused = await refusal(deps, user);
  const rule = await passwordConfig(deps, ctx.tenantId);
  return {
    allowed: !refused,
    reason: refused?.[0] ?? '',
    regex: rule.regex,
    message: rule.message,
    minLength: rule.minLength,
    maxLength: rule.maxLength,
  };
}

/**
 * Whether a password follows the tenant's rule (password_configs): its lengths, the kinds of character it requires
 * and its regular expression. A user's own change and the operator's tenant command (modules/tenants) both ask it.
 */
export function fitsPasswordRule(
  rule: Pick<PasswordConfig, 'regex' | 'minLength' | 'maxLength' | 'requireLetter' | 'requireDigit' | 'requireSymbol'>,
  password: string,
): boolean {
  return (
    password.length >= rule.minLength &&
    password.length <= rule.maxLength &&
    (!rule.requireLetter || /[A-Za-z]/.test(password)) &&
    (!rule.requireDigit || /\d/.test(password)) &&
    (!rule.requireSymbol || /[^A-Za-z\d]/.test(password)) &&
    matches(rule.regex, password)
  );
}

/** The tenant's rule as a regular expression; a rule that is not a valid one is not applied (the other checks are). */
function matches(regex: string, value: string): boolean {
  if (!regex) return true;
  try {
    return new RegExp(regex).test(value);
  } catch {
    return true;
  }
}

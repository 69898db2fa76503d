import { CONFIGURATION_MENUS } from '@portal/contracts/routes';
import type { Db } from '../../db/create-db.ts';
import type { PasswordConfigTable } from '../../db/database.ts';
import { nowIso } from '../../db/sql-helpers.ts';
import { newId } from '../../platform/crypto.ts';
import { announceSessionsEnded } from '../../platform/session-events.ts';
import { accountKey } from './login-throttle.ts';

/**
 * The auth module's part of a new tenant (modules/tenants, the operator's `npm run tenant`): the tenant row, its
 * four roles with the administrator holding every configuration menu, the first administrator, the login and
 * password configurations. And what the operator's command may do to them afterwards: reset a password, disable
 * or enable an account or the tenant, list tenants and their administrators. Every function takes the transaction
 * it runs in.
 */

/** The password rule a tenant starts with (the demo tenant's too); 修改密码 and the tenant command follow it. */
export const DEFAULT_PASSWORD_RULE = {
  regex: '^(?=.*[A-Za-z])(?=.*\\d)(?=.*[^A-Za-z\\d]).{8,20}$',
  message: '密码须为8至20位，且同时包含字母、数字和特殊字符',
  min_length: 8,
  max_length: 20,
  require_letter: 1,
  require_digit: 1,
  require_symbol: 1,
  expire_days: 180,
} as const;

/**
 * The roles of a tenant: the aliases the identity provider's role mapping names (its default role is `student`).
 * Ids are `<tenantId>-<suffix>`, as the demo tenant's are.
 */
export const TENANT_ROLES = [
  { suffix: 'admin', role_name: '管理员', role_alias: 'administrator', role_type: 'admin', sort: 1 },
  { suffix: 'teacher', role_name: '教师', role_alias: 'teacher', role_type: 'teacher', sort: 2 },
  { suffix: 'staff', role_name: '职工', role_alias: 'staff', role_type: 'staff', sort: 3 },
  { suffix: 'student', role_name: '学生', role_alias: 'student', role_type: 'student', sort: 4 },
] as const;

export type PasswordRuleRow = Omit<PasswordConfigTable, 'tenant_id' | 'expire_days'>;

/** The rule's row in the shape password.service.ts checks. */
export const ruleOf = (r: PasswordRuleRow) => ({
  regex: r.regex,
  message: r.message,
  minLength: r.min_length,
  maxLength: r.max_length,
  requireLetter: r.require_letter === 1,
  requireDigit: r.require_digit === 1,
  requireSymbol: r.require_symbol === 1,
});

/** Whether a tenant of this id exists, whatever its status. */
export async function tenantExists(db: Db, tenantId: string): Promise<boolean> {
  return !!(await db.selectFrom('tenants').where('tenant_id', '=', tenantId).select('tenant_id').executeTakeFirst());
}

/** A tenant's status (1 enabled), or null when there is no tenant of this id. */
export async function tenantStatus(db: Db, tenantId: string): Promise<number | null> {
  const row = await db.selectFrom('tenants').where('tenant_id', '=', tenantId).select('status').executeTakeFirst();
  return row ? row.status : null;
}

/**
 * Inserts the tenant, its roles and menus, the administrator (is_demo 0, the hash given), login_configs (the portal
 * is its own sign-in until an identity provider is configured) and the default password rule. The caller checked
 * the tenant is new; a tenant made meanwhile fails the insert and so the transaction.
 */
export async function createTenantDirectory(
  db: Db,
  t: { tenantId: string; tenantName: string; admin: { account: string; name: string; passwordHash: string } },
): Promise<{ adminUserId: string; adminRoleId: string }> {
  const now = nowIso();
  const roleId = (suffix: string) => `${t.tenantId}-${suffix}`;
  await db
    .insertInto('tenants')
    .values({ tenant_id: t.tenantId, tenant_name: t.tenantName, status: 1, created_at: now })
    .execute();
  await db
    .insertInto('roles')
    .values(TENANT_ROLES.map(({ suffix, ...r }) => ({ ...r, id: roleId(suffix), tenant_id: t.tenantId })))
    .execute();
  const adminRoleId = roleId('admin');
  await db
    .insertInto('role_menus')
    .values(CONFIGURATION_MENUS.map((m) => ({ tenant_id: t.tenantId, role_id: adminRoleId, menu_name: m.name })))
    .execute();
  const adminUserId = newId();
  await db
    .insertInto('users')
    .values({
      id: adminUserId,
      tenant_id: t.tenantId,
      account: t.admin.account,
      user_name: t.admin.name,
      nick_name: t.admin.name,
      password_hash: t.admin.passwordHash,
      role_id: adminRoleId,
      is_demo: 0,
      status: 1,
      created_at: now,
    })
    .execute();
  await db
    .insertInto('login_configs')
    .values({
      tenant_id: t.tenantId,
      identity_auth_status: 1,
      is_self_cas: 1,
      out_log_tip: `您已安全退出${t.tenantName}网上办事服务大厅`,
    })
    .execute();
  await db
    .insertInto('password_configs')
    .values({ tenant_id: t.tenantId, ...DEFAULT_PASSWORD_RULE })
    .execute();
  return { adminUserId, adminRoleId };
}

/** The tenant's password rule, or null when it has none. */
export async function tenantPasswordRule(db: Db, tenantId: string): Promise<PasswordRuleRow | null> {
  return (
    (await db.selectFrom('password_configs').where('tenant_id', '=', tenantId).selectAll().executeTakeFirst()) ?? null
  );
}

/** An account of the tenant with its role, or null. */
export async function accountOf(db: Db, tenantId: string, account: string) {
  return (
    (await db
      .selectFrom('users as u')
      .innerJoin('roles as r', 'r.id', 'u.role_id')
      .where('u.tenant_id', '=', tenantId)
      .where('u.account', '=', account)
      .select(['u.id', 'u.account', 'u.user_name', 'u.is_demo', 'u.status', 'r.role_type', 'r.role_name'])
      .executeTakeFirst()) ?? null
  );
}

/**
 * Sets a user's password hash, ends every session of the user (their refresh tokens with them: whoever held the old
 * password is signed out) and lifts the account's login lockout. Returns how many open sessions ended.
 */
export async function setPasswordEndingSessions(
  db: Db,
  tenantId: string,
  user: { id: string; account: string },
  passwordHash: string,
): Promise<number> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', user.id)
    .execute();
  const ended = await endSessions(db, tenantId, user.id);
  await db.deleteFrom('login_throttle').where('key', '=', accountKey(tenantId, user.account)).execute();
  return ended;
}

/**
 * Enables (status 1) or disables (0) a user; disabling ends every session of the user. Login, refresh and every
 * call refuse a disabled user (auth.service.ts, platform/auth.ts). Returns how many open sessions ended.
 */
export async function setUserStatusEndingSessions(
  db: Db,
  tenantId: string,
  userId: string,
  status: 0 | 1,
): Promise<number> {
  await db.updateTable('users').set({ status }).where('tenant_id', '=', tenantId).where('id', '=', userId).execute();
  return status === 1 ? 0 : endSessions(db, tenantId, userId);
}

/** The same for a whole tenant: disabling ends the session of every user of it. */
export async function setTenantStatusEndingSessions(db: Db, tenantId: string, status: 0 | 1): Promise<number> {
  await db.updateTable('tenants').set({ status }).where('tenant_id', '=', tenantId).execute();
  return status === 1 ? 0 : endSessions(db, tenantId, null);
}

/**
 * Ends every session of a user (or, with null, of every user of the tenant) with its refresh tokens, and tells the
 * nodes, whose chat sockets on those sessions close (platform/session-events.ts, ADR 0065). Returns how many open
 * sessions ended; expired ones are revoked too (they are dead already and do not count).
 */
async function endSessions(db: Db, tenantId: string, userId: string | null): Promise<number> {
  const now = nowIso();
  let open = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('tenant_id', '=', tenantId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now);
  if (userId) open = open.where('user_id', '=', userId);
  const ended = await open.executeTakeFirst();
  await db
    .updateTable('refresh_tokens')
    .set({ used_at: now })
    .where('tenant_id', '=', tenantId)
    .where('session_id', 'in', (q) => {
      const sessions = q.selectFrom('sessions').where('tenant_id', '=', tenantId).select('id');
      return userId ? sessions.where('user_id', '=', userId) : sessions;
    })
    .where('used_at', 'is', null)
    .execute();
  let expired = db.updateTable('sessions').set({ revoked_at: now }).where('tenant_id', '=', tenantId);
  if (userId) expired = expired.where('user_id', '=', userId);
  await expired.where('revoked_at', 'is', null).execute();
  await announceSessionsEnded(db, userId ? { tenantId, userId } : { tenantId });
  return Number(ended.numUpdatedRows);
}

/** A tenant's name and status, or null. */
export async function tenantOf(db: Db, tenantId: string) {
  return (
    (await db
      .selectFrom('tenants')
      .where('tenant_id', '=', tenantId)
      .select(['tenant_id', 'tenant_name', 'status'])
      .executeTakeFirst()) ?? null
  );
}

/** How many enabled administrators of the tenant other than this user can log in (demo accounts do not count). */
export async function otherActiveAdministrators(db: Db, tenantId: string, userId: string): Promise<number> {
  const rows = await db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .where('u.tenant_id', '=', tenantId)
    .where('r.role_type', '=', 'admin')
    .where('u.status', '=', 1)
    .where('u.is_demo', '=', 0)
    .where('u.id', '!=', userId)
    .select('u.id')
    .execute();
  return rows.length;
}

/** Every tenant with its status and its administrators (accounts of an admin role), by tenant id. */
export async function tenantsWithAdministrators(db: Db): Promise<
  Array<{
    tenantId: string;
    tenantName: string;
    status: number;
    administrators: Array<{ account: string; name: string; status: number; isDemo: boolean }>;
  }>
> {
  const tenants = await db
    .selectFrom('tenants')
    .select(['tenant_id', 'tenant_name', 'status'])
    .orderBy('tenant_id')
    .execute();
  const admins = await db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .where('r.role_type', '=', 'admin')
    .select(['u.tenant_id', 'u.account', 'u.user_name', 'u.status', 'u.is_demo'])
    .orderBy('u.account')
    .execute();
  return tenants.map((t) => ({
    tenantId: t.tenant_id,
    tenantName: t.tenant_name,
    status: t.status,
    administrators: admins
      .filter((a) => a.tenant_id === t.tenant_id)
      .map((a) => ({ account: a.account, name: a.user_name, status: a.status, isDemo: a.is_demo === 1 })),
  }));
}

import type { Db } from '../../db/create-db.ts';
import { nowIso } from '../../db/sql-helpers.ts';
import { authRepository } from './auth.repository.ts';

/**
 * What other modules may ask the auth module about its users, roles, menus and sessions (the module boundary of
 * docs/architecture.md: no other module imports auth.repository.ts or writes these tables).
 */
export const directory = {
  tenant: (db: Db, tenantId: string) => authRepository(db).tenant(tenantId),
  user: (db: Db, tenantId: string, userId: string) => authRepository(db).findUserById(tenantId, userId),
  menuNames: (db: Db, tenantId: string, roleId: string) => authRepository(db).menuNames(tenantId, roleId),
  loginConfig: (db: Db, tenantId: string) => authRepository(db).loginConfig(tenantId),

  /** The ids of the tenant's users with these accounts (account → id); accounts nobody holds are left out. */
  async usersByAccount(db: Db, tenantId: string, accounts: string[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    const unique = [...new Set(accounts)];
    for (let i = 0; i < unique.length; i += 500) {
      const rows = await db
        .selectFrom('users')
        .where('tenant_id', '=', tenantId)
        .where('account', 'in', unique.slice(i, i + 500))
        .select(['id', 'account'])
        .execute();
      for (const r of rows) found.set(r.account, r.id);
    }
    return found;
  },

  /**
   * The departments a user belongs to (user_depts: ids of the tenant's one department list, ADR 0032); notices
   * addressed to a department reach them (issue 14). `source` says who sets them (ADR 0035): the school's sign-in
   * ('identity') replaces only the memberships it placed, so departments an administrator set by hand stay; an
   * administrator ('admin') sets the whole list, and memberships kept from the sign-in keep their source.
   */
  async setUserDepartments(
    db: Db,
    tenantId: string,
    userId: string,
    deptIds: string[],
    source: 'identity' | 'admin',
  ): Promise<void> {
    const unique = [...new Set(deptIds)];
    let gone = db.deleteFrom('user_depts').where('tenant_id', '=', tenantId).where('user_id', '=', userId);
    if (source === 'identity') gone = gone.where('source', '=', 'identity');
    if (unique.length) gone = gone.where('dept_id', 'not in', unique);
    await gone.execute();
    if (unique.length)
      await db
        .insertInto('user_depts')
        .values(unique.map((deptId) => ({ tenant_id: tenantId, dept_id: deptId, user_id: userId, source })))
        .onConflict((oc) => oc.columns(['tenant_id', 'dept_id', 'user_id']).doNothing())
        .execute();
  },

  /** Puts back memberships exactly as they were, sources included (a revert of the audit log, ADR 0035). */
  async restoreUserDepartments(
    db: Db,
    tenantId: string,
    userId: string,
    rows: ReadonlyArray<{ deptId: string; source: string }>,
  ): Promise<void> {
    await db.deleteFrom('user_depts').where('tenant_id', '=', tenantId).where('user_id', '=', userId).execute();
    if (rows.length)
      await db
        .insertInto('user_depts')
        .values(rows.map((r) => ({ tenant_id: tenantId, dept_id: r.deptId, user_id: userId, source: r.source })))
        .execute();
  },

  /** The tenant's time zone (IANA name), Asia/Shanghai unless the school chose another. */
  async timeZone(db: Db, tenantId: string): Promise<string> {
    const row = await db.selectFrom('tenants').where('tenant_id', '=', tenantId).select('time_zone').executeTakeFirst();
    return row?.time_zone ?? 'Asia/Shanghai';
  },

  async setTimeZone(db: Db, tenantId: string, timeZone: string): Promise<void> {
    await db.updateTable('tenants').set({ time_zone: timeZone }).where('tenant_id', '=', tenantId).execute();
  },

  /** A user created by a sign-in through the school's identity provider (no usable password of the portal's own). */
  async createUser(
    db: Db,
    tenantId: string,
    u: { id: string; account: string; name: string; roleId: string; passwordHash: string },
  ): Promise<void> {
    await db
      .insertInto('users')
      .values({
        id: u.id,
        tenant_id: tenantId,
        account: u.account,
        user_name: u.name,
        nick_name: u.name,
        password_hash: u.passwordHash,
        role_id: u.roleId,
        is_demo: 0,
        status: 1,
        created_at: nowIso(),
      })
      .execute();
  },

  /** The name (and role, when given) the identity provider reports for a user. */
  async updateUser(db: Db, tenantId: string, userId: string, u: { name: string; roleId?: string }): Promise<void> {
    await db
      .updateTable('users')
      .set({ user_name: u.name, nick_name: u.name, ...(u.roleId ? { role_id: u.roleId } : {}) })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', userId)
      .execute();
  },

  /** Of the given portal sessions, those still open (not revoked, not expired), with their users. */
  async liveSessions(db: Db, sessionIds: string[]): Promise<{ id: string; tenant_id: string; user_id: string }[]> {
    const live: { id: string; tenant_id: string; user_id: string }[] = [];
    const now = nowIso();
    for (let i = 0; i < sessionIds.length; i += 500) {
      const rows = await db
        .selectFrom('sessions')
        .where('id', 'in', sessionIds.slice(i, i + 500))
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .select(['id', 'tenant_id', 'user_id'])
        .execute();
      live.push(...rows);
    }
    return live;
  },

  /** The open portal sessions of a user. */
  async liveSessionsOfUser(db: Db, tenantId: string, userId: string): Promise<string[]> {
    const rows = await db
      .selectFrom('sessions')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', nowIso())
      .select('id')
      .execute();
    return rows.map((r) => r.id);
  },
};

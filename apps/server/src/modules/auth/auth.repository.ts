import type { Db } from '../../db/create-db.ts';
import type { SessionUpdate } from '../../db/database.ts';
import { REFRESH_REUSE_GRACE_SECONDS } from '@portal/contracts/constants';
import { nowIso } from '../../db/sql-helpers.ts';
import { newId } from '../../platform/crypto.ts';

/** SQL of the auth module. Every method that reads tenant data takes the tenant first (house style 2). */
export function authRepository(db: Db) {
  return {
    tenant(tenantId: string) {
      return db
        .selectFrom('tenants')
        .where('tenant_id', '=', tenantId)
        .where('status', '=', 1)
        .selectAll()
        .executeTakeFirst();
    },

    /** Whether the tenant holds demo accounts (the demo tenant's seeded ones). */
    async hasDemoAccounts(tenantId: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .where('tenant_id', '=', tenantId)
        .where('is_demo', '=', 1)
        .select('id')
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    findUserByAccount(tenantId: string, account: string) {
      return db
        .selectFrom('users as u')
        .innerJoin('tenants as t', 't.tenant_id', 'u.tenant_id')
        .innerJoin('roles as r', 'r.id', 'u.role_id')
        .where('u.tenant_id', '=', tenantId)
        .where('u.account', '=', account)
        .where('t.status', '=', 1)
        .selectAll('u')
        .select(['r.role_name', 'r.role_type'])
        .executeTakeFirst();
    },

    findUserById(tenantId: string, userId: string) {
      return db
        .selectFrom('users as u')
        .innerJoin('tenants as t', 't.tenant_id', 'u.tenant_id')
        .innerJoin('roles as r', 'r.id', 'u.role_id')
        .where('u.tenant_id', '=', tenantId)
        .where('u.id', '=', userId)
        .selectAll('u')
        .select(['r.role_name', 'r.role_type', 't.tenant_name', 't.time_zone', 't.status as tenant_status'])
        .executeTakeFirst();
    },

    usersByIds(tenantId: string, ids: string[]) {
      return db
        .selectFrom('users')
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', ids)
        .select(['id', 'account'])
        .execute();
    },

    async menuNames(tenantId: string, roleId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('role_menus')
        .where('tenant_id', '=', tenantId)
        .where('role_id', '=', roleId)
        .select('menu_name')
        .execute();
      return rows.map((r) => r.menu_name);
    },

    roles(tenantId: string) {
      return db
        .selectFrom('roles')
        .where('tenant_id', '=', tenantId)
        .orderBy('sort')
        .orderBy('role_name')
        .selectAll()
        .execute();
    },

    loginConfig(tenantId: string) {
      return db.selectFrom('login_configs').where('tenant_id', '=', tenantId).selectAll().executeTakeFirst();
    },

    passwordConfig(tenantId: string) {
      return db.selectFrom('password_configs').where('tenant_id', '=', tenantId).selectAll().executeTakeFirst();
    },

    async createSession(
      tenantId: string,
      s: {
        userId: string;
        accessHash: string;
        accessExpiresAt: string;
        casTicket: string;
        tgt: string;
        expiresAt: string;
        ip: string;
        userAgent: string;
      },
      refresh: { hash: string; expiresAt: string },
    ): Promise<string> {
      const id = newId();
      const now = nowIso();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('sessions')
          .values({
            id,
            tenant_id: tenantId,
            user_id: s.userId,
            access_token_hash: s.accessHash,
            access_expires_at: s.accessExpiresAt,
            cas_ticket: s.casTicket,
            tgt: s.tgt,
            expires_at: s.expiresAt,
            client_ip: s.ip,
            user_agent: s.userAgent.slice(0, 500),
            created_at: now,
            revoked_at: null,
          })
          .execute();
        await trx
          .insertInto('refresh_tokens')
          .values({
            token_hash: refresh.hash,
            session_id: id,
            tenant_id: tenantId,
            expires_at: refresh.expiresAt,
            used_at: null,
            created_at: now,
          })
          .execute();
      });
      return id;
    },

    sessionById(tenantId: string, sessionId: string) {
      return db
        .selectFrom('sessions')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', sessionId)
        .selectAll()
        .executeTakeFirst();
    },

    /** Sessions are found by ticket or token across tenants: the secret itself names the tenant. */
    sessionByTicket(casTicket: string) {
      return db.selectFrom('sessions').where('cas_ticket', '=', casTicket).selectAll().executeTakeFirst();
    },

    sessionByAccessHash(accessHash: string) {
      return db.selectFrom('sessions').where('access_token_hash', '=', accessHash).selectAll().executeTakeFirst();
    },

    updateSession(tenantId: string, sessionId: string, patch: SessionUpdate) {
      return db
        .updateTable('sessions')
        .set(patch)
        .where('tenant_id', '=', tenantId)
        .where('id', '=', sessionId)
        .execute();
    },

    async revokeSession(tenantId: string, sessionId: string): Promise<void> {
      const now = nowIso();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('sessions')
          .set({ revoked_at: now })
          .where('tenant_id', '=', tenantId)
          .where('id', '=', sessionId)
          .where('revoked_at', 'is', null)
          .execute();
        await trx
          .updateTable('refresh_tokens')
          .set({ used_at: now })
          .where('tenant_id', '=', tenantId)
          .where('session_id', '=', sessionId)
          .where('used_at', 'is', null)
          .execute();
      });
    },

    refreshToken(hash: string) {
      return db.selectFrom('refresh_tokens').where('token_hash', '=', hash).selectAll().executeTakeFirst();
    },

    /**
     * Rotates a refresh token: marks the old one used (only if it still was unused) and stores the new
     * one and the new access token, in one transaction. Returns false when the old one was used already.
     */
    async rotate(
      tenantId: string,
      sessionId: string,
      oldHash: string,
      next: { refreshHash: string; refreshExpiresAt: string; accessHash: string; accessExpiresAt: string },
    ): Promise<boolean> {
      const now = nowIso();
      return db.transaction().execute(async (trx) => {
        const res = await trx
          .updateTable('refresh_tokens')
          .set({ used_at: now })
          .where('token_hash', '=', oldHash)
          .where('tenant_id', '=', tenantId)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) return false;
        await trx
          .insertInto('refresh_tokens')
          .values({
            token_hash: next.refreshHash,
            session_id: sessionId,
            tenant_id: tenantId,
            expires_at: next.refreshExpiresAt,
            used_at: null,
            created_at: now,
          })
          .execute();
        await trx
          .updateTable('sessions')
          .set((eb) => {
            // The replaced token is still taken for a moment (another tab's call may be on its way with it), never
            // past its own expiry.
            const graceEnd = nowIso(Date.now() + REFRESH_REUSE_GRACE_SECONDS * 1000);
            return {
              previous_access_hash: eb.ref('access_token_hash'),
              previous_access_until: eb
                .case()
                .when('access_expires_at', '<', graceEnd)
                .then(eb.ref('access_expires_at'))
                .else(graceEnd)
                .end(),
              access_token_hash: next.accessHash,
              access_expires_at: next.accessExpiresAt,
            };
          })
          .where('tenant_id', '=', tenantId)
          .where('id', '=', sessionId)
          .execute();
        return true;
      });
    },
  };
}

export type AuthRepository = ReturnType<typeof authRepository>;

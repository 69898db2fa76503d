import type { Db } from '../../db/create-db.ts';
import { nowIso } from '../../db/sql-helpers.ts';

/** SQL of the identity module; every method takes the tenant first (house style 2). */
export function identityRepository(db: Db) {
  return {
    provider(tenantId: string) {
      return db.selectFrom('identity_providers').where('tenant_id', '=', tenantId).selectAll().executeTakeFirst();
    },

    async saveProvider(
      tenantId: string,
      p: {
        type: string;
        name: string;
        enabled: number;
        local_login: number;
        settings: string;
        secret_sealed: string | null;
      },
    ): Promise<void> {
      const now = nowIso();
      await db
        .insertInto('identity_providers')
        .values({
          tenant_id: tenantId,
          type: p.type,
          name: p.name,
          enabled: p.enabled,
          local_login: p.local_login,
          settings: p.settings,
          secret_sealed: p.secret_sealed ?? '',
          updated_at: now,
        })
        .onConflict((oc) =>
          oc.column('tenant_id').doUpdateSet({
            type: p.type,
            name: p.name,
            enabled: p.enabled,
            local_login: p.local_login,
            settings: p.settings,
            ...(p.secret_sealed === null ? {} : { secret_sealed: p.secret_sealed }),
            updated_at: now,
          }),
        )
        .execute();
    },

    async createRequest(
      tenantId: string,
      r: {
        stateHash: string;
        type: string;
        nonce: string;
        codeVerifier: string;
        returnTo: string;
        browserHash: string;
        expiresAt: string;
        payload?: string;
      },
    ): Promise<void> {
      await db
        .insertInto('identity_requests')
        .values({
          state_hash: r.stateHash,
          tenant_id: tenantId,
          type: r.type,
          nonce: r.nonce,
          code_verifier: r.codeVerifier,
          return_to: r.returnTo,
          browser_hash: r.browserHash,
          created_at: nowIso(),
          expires_at: r.expiresAt,
          used_at: null,
          payload: r.payload ?? '',
        })
        .execute();
    },

    /**
     * Takes a sign-in request once: the row is marked used in the same statement that reads it, so a replayed
     * state (or two callbacks racing) finds nothing. Expired rows are not taken.
     */
    async takeRequest(tenantId: string, stateHash: string) {
      const now = nowIso();
      const taken = await db
        .updateTable('identity_requests')
        .set({ used_at: now })
        .where('tenant_id', '=', tenantId)
        .where('state_hash', '=', stateHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) return undefined;
      return db
        .selectFrom('identity_requests')
        .where('tenant_id', '=', tenantId)
        .where('state_hash', '=', stateHash)
        .selectAll()
        .executeTakeFirst();
    },

    /** Records a one-time value (a logout token's jti) until it expires; false when it was seen already (any node). */
    async claimOnce(tenantId: string, key: string, type: string, expiresAt: string): Promise<boolean> {
      const inserted = await db
        .insertInto('identity_requests')
        .values({
          state_hash: key,
          tenant_id: tenantId,
          type,
          nonce: '',
          code_verifier: '',
          return_to: '',
          browser_hash: '',
          created_at: nowIso(),
          expires_at: expiresAt,
          used_at: nowIso(),
          payload: '',
        })
        .onConflict((oc) => oc.column('state_hash').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1;
    },

    async pruneRequests(): Promise<void> {
      await db
        .deleteFrom('identity_requests')
        .where('expires_at', '<', nowIso(Date.now() - 3600_000))
        .execute();
    },

    link(tenantId: string, type: string, subject: string) {
      return db
        .selectFrom('identity_links')
        .where('tenant_id', '=', tenantId)
        .where('type', '=', type)
        .where('subject', '=', subject)
        .selectAll()
        .executeTakeFirst();
    },

    linkOfUser(tenantId: string, userId: string) {
      return db
        .selectFrom('identity_links')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .selectAll()
        .orderBy('last_login_at', 'desc')
        .executeTakeFirst();
    },

    async saveLink(
      tenantId: string,
      l: { type: string; subject: string; userId: string; department: string },
    ): Promise<void> {
      const now = nowIso();
      await db
        .insertInto('identity_links')
        .values({
          tenant_id: tenantId,
          type: l.type,
          subject: l.subject,
          user_id: l.userId,
          department: l.department,
          created_at: now,
          last_login_at: now,
        })
        .onConflict((oc) =>
          oc.columns(['tenant_id', 'type', 'subject']).doUpdateSet({ department: l.department, last_login_at: now }),
        )
        .execute();
    },

    userByAccount(tenantId: string, account: string) {
      return db
        .selectFrom('users')
        .where('tenant_id', '=', tenantId)
        .where('account', '=', account)
        .selectAll()
        .executeTakeFirst();
    },

    roleByAlias(tenantId: string, alias: string) {
      return db
        .selectFrom('roles')
        .where('tenant_id', '=', tenantId)
        .where('role_alias', '=', alias)
        .selectAll()
        .executeTakeFirst();
    },

    async saveSession(
      tenantId: string,
      s: { sessionId: string; type: string; idToken: string; sid: string },
    ): Promise<void> {
      await db
        .insertInto('identity_sessions')
        .values({
          session_id: s.sessionId,
          tenant_id: tenantId,
          type: s.type,
          id_token: s.idToken,
          sid: s.sid,
          created_at: nowIso(),
        })
        .execute();
    },

    session(tenantId: string, sessionId: string) {
      return db
        .selectFrom('identity_sessions')
        .where('tenant_id', '=', tenantId)
        .where('session_id', '=', sessionId)
        .selectAll()
        .executeTakeFirst();
    },

    /** The portal sessions opened through the provider session `sid` (open or not: the auth module knows which are). */
    async sessionIdsBySid(tenantId: string, type: string, sid: string): Promise<string[]> {
      const rows = await db
        .selectFrom('identity_sessions')
        .where('tenant_id', '=', tenantId)
        .where('type', '=', type)
        .where('sid', '=', sid)
        .select('session_id')
        .execute();
      return rows.map((r) => r.session_id);
    },

    /** Of the given portal sessions, those opened through a provider of this type. */
    async sessionIdsOfType(tenantId: string, type: string, sessionIds: string[]): Promise<string[]> {
      if (sessionIds.length === 0) return [];
      const rows = await db
        .selectFrom('identity_sessions')
        .where('tenant_id', '=', tenantId)
        .where('type', '=', type)
        .where('session_id', 'in', sessionIds)
        .select('session_id')
        .execute();
      return rows.map((r) => r.session_id);
    },
  };
}

import { sql } from 'kysely';
import type { Db } from '../db/create-db.ts';
import { engineOf } from '../db/sql-helpers.ts';
import { appEvent } from './app-events.ts';
import type { AppDeps } from './http.ts';

/** A portal session ended (logout, removal, or a stolen refresh token): whatever rides on it must stop. */
export type SessionEnded = { tenantId: string; userId: string; sessionId: string };

/** Ended sessions of one app: the chat runtime closes their sockets, on every node through its bus. */
export const sessionEnds = appEvent<SessionEnded>();

/**
 * Sessions ended outside the nodes (ADR 0065): the operator's `npm run tenant` is another process, which no node's
 * listener hears. Which ones: those of a user of a tenant, or of the whole tenant.
 */
export type SessionsEndedElsewhere = { tenantId: string; userId?: string };

/** The PostgreSQL channel of SessionsEndedElsewhere. */
export const SESSIONS_ENDED_CHANNEL = 'portal_sessions_ended';

/**
 * Tells every node, in the transaction that ended the sessions: on PostgreSQL a NOTIFY, which the database delivers
 * when (and only if) the transaction commits. On SQLite nothing: one process per file (db/sqlite-owner.ts), so the
 * command never runs beside a node.
 */
export async function announceSessionsEnded(db: Db, scope: SessionsEndedElsewhere): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`select pg_notify(${SESSIONS_ENDED_CHANNEL}, ${JSON.stringify(scope)})`.execute(db);
}

/**
 * Hears what announceSessionsEnded tells (PostgreSQL; nothing to hear on SQLite): `ended` gets the scope, or null
 * when notifications may have been missed (the listening connection dropped), when everything is to be checked.
 */
export async function onSessionsEndedElsewhere(
  deps: AppDeps,
  ended: (scope: SessionsEndedElsewhere | null) => void,
  onError: (err: unknown) => void,
): Promise<{ close: () => Promise<void> }> {
  if (!deps.listen) return { close: async () => undefined };
  return deps.listen(SESSIONS_ENDED_CHANNEL, {
    // A payload not ours to read (a hand-made NOTIFY) has everything looked at rather than something missed.
    message: (payload) => ended(parseScope(payload)),
    missed: () => ended(null),
    error: onError,
  });
}

function parseScope(payload: string): SessionsEndedElsewhere | null {
  try {
    const v = JSON.parse(payload) as { tenantId?: unknown; userId?: unknown };
    if (typeof v.tenantId !== 'string') return null;
    return typeof v.userId === 'string' ? { tenantId: v.tenantId, userId: v.userId } : { tenantId: v.tenantId };
  } catch {
    return null;
  }
}

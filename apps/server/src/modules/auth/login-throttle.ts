import {
  LOGIN_ADDRESS_DELAY_BASE_MS,
  LOGIN_ADDRESS_DELAY_MAX_MS_DEFAULT,
  LOGIN_ADDRESS_FREE_FAILURES,
  LOGIN_ADDRESS_MAX_WAIT_MS,
  LOGIN_FAILURE_WINDOW_SECONDS,
  LOGIN_FAILURES_PER_ACCOUNT,
} from '@portal/contracts/constants';
import { sql } from 'kysely';
import type { Db } from '../../db/create-db.ts';

/**
 * Login throttling on the database, the store every node shares (ADR 0015). Each decision is one atomic
 * statement (an upsert with RETURNING, or a conditional update), so parallel attempts cannot read the same count:
 * - per account: an attempt first claims a numbered slot; only the first LOGIN_FAILURES_PER_ACCOUNT slots of a
 *   window have their password checked, and a success gives the slots back;
 * - per address: failures do not lock the address (a campus NAT holds many users) but space its attempts out,
 *   by a delay that doubles with each failure past LOGIN_ADDRESS_FREE_FAILURES, up to a maximum. An attempt
 *   reserves the next free time slot of its address and waits for it.
 */
export const accountKey = (tenantId: string, account: string) => `account:${tenantId}:${account.toLowerCase()}`;
export const addressKey = (ip: string) => `address:${ip}`;

const WINDOW_MS = LOGIN_FAILURE_WINDOW_SECONDS * 1000;

/** The spacing an address gets after `failures` failed logins in the window: 0, then doubling up to `maxMs`. */
export function addressDelayMs(failures: number, maxMs: number = LOGIN_ADDRESS_DELAY_MAX_MS_DEFAULT): number {
  const over = failures - LOGIN_ADDRESS_FREE_FAILURES;
  if (over <= 0) return 0;
  return Math.min(maxMs, Math.min(LOGIN_ADDRESS_DELAY_BASE_MS, maxMs) * 2 ** Math.min(over - 1, 30));
}

export function loginThrottle(db: Db, opts: { addressDelayMaxMs?: number } = {}) {
  const maxDelay = opts.addressDelayMaxMs ?? LOGIN_ADDRESS_DELAY_MAX_MS_DEFAULT;
  return {
    /**
     * Claims the next attempt of an account. `allowed` is false once the window's attempts are used up;
     * `unlocksAt` is when the window ends.
     */
    async claimAccount(
      key: string,
      now = Date.now(),
    ): Promise<{ allowed: boolean; attempt: number; unlocksAt: number }> {
      const expired = now - WINDOW_MS;
      const row = await db
        .insertInto('login_throttle')
        .values({ key, attempts: 1, window_started_ms: now, next_at_ms: 0 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            attempts: sql<number>`CASE WHEN login_throttle.window_started_ms <= ${expired} THEN 1 ELSE login_throttle.attempts + 1 END`,
            window_started_ms: sql<number>`CASE WHEN login_throttle.window_started_ms <= ${expired} THEN ${now} ELSE login_throttle.window_started_ms END`,
          }),
        )
        .returning(['attempts', 'window_started_ms'])
        .executeTakeFirstOrThrow();
      const attempt = Number(row.attempts);
      return {
        allowed: attempt <= LOGIN_FAILURES_PER_ACCOUNT,
        attempt,
        unlocksAt: Number(row.window_started_ms) + WINDOW_MS,
      };
    },

    /** The failed attempt that used up the account's allowance locks it for the full window from now. */
    async accountFailed(key: string, attempt: number, now = Date.now()): Promise<void> {
      if (attempt < LOGIN_FAILURES_PER_ACCOUNT) return;
      await db.updateTable('login_throttle').set({ window_started_ms: now }).where('key', '=', key).execute();
    },

    /** A good password: the account starts afresh. */
    async clearAccount(key: string): Promise<void> {
      await db.deleteFrom('login_throttle').where('key', '=', key).execute();
    },

    /** An administrator unlocks accounts (their attempt counters go). */
    async unlockAccounts(keys: string[]): Promise<number> {
      if (keys.length === 0) return 0;
      const res = await db.deleteFrom('login_throttle').where('key', 'in', keys).executeTakeFirst();
      return Number(res.numDeletedRows);
    },

    /**
     * Reserves the address's next attempt slot. Returns how long to wait for it, or null when the address's
     * queue already reaches LOGIN_ADDRESS_MAX_WAIT_MS ahead (the attempt is refused and reserves nothing).
     */
    async reserveAddressSlot(key: string, now = Date.now()): Promise<number | null> {
      const current = await db
        .selectFrom('login_throttle')
        .where('key', '=', key)
        .select(['attempts', 'window_started_ms'])
        .executeTakeFirst();
      const failures = current && Number(current.window_started_ms) > now - WINDOW_MS ? Number(current.attempts) : 0;
      const delay = addressDelayMs(failures, maxDelay);
      const row = await db
        .insertInto('login_throttle')
        .values({ key, attempts: 0, window_started_ms: now, next_at_ms: now + delay })
        .onConflict((oc) =>
          oc
            .column('key')
            .doUpdateSet({
              next_at_ms: sql<number>`(CASE WHEN login_throttle.next_at_ms > ${now} THEN login_throttle.next_at_ms ELSE ${now} END) + ${delay}`,
            })
            .where(sql<boolean>`login_throttle.next_at_ms <= ${now + LOGIN_ADDRESS_MAX_WAIT_MS}`),
        )
        .returning(['next_at_ms'])
        .executeTakeFirst();
      if (!row) return null;
      return Math.max(0, Number(row.next_at_ms) - delay - now);
    },

    /** A failed attempt from an address counts towards its spacing (a new window after the old one ends). */
    async addressFailed(key: string, now = Date.now()): Promise<void> {
      const expired = now - WINDOW_MS;
      await db
        .insertInto('login_throttle')
        .values({ key, attempts: 1, window_started_ms: now, next_at_ms: 0 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            attempts: sql<number>`CASE WHEN login_throttle.window_started_ms <= ${expired} THEN 1 ELSE login_throttle.attempts + 1 END`,
            window_started_ms: sql<number>`CASE WHEN login_throttle.window_started_ms <= ${expired} THEN ${now} ELSE login_throttle.window_started_ms END`,
          }),
        )
        .execute();
    },

    /** Drops counters whose window and slots are over. */
    async prune(now = Date.now()): Promise<void> {
      await db
        .deleteFrom('login_throttle')
        .where('window_started_ms', '<=', now - WINDOW_MS)
        .where('next_at_ms', '<=', now)
        .execute();
    },
  };
}

export type LoginThrottle = ReturnType<typeof loginThrottle>;

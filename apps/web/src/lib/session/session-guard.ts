import type { SessionValidTime, TokenResult } from '@portal/contracts/auth';
import {
  ACTIVITY_EXTEND_BELOW_SECONDS,
  ACTIVITY_THROTTLE_MS,
  SESSION_CHECK_INTERVAL_MS,
  SESSION_CHECK_MAX_FAILURES,
  TOKEN_AGE_CHECK_INTERVAL_MS,
  TOKEN_AGE_LIMIT_SECONDS,
} from '@portal/contracts/constants';
import type { LogoutReason, sessionStore as SessionStoreType } from './session-store.ts';
import { createTabRefresh, type TabChannel, type TabLocks } from './tab-refresh.ts';
import { recordSessionTime } from './session-time.ts';

export type SessionGuardDeps = {
  store: typeof SessionStoreType;
  /** Refreshes with the token given, or (null) with the HttpOnly refresh cookie (ADR 0027). */
  refreshToken: (refreshToken: string | null, tenantId: string) => Promise<TokenResult>;
  getSessionValidTime: (casTicket: string) => Promise<SessionValidTime>;
  updateSessionValidTime: (casTicket: string) => Promise<SessionValidTime>;
  /** The forced re-login dialog: the session's time ran out (`expired`), or 5 checks in a row failed (`failing`). */
  onForcedRelogin: (why: 'expired' | 'failing') => void;
  /** Another tab logged this session out (tab-refresh.ts). */
  onLoggedOutElsewhere?: (reason: LogoutReason) => void;
  now?: () => number;
  /** The element whose user activity extends the session (the document by default). */
  activityTarget?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** Cross-tab coordination of the refresh (tab-refresh.ts): `navigator.locks` and a BroadcastChannel by default. */
  locks?: TabLocks | null;
  channel?: TabChannel | null;
};

const ACTIVITY_EVENTS = ['mousedown', 'keydown', 'wheel', 'touchstart'] as const;

/** The browser says it has no network (navigator.onLine false). */
const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * The timers of 4.3, started once a user has a token:
 * - the access token is refreshed when its age reaches the limit (checked every 10 s), once for all tabs;
 * - a CAS session ticket has its remaining time checked every 30 s; expiry or 5 consecutive failed
 *   checks open the forced re-login dialog;
 * - user activity, throttled to once per 20 s, extends the session when under 300 s remain.
 * Returns the function that stops them.
 */
export function startSessionGuard(deps: SessionGuardDeps): () => void {
  const now = deps.now ?? Date.now;
  let stopped = false;
  let refreshing = false;
  let failures = 0;
  let forced = false;
  let remainingSeconds: number | null = null;
  let lastActivity = -Infinity;

  const force = (why: 'expired' | 'failing') => {
    if (forced || stopped) return;
    forced = true;
    deps.onForcedRelogin(why);
  };

  const tokenDue = () => {
    const s = deps.store.getState();
    return Boolean(
      s.token && s.tokenIssuedAt && s.tenantId && now() - s.tokenIssuedAt >= TOKEN_AGE_LIMIT_SECONDS * 1000,
    );
  };
  // Every tab runs this guard; the tabs share one refresh (one takes the lock and tells the others).
  const tabs = createTabRefresh({
    store: deps.store,
    refreshToken: deps.refreshToken,
    now,
    due: tokenDue,
    locks: deps.locks,
    channel: deps.channel,
    onLoggedOutElsewhere: deps.onLoggedOutElsewhere,
  });

  const checkTokenAge = async () => {
    if (refreshing || offline() || !tokenDue()) return;
    refreshing = true;
    try {
      await tabs.refresh();
    } catch {
      // A refused refresh token ends in a 401 on the next call, which opens the session-expired dialog.
    } finally {
      refreshing = false;
    }
  };

  const checkSession = async () => {
    const ticket = deps.store.getState().casTicket;
    // Offline (issue 18) a check cannot answer: it is not a failed check, and the cached pages stay usable.
    if (!ticket || forced || offline()) return;
    try {
      const r = await deps.getSessionValidTime(ticket);
      if (stopped) return;
      failures = 0;
      remainingSeconds = r.validTime;
      recordSessionTime(r, now());
      if (r.validTime <= 0) force('expired');
    } catch {
      if (stopped) return;
      failures += 1;
      if (failures >= SESSION_CHECK_MAX_FAILURES) force('failing');
    }
  };

  const onActivity = () => {
    const t = now();
    if (t - lastActivity < ACTIVITY_THROTTLE_MS) return;
    lastActivity = t;
    const ticket = deps.store.getState().casTicket;
    if (!ticket || forced || remainingSeconds === null || remainingSeconds >= ACTIVITY_EXTEND_BELOW_SECONDS) return;
    deps
      .updateSessionValidTime(ticket)
      .then((r) => {
        if (stopped) return;
        remainingSeconds = r.validTime;
        recordSessionTime(r, now());
        if (r.expireTime) deps.store.setState({ expireTime: r.expireTime });
      })
      .catch(() => undefined);
  };

  const tokenTimer = setInterval(() => void checkTokenAge(), TOKEN_AGE_CHECK_INTERVAL_MS);
  const sessionTimer = setInterval(() => void checkSession(), SESSION_CHECK_INTERVAL_MS);
  void checkSession();
  void checkTokenAge();
  // A login stores the tokens (which starts this guard) before the ticket of its login init: a new ticket is checked
  // at once, so the time left shows right after login instead of at the next 30 s tick.
  let lastTicket = deps.store.getState().casTicket;
  const unsubscribeTicket = deps.store.subscribe((s) => {
    if (s.casTicket === lastTicket) return;
    lastTicket = s.casTicket;
    if (s.casTicket) void checkSession();
  });
  const target = deps.activityTarget ?? (typeof document !== 'undefined' ? document : undefined);
  for (const e of ACTIVITY_EVENTS)
    target?.addEventListener(e, onActivity, { passive: true } as AddEventListenerOptions);

  return () => {
    stopped = true;
    unsubscribeTicket();
    tabs.stop();
    clearInterval(tokenTimer);
    clearInterval(sessionTimer);
    for (const e of ACTIVITY_EVENTS) target?.removeEventListener(e, onActivity);
  };
}

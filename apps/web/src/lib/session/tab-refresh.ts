import type { TokenResult } from '@portal/contracts/auth';
import {
  SESSION_CHANNEL,
  sessionStorageBackend,
  type LockMessage,
  type LogoutMessage,
  type LogoutReason,
  type SessionState,
  type sessionStore as SessionStoreType,
} from './session-store.ts';

/** The part of the Web Locks API (`navigator.locks`) used here: one exclusive lock by name. */
export type TabLocks = { request<T>(name: string, callback: () => Promise<T>): Promise<T> };

/** The part of `BroadcastChannel` used here. */
export type TabChannel = {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
};

export const TOKEN_REFRESH_LOCK = 'portal.token-refresh';
export { SESSION_CHANNEL };

type TokensMessage = {
  type: 'tokens';
  tokens: Pick<TokenResult, 'access_token' | 'refresh_token' | 'tenant_id'>;
  issuedAt: number;
};

const isTokensMessage = (m: unknown): m is TokensMessage => {
  const x = m as Partial<TokensMessage> | null;
  return (
    !!x &&
    x.type === 'tokens' &&
    typeof x.issuedAt === 'number' &&
    typeof x.tokens?.access_token === 'string' &&
    typeof x.tokens.refresh_token === 'string' &&
    typeof x.tokens.tenant_id === 'string'
  );
};

export type TabRefreshDeps = {
  store: typeof SessionStoreType;
  /** Refreshes with the token given, or (null) with the HttpOnly refresh cookie the browser holds (ADR 0027). */
  refreshToken: (refreshToken: string | null, tenantId: string) => Promise<TokenResult>;
  now: () => number;
  /** Whether the tokens in the store are due for a refresh (4.3: the age limit reached). */
  due: () => boolean;
  /** `navigator.locks` by default; null to go without. */
  locks?: TabLocks | null;
  /** A BroadcastChannel named SESSION_CHANNEL by default; null to go without. */
  channel?: TabChannel | null;
  /** Another tab of this browser logged this session out (session-store.ts's logoutClear told the channel). */
  onLoggedOutElsewhere?: (reason: LogoutReason) => void;
};

const isLogoutMessage = (m: unknown): m is LogoutMessage => (m as Partial<LogoutMessage> | null)?.type === 'logout';
const isLockMessage = (m: unknown): m is LockMessage => {
  const type = (m as Partial<LockMessage> | null)?.type;
  return type === 'lock' || type === 'unlock';
};

/**
 * One token refresh for all the tabs of the browser. A tab whose token is due takes the refresh lock
 * (Web Locks API), looks again at the persisted session (the tab before it in the queue may have refreshed
 * already), refreshes only if still due, and tells the others the new pair over the BroadcastChannel.
 * Every tab takes a newer pair it hears of. Without Web Locks the tabs may race; the server's reuse
 * grace window answers the second refresh with the same pair, so a race does not end the session.
 */
export function createTabRefresh(deps: TabRefreshDeps): { refresh: () => Promise<void>; stop: () => void } {
  const locks = deps.locks === undefined ? defaultLocks() : deps.locks;
  const channel = deps.channel === undefined ? defaultChannel() : deps.channel;
  let stopped = false;

  /** Takes a pair another tab obtained, if it is newer than this tab's and this tab is still logged in. */
  const adopt = (tokens: TokensMessage['tokens'], issuedAt: number) => {
    const s = deps.store.getState();
    if (stopped || !s.token) return; // logged out here: a pair heard of does not log this tab back in
    if (s.tenantId && s.tenantId !== tokens.tenant_id) return;
    if (s.tokenIssuedAt !== null && s.tokenIssuedAt >= issuedAt) return;
    s.setTokens(tokens, issuedAt);
  };
  const onMessage = (event: MessageEvent) => {
    if (isTokensMessage(event.data)) adopt(event.data.tokens, event.data.issuedAt);
    // The tabs share one session (its tokens in one store): logged out in one, it is over in every one.
    if (isLogoutMessage(event.data) && !stopped && deps.store.getState().token)
      deps.onLoggedOutElsewhere?.(event.data.reason ?? 'logout');
    // One lock for the session too: locked in one tab, every tab of the user is (the guard sends each to /lock at
    // once); unlocked with the lock password in one, every one is (the lock page sends each back to its page).
    if (isLockMessage(event.data) && !stopped) {
      const s = deps.store.getState();
      if (!s.token || s.tenantId !== event.data.tenantId || (s.user?.user_id ?? null) !== event.data.userId) return;
      s.setLock(event.data.type === 'lock', { announce: false });
    }
  };
  channel?.addEventListener('message', onMessage);

  /**
   * The session as the tabs have persisted it (encrypted in localStorage): the tab that held the lock before this one
   * wrote its new token there before releasing the lock, while its broadcast may still be on the way. The refresh
   * token is not stored (the browser holds it as an HttpOnly cookie), so a persisted token comes with none.
   */
  const adoptPersisted = async () => {
    const api = (deps.store as Partial<Pick<typeof SessionStoreType, 'persist'>>).persist;
    if (!api) return;
    const { storage, name } = api.getOptions();
    const stored = storage && name ? await storage.getItem(name) : null;
    const p = stored?.state as
      Partial<Pick<SessionState, 'token' | 'refreshToken' | 'tenantId' | 'tokenIssuedAt'>> | undefined;
    if (p?.token && p.tenantId && typeof p.tokenIssuedAt === 'number') {
      adopt({ access_token: p.token, refresh_token: p.refreshToken ?? '', tenant_id: p.tenantId }, p.tokenIssuedAt);
    }
  };

  const refreshOnce = async () => {
    if (stopped) return;
    await adoptPersisted();
    if (stopped || !deps.due()) return;
    const s = deps.store.getState();
    if (!s.tenantId) return;
    const t = await deps.refreshToken(s.refreshToken, s.tenantId);
    if (stopped) return;
    const issuedAt = deps.now();
    deps.store.getState().setTokens(t, issuedAt);
    // Stored (encrypted) before the lock is let go: the next tab in the queue reads it there.
    await sessionStorageBackend.flush();
    const message: TokensMessage = {
      type: 'tokens',
      tokens: { access_token: t.access_token, refresh_token: t.refresh_token, tenant_id: t.tenant_id },
      issuedAt,
    };
    channel?.postMessage(message);
  };

  return {
    refresh: () => (locks ? locks.request(TOKEN_REFRESH_LOCK, refreshOnce) : refreshOnce()),
    stop: () => {
      stopped = true;
      channel?.removeEventListener('message', onMessage);
      if (deps.channel === undefined) channel?.close();
    },
  };
}

function defaultLocks(): TabLocks | null {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: TabLocks }).locks : undefined;
  return locks && typeof locks.request === 'function' ? locks : null;
}

function defaultChannel(): TabChannel | null {
  return typeof BroadcastChannel === 'function' ? new BroadcastChannel(SESSION_CHANNEL) : null;
}

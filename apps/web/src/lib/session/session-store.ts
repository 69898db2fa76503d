import type { LoginConfig, SessionData, TokenResult, UserInfo } from '@portal/contracts/auth';
import type { RobotBaseInfo } from '@portal/contracts/assistant';
import { persist, type PersistStorage, type StorageValue } from 'zustand/middleware';
import { createStore, useStore } from 'zustand';
import { encryptedLocalStorage } from './secure-storage.ts';

/** Section 3, theme object. */
export type ThemeState = {
  themeName?: string;
  themeId?: string;
  themeColor?: string;
  themeImg?: string;
  themeImgBorderColor?: string;
  WaitingForMeToHandleBCImg?: string;
  /** The theme is the user's own (userThemeSetUp), not the tenant's. */
  personal?: boolean;
  /** The tenant's theme: the default, and what logout falls back to when the theme is the user's own. */
  tenant?: Omit<ThemeState, 'tenant' | 'personal'>;
};

/**
 * "Values kept for the session" (section 3), stored encrypted as section 9 says (secure-storage.ts, ADR 0027). Keys a
 * user's data is tied to carry the user id.
 */
export type SessionState = {
  token: string | null;
  /**
   * The refresh token when the server gave one in the answer (other clients); never stored. The portal's own calls get
   * it as an HttpOnly cookie scoped to the refresh call instead (ADR 0027), and this stays null.
   */
  refreshToken: string | null;
  /** Epoch ms at which the access token was issued (4.3: refreshed when its age reaches the limit). */
  tokenIssuedAt: number | null;
  tenantId: string | null;
  user: UserInfo | null;
  roleId: string | null;
  roleType: string | null;
  configurationMenu: UserInfo['configurationMenu'];
  casTicket: string | null;
  /**
   * 4.3: the ticket a 401 cleared, kept (persisted) until the next login or logout, so a 401 after a reload can
   * still ask whether that session has ended (forced re-login) when the page that cleared it could not finish asking.
   */
  clearedCasTicket: string | null;
  /** Epoch ms at which the server session ends. */
  expireTime: number | null;
  outLogTip: string | null;
  theme: ThemeState | null;
  navigation: unknown[] | null;
  tags: unknown[];
  lock: boolean;
  /** Chat records, by user id. */
  chatRecords: Record<string, unknown>;
  /** 2.2: the current service business type ('' all, APPLICATION, PROCESS). */
  serviceType: string;
  /** 2.2: entering the home route marks the index state. */
  indexState: boolean;
  robotConfig: RobotBaseInfo | null;
  /** 4.4 '1001': the service opened in the page, remembered for the session. */
  currentServiceId: string | null;
  /** 4.4 '1001': robot chat is turned off while a service is open in the page. */
  robotChatOff: boolean;
  loginConfig: LoginConfig['eduSystemManageIdentityAuth'] | null;
};

export type SessionActions = {
  setTokens: (t: Pick<TokenResult, 'access_token' | 'refresh_token' | 'tenant_id'>, now?: number) => void;
  setUser: (u: UserInfo) => void;
  setSession: (s: SessionData) => void;
  setLoginConfig: (c: LoginConfig['eduSystemManageIdentityAuth']) => void;
  setServiceType: (t: string) => void;
  setIndexState: (v: boolean) => void;
  setRobotConfig: (c: RobotBaseInfo) => void;
  setTheme: (t: ThemeState | null) => void;
  /** 4.4 '1001': remember the service opened in the page and turn robot chat off. */
  openServiceInPage: (serviceId: string) => void;
  /** 4.3: "A 401 clears the cached ticket." (It is kept aside as clearedCasTicket.) */
  clearTicket: () => void;
  /**
   * 4.3: "Logout clears token, menus, roles, tags, lock and chat records." When there was a session, the other tabs of
   * the browser are told (SESSION_CHANNEL), so they do not keep the user's data on screen; `announce: false` for a
   * tab doing so because it was told. `reason: 'relogin'`: the session ended and the user is logging in again (the
   * re-login dialog), so the other tabs wait on the login page for that login instead of saying 您已安全退出.
   */
  logoutClear: (options?: { announce?: boolean; reason?: LogoutReason }) => void;
  /**
   * Locks or unlocks the screen (features/auth/lock.ts). The tabs share one session and one lock: the other tabs of
   * the browser are told (SESSION_CHANNEL) and lock or unlock with it; `announce: false` for a tab doing so because it
   * was told.
   */
  setLock: (lock: boolean, options?: { announce?: boolean }) => void;
};

/** The channel the tabs of one browser share about the session: new tokens (tab-refresh.ts), a logout and the lock. */
export const SESSION_CHANNEL = 'portal.session';
/** Why a session ended: the user logged out, or it ended by itself and the user is logging in again. */
export type LogoutReason = 'logout' | 'relogin';
export type LogoutMessage = { type: 'logout'; tenantId: string | null; reason?: LogoutReason };
/** A user logged in in a tab: the tabs waiting on a re-login page take the new session (login-page.tsx). */
export type LoginMessage = { type: 'login'; tenantId: string };
/** The screen was locked (or unlocked) in a tab: the user's other tabs follow (tab-refresh.ts). */
export type LockMessage = { type: 'lock' | 'unlock'; tenantId: string | null; userId: string | null };

function announce(message: LogoutMessage | LockMessage | LoginMessage): void {
  if (typeof BroadcastChannel !== 'function') return;
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  channel.postMessage(message);
  channel.close();
}

/** Tells the other tabs that this one has logged in, once the new session is stored where they can read it. */
export function announceLogin(tenantId: string): void {
  announce({ type: 'login', tenantId });
}

/** Calls `onLogin` whenever another tab of the browser logs in; returns the function that stops listening. */
export function onLoginElsewhere(onLogin: (tenantId: string) => void): () => void {
  if (typeof BroadcastChannel !== 'function') return () => undefined;
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  channel.addEventListener('message', (event: MessageEvent) => {
    const m = event.data as Partial<LoginMessage> | null;
    if (m?.type === 'login' && typeof m.tenantId === 'string') onLogin(m.tenantId);
  });
  return () => channel.close();
}

const empty: SessionState = {
  token: null,
  refreshToken: null,
  tokenIssuedAt: null,
  tenantId: null,
  user: null,
  roleId: null,
  roleType: null,
  configurationMenu: [],
  casTicket: null,
  clearedCasTicket: null,
  expireTime: null,
  outLogTip: null,
  theme: null,
  navigation: null,
  tags: [],
  lock: false,
  chatRecords: {},
  serviceType: '',
  indexState: false,
  robotConfig: null,
  currentServiceId: null,
  robotChatOff: false,
  loginConfig: null,
};

export const SESSION_STORAGE_KEY = 'portal.session';

type StoredTokens = { state?: { token?: string | null; tokenIssuedAt?: number | null; tenantId?: string | null } };

/**
 * Two tabs write the whole session to one place, each from its own state. A tab whose tokens are older than the stored
 * ones (another tab refreshed while this tab's write was being encrypted) must not put them back: the next tab to
 * look would find the old token due and refresh again (issue 11's one refresh per token age for the browser). So
 * the newer stored token is kept; a logout (no token) is written as it is.
 */
export function keepNewerToken(incoming: string, stored: string): string {
  try {
    const inc = JSON.parse(incoming) as StoredTokens;
    const cur = JSON.parse(stored) as StoredTokens;
    const a = inc.state;
    const b = cur.state;
    if (!a?.token || !b?.token || a.tenantId !== b.tenantId) return incoming;
    if (typeof b.tokenIssuedAt !== 'number' || (a.tokenIssuedAt ?? 0) >= b.tokenIssuedAt) return incoming;
    return JSON.stringify({ ...inc, state: { ...a, token: b.token, tokenIssuedAt: b.tokenIssuedAt } });
  } catch {
    return incoming;
  }
}

/** The encrypted localStorage every session store writes through (one, so `flush` waits for all of them). */
export const sessionStorageBackend = encryptedLocalStorage(undefined, { merge: keepNewerToken });

type Persisted = Partial<SessionState>;

/**
 * How one session store persists through the shared backend (issue 10, ADR 0050). A change of what is not stored
 * (indexState, serviceType) or a set that changes nothing writes nothing; otherwise the backend gets a function that
 * serialises the state when the write's turn comes, so changes made while an earlier write is encrypted end in one
 * write of the newest state instead of one each. Each store is a writer of its own: a value of another store of the
 * page (the tests' second tab) is merged with, never replaced.
 */
export function sessionPersistStorage(
  backend: typeof sessionStorageBackend = sessionStorageBackend,
): PersistStorage<Persisted> {
  const writer = {};
  let last: StorageValue<Persisted> | null = null;
  const same = (a: StorageValue<Persisted>, b: StorageValue<Persisted> | null) => {
    if (!b || a.version !== b.version) return false;
    const ka = Object.keys(a.state);
    const sa = a.state as Record<string, unknown>;
    const sb = b.state as Record<string, unknown>;
    return ka.length === Object.keys(sb).length && ka.every((k) => Object.is(sa[k], sb[k]));
  };
  return {
    async getItem(name) {
      const text = await backend.getItem(name);
      return text === null ? null : (JSON.parse(text) as StorageValue<Persisted>);
    },
    setItem(name, value) {
      if (same(value, last)) return backend.flush();
      last = value;
      return backend.setItem(name, () => JSON.stringify(value), writer);
    },
    removeItem(name) {
      last = null;
      return backend.removeItem(name);
    },
  };
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A session store persisted under `storageKey` (the app has one; tests make one per simulated tab). */
export const createSessionStore = (storageKey = SESSION_STORAGE_KEY) =>
  createStore<SessionState & SessionActions>()(
    persist(
      (setAny, get) => {
        type State = SessionState & SessionActions;
        // A change that changes nothing leaves the state as it is: no listener runs, no component re-renders and
        // nothing is encrypted and stored again (the home page's load set the same user, index state and service type
        // each time; issue 10).
        const set = (partial: Partial<State> | ((s: State) => Partial<State>)) =>
          setAny((s) => {
            const next = typeof partial === 'function' ? partial(s) : partial;
            const changed = (Object.keys(next) as Array<keyof State>).some((k) => !Object.is(s[k], next[k]));
            return changed ? next : s;
          });
        return {
          ...empty,
          setTokens: (t, now = Date.now()) =>
            set({
              token: t.access_token,
              refreshToken: t.refresh_token || null,
              tenantId: t.tenant_id,
              tokenIssuedAt: now,
            }),
          // The user the session check answers is usually the one stored: then nothing changes.
          setUser: (u) =>
            set((s) =>
              s.user && sameJson(s.user, u)
                ? {}
                : {
                    user: u,
                    tenantId: u.tenant_id,
                    roleId: u.roleId,
                    roleType: u.roleType,
                    configurationMenu: u.configurationMenu,
                  },
            ),
          setSession: (s) =>
            set({ casTicket: s.casTicket, clearedCasTicket: null, expireTime: s.expireTime, outLogTip: s.outLogTip }),
          setLoginConfig: (c) => set({ loginConfig: c }),
          setServiceType: (t) => set({ serviceType: t }),
          setIndexState: (v) => set({ indexState: v }),
          setRobotConfig: (c) => set({ robotConfig: c }),
          setTheme: (t) => set({ theme: t }),
          openServiceInPage: (serviceId) => set({ currentServiceId: serviceId, robotChatOff: true }),
          clearTicket: () =>
            set((s) => ({ casTicket: null, clearedCasTicket: s.casTicket ?? s.clearedCasTicket, expireTime: null })),
          // The tenant's theme stays, so the login page keeps its colour; a user's own theme leaves with them.
          logoutClear: (options) => {
            const { token, tenantId } = get();
            set((s) => ({ ...empty, theme: s.theme?.personal ? (s.theme.tenant ?? null) : s.theme }));
            if (token && options?.announce !== false)
              announce({ type: 'logout', tenantId, reason: options?.reason ?? 'logout' });
          },
          setLock: (lock, options) => {
            set({ lock });
            const { token, tenantId, user } = get();
            if (token && options?.announce !== false)
              announce({ type: lock ? 'lock' : 'unlock', tenantId, userId: user?.user_id ?? null });
          },
        };
      },
      {
        name: storageKey,
        storage: sessionPersistStorage(),
        // The refresh token is never stored where a script can read it (ADR 0027).
        partialize: ({ serviceType: _s, indexState: _i, refreshToken: _r, ...rest }) =>
          Object.fromEntries(Object.entries(rest).filter(([, v]) => typeof v !== 'function')) as Partial<SessionState>,
      },
    ),
  );

export const sessionStore = createSessionStore();

/** Resolves once the store has read (decrypted) the stored session: the app renders after it. */
export function sessionHydrated(store: typeof sessionStore = sessionStore): Promise<void> {
  if (store.persist.hasHydrated()) return Promise.resolve();
  return new Promise((resolve) => {
    const off = store.persist.onFinishHydration(() => {
      off();
      resolve();
    });
  });
}

export function useSession<T>(selector: (s: SessionState & SessionActions) => T): T {
  return useStore(sessionStore, selector);
}

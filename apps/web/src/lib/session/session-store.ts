import type { LoginConfig, SessionData, TokenResult, UserInfo } from '@portal/contracts/auth';
import type { RobotBaseInfo } from '@portal/contracts/assistant';
import { createJSONStorage, persist } from 'zustand/middleware';
import { createStore, useStore } from 'zustand';

/** Section 3, theme object. */
export type ThemeState = {
  themeName?: string;
  themeId?: string;
  themeColor?: string;
  themeImg?: string;
  themeImgBorderColor?: string;
  WaitingForMeToHandleBCImg?: string;
};

/** "Values kept for the session" (section 3). Keys a user's data is tied to carry the user id. */
export type SessionState = {
  token: string | null;
  refreshToken: string | null;
  /** Epoch ms at which the access token was issued (4.3: refreshed when its age reaches the limit). */
  tokenIssuedAt: number | null;
  tenantId: string | null;
  user: UserInfo | null;
  roleId: string | null;
  roleType: string | null;
  configurationMenu: UserInfo['configurationMenu'];
  casTicket: string | null;
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
  /** 4.3: "A 401 clears the cached ticket." */
  clearTicket: () => void;
  /** 4.3: "Logout clears token, menus, roles, tags, lock and chat records." */
  logoutClear: () => void;
};

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
  loginConfig: null,
};

export const SESSION_STORAGE_KEY = 'portal.session';

export const sessionStore = createStore<SessionState & SessionActions>()(
  persist(
    (set) => ({
      ...empty,
      setTokens: (t, now = Date.now()) =>
        set({ token: t.access_token, refreshToken: t.refresh_token, tenantId: t.tenant_id, tokenIssuedAt: now }),
      setUser: (u) =>
        set({ user: u, tenantId: u.tenant_id, roleId: u.roleId, roleType: u.roleType, configurationMenu: u.configurationMenu }),
      setSession: (s) => set({ casTicket: s.casTicket, expireTime: s.expireTime, outLogTip: s.outLogTip }),
      setLoginConfig: (c) => set({ loginConfig: c }),
      setServiceType: (t) => set({ serviceType: t }),
      setIndexState: (v) => set({ indexState: v }),
      setRobotConfig: (c) => set({ robotConfig: c }),
      setTheme: (t) => set({ theme: t }),
      clearTicket: () => set({ casTicket: null, expireTime: null }),
      // The theme stays: it is the tenant's, and the login page keeps its colour.
      logoutClear: () => set((s) => ({ ...empty, theme: s.theme })),
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ serviceType: _s, indexState: _i, ...rest }) =>
        Object.fromEntries(Object.entries(rest).filter(([, v]) => typeof v !== 'function')) as Partial<SessionState>,
    },
  ),
);

export function useSession<T>(selector: (s: SessionState & SessionActions) => T): T {
  return useStore(sessionStore, selector);
}

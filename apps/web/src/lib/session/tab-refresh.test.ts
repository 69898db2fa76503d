import type { SessionValidTime, TokenResult } from '@portal/contracts/auth';
import { TOKEN_AGE_LIMIT_SECONDS } from '@portal/contracts/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSessionGuard } from './session-guard.ts';
import { createSessionStore } from './session-store.ts';
import type { TabChannel, TabLocks } from './tab-refresh.ts';

/**
 * The server's rotation as the tabs see it, without any reuse grace: a refresh token is single-use, and a
 * spent one ends the session (ADR 0002). If the tabs ever refresh with the same token, the session ends.
 * The refresh token is the browser's HttpOnly cookie (ADR 0027): one jar for every tab, read when the call has none
 * of its own and set by the answer.
 */
function strictServer() {
  let n = 1;
  let revoked = false;
  let access = 'a1';
  let cookie = 'r1';
  const live = new Set(['r1']);
  const spent = new Set<string>();
  const calls: string[] = [];
  const refreshToken = async (own: string | null, tenantId: string): Promise<TokenResult> => {
    const refresh = own ?? cookie;
    calls.push(refresh);
    await Promise.resolve(); // a network round trip: the other tab runs meanwhile
    if (revoked || spent.has(refresh) || !live.has(refresh)) {
      revoked = true;
      throw new Error('401 刷新令牌无效或已过期，请重新登录');
    }
    live.delete(refresh);
    spent.add(refresh);
    n += 1;
    access = `a${n}`;
    live.add(`r${n}`);
    cookie = `r${n}`;
    return { ...tokens(n), refresh_token: '', tenant_id: tenantId };
  };
  return {
    refreshToken,
    calls,
    get cookie() {
      return cookie;
    },
    accepts: (token: string | null) => !revoked && token === access,
    get revoked() {
      return revoked;
    },
  };
}

const tokens = (n: number): TokenResult => ({
  access_token: `a${n}`,
  refresh_token: `r${n}`,
  token_type: 'bearer',
  expires_in: 3600,
  user_id: 'u1',
  user_name: '李同学',
  account: 'student01',
  nick_name: '小李',
  tenant_id: '000000',
  role_id: 'r',
  role_name: '学生',
});

/** navigator.locks of one browser: an exclusive lock per name, granted in request order. */
function browserLocks(): TabLocks {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      const before = tails.get(name) ?? Promise.resolve();
      const run = before.then(callback, callback);
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}

/** BroadcastChannel of one browser: a message reaches every other channel of the same name, asynchronously. */
function browserChannels() {
  const members = new Set<{ listeners: Set<(e: MessageEvent) => void> }>();
  return (): TabChannel => {
    const me = { listeners: new Set<(e: MessageEvent) => void>() };
    members.add(me);
    return {
      postMessage: (data) => {
        for (const m of members) {
          if (m === me) continue;
          for (const l of m.listeners)
            setTimeout(() => l(new MessageEvent('message', { data: structuredClone(data) })), 0);
        }
      },
      addEventListener: (_type, l) => void me.listeners.add(l),
      removeEventListener: (_type, l) => void me.listeners.delete(l),
      close: () => void members.delete(me),
    };
  };
}

const valid = (): SessionValidTime => ({ casTicket: 'ST-1', validTime: 1500, expireTime: Date.now() + 1_500_000 });

describe('token refresh shared by the tabs of a browser (4.3, issue 11)', () => {
  const stops: Array<() => void> = [];
  beforeEach(() => {
    // setImmediate stays real: IndexedDB (the session's key, ADR 0027) answers through it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-11-23T08:00:00Z'));
  });
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
    vi.useRealTimers();
  });

  /** Two tabs of one logged-in user, each with its own copy of the session and its own guard. */
  function twoTabs(server: ReturnType<typeof strictServer>) {
    const sharedLocks = browserLocks();
    const channels = browserChannels();
    localStorage.removeItem('test.tabs.session');
    return ['tab-a', 'tab-b'].map(() => {
      // One browser: both tabs persist the session under the same localStorage key.
      const store = createSessionStore('test.tabs.session');
      store.getState().logoutClear();
      store.getState().setTokens({ ...tokens(1), refresh_token: '' }, Date.now());
      store.getState().setSession({ casTicket: 'ST-1', tgt: 'TGT', expireTime: Date.now() + 1_800_000, outLogTip: '' });
      stops.push(
        startSessionGuard({
          store,
          refreshToken: server.refreshToken,
          getSessionValidTime: async () => valid(),
          updateSessionValidTime: async () => valid(),
          onForcedRelogin: vi.fn(),
          locks: sharedLocks,
          channel: channels(),
        }),
      );
      return store;
    });
  }

  it('keeps two tabs refreshing together for 2 hours logged in, with one refresh per token age', async () => {
    const server = strictServer();
    const [a, b] = twoTabs(server);
    for (let minute = 1; minute <= 120; minute++) {
      await vi.advanceTimersByTimeAsync(60_000);
      // Each tab's next call carries a token the server takes (once the refresh's Web Crypto work, off the fake
      // clock, has finished).
      await vi.waitFor(() => {
        expect(server.accepts(a!.getState().token), `tab a at minute ${minute}`).toBe(true);
        expect(server.accepts(b!.getState().token), `tab b at minute ${minute}`).toBe(true);
      });
    }
    expect(server.revoked).toBe(false);
    // Two token ages (3000 s) passed in 2 hours: two refreshes for the browser, not two per tab. The second starts at
    // minute 101 while the old token is still taken, so the loop does not wait for it: its Web Crypto work may still be
    // under way on a busy machine.
    await vi.waitFor(() => expect(server.cookie).toBe('r3'), { timeout: 10_000 });
    expect(server.calls).toEqual(['r1', 'r2']);
    // No tab holds a refresh token: the browser's cookie has the latest.
    expect(server.cookie).toBe('r3');
    expect(a!.getState().refreshToken).toBeNull();
    expect(b!.getState().refreshToken).toBeNull();
  });

  it('passes the new pair to a tab that refreshed nothing itself', async () => {
    const server = strictServer();
    const [a, b] = twoTabs(server);
    await vi.advanceTimersByTimeAsync(TOKEN_AGE_LIMIT_SECONDS * 1000 + 15_000);
    await vi.waitFor(() => {
      expect(a!.getState().token).toBe('a2');
      expect(b!.getState().token).toBe('a2');
    });
    expect(server.calls).toEqual(['r1']);
  });
});

import type { SessionValidTime, TokenResult } from '@portal/contracts/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSessionGuard } from './session-guard.ts';
import { sessionTimeStore } from './session-time.ts';
import { createSessionStore, sessionHydrated, sessionStorageBackend, sessionStore } from './session-store.ts';

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
const valid = (validTime: number): SessionValidTime => ({
  casTicket: 'ST-1',
  validTime,
  expireTime: Date.now() + validTime * 1000,
});

describe('session guard (4.3)', () => {
  let stop: () => void = () => {};
  beforeEach(() => {
    // setImmediate stays real: IndexedDB (the session's key, ADR 0027) answers through it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-11-23T08:00:00Z'));
    sessionStore.getState().logoutClear();
    sessionStore.getState().setTokens(tokens(1));
    sessionStore
      .getState()
      .setSession({ casTicket: 'ST-1', tgt: 'TGT', expireTime: Date.now() + 1_800_000, outLogTip: '' });
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('refreshes the access token once its age reaches 3000 s, and not before', async () => {
    const refreshToken = vi.fn(async () => tokens(2));
    stop = startSessionGuard({
      store: sessionStore,
      refreshToken,
      getSessionValidTime: async () => valid(1000),
      updateSessionValidTime: async () => valid(1800),
      onForcedRelogin: vi.fn(),
    });
    await vi.advanceTimersByTimeAsync(2990_000);
    expect(refreshToken).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(20_000);
    // The refresh first reads the persisted session (decrypted with Web Crypto, off the fake clock): wait for it.
    await vi.waitFor(() => expect(refreshToken).toHaveBeenCalledWith('r1', '000000'));
    expect(sessionStore.getState().token).toBe('a2');
    expect(sessionStore.getState().refreshToken).toBe('r2');
  });

  it('shares what each ticket check found, so pages show the time left without asking again', async () => {
    const getSessionValidTime = vi.fn(async () => valid(1000));
    stop = startSessionGuard({
      store: sessionStore,
      refreshToken: async () => tokens(2),
      getSessionValidTime,
      updateSessionValidTime: async () => valid(1800),
      onForcedRelogin: vi.fn(),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(sessionTimeStore.getState().latest).toMatchObject({ validTime: 1000, checkedAt: Date.now() });
    getSessionValidTime.mockResolvedValue(valid(970));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sessionTimeStore.getState().latest?.validTime).toBe(970);
  });

  it('checks a ticket that arrives after the tokens at once (a login), not at the next 30 s tick', async () => {
    sessionStore.setState({ casTicket: null });
    sessionTimeStore.setState({ latest: null });
    const getSessionValidTime = vi.fn(async () => valid(1000));
    stop = startSessionGuard({
      store: sessionStore,
      refreshToken: async () => tokens(2),
      getSessionValidTime,
      updateSessionValidTime: async () => valid(1800),
      onForcedRelogin: vi.fn(),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(getSessionValidTime).not.toHaveBeenCalled();
    sessionStore
      .getState()
      .setSession({ casTicket: 'ST-2', tgt: 'TGT', expireTime: Date.now() + 1_800_000, outLogTip: '' });
    await vi.advanceTimersByTimeAsync(0);
    expect(getSessionValidTime).toHaveBeenCalledWith('ST-2');
    expect(sessionTimeStore.getState().latest?.validTime).toBe(1000);
  });

  it('opens the forced re-login dialog when the ticket has expired', async () => {
    const onForcedRelogin = vi.fn();
    stop = startSessionGuard({
      store: sessionStore,
      refreshToken: vi.fn(),
      getSessionValidTime: async () => valid(0),
      updateSessionValidTime: vi.fn(),
      onForcedRelogin,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(onForcedRelogin).toHaveBeenCalledTimes(1);
    expect(onForcedRelogin).toHaveBeenCalledWith('expired');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(onForcedRelogin).toHaveBeenCalledTimes(1);
  });

  it('opens it after 5 consecutive failed checks, and a success resets the count', async () => {
    const onForcedRelogin = vi.fn();
    let fail = true;
    let n = 0;
    const getSessionValidTime = vi.fn(async () => {
      n++;
      if (n === 4) return valid(900); // one success among the failures
      if (fail) throw new Error('network');
      return valid(900);
    });
    stop = startSessionGuard({
      store: sessionStore,
      refreshToken: vi.fn(),
      getSessionValidTime,
      updateSessionValidTime: vi.fn(),
      onForcedRelogin,
    });
    await vi.advanceTimersByTimeAsync(30_000 * 6); // checks 1..7: fail fail fail ok fail fail fail
    expect(onForcedRelogin).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(30_000 * 2); // checks 8, 9: the 5th consecutive failure
    expect(onForcedRelogin).toHaveBeenCalledTimes(1);
    expect(onForcedRelogin).toHaveBeenCalledWith('failing');
    fail = false;
  });

  it('neither counts failed checks nor refreshes while the browser is offline (issue 18), and checks again once back', async () => {
    const onForcedRelogin = vi.fn();
    const getSessionValidTime = vi.fn(async () => {
      throw new Error('network');
    });
    const refreshToken = vi.fn(async () => tokens(2));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      stop = startSessionGuard({
        store: sessionStore,
        refreshToken,
        getSessionValidTime,
        updateSessionValidTime: vi.fn(),
        onForcedRelogin,
      });
      await vi.advanceTimersByTimeAsync(3600_000); // an hour on a train
      expect(getSessionValidTime).not.toHaveBeenCalled();
      expect(refreshToken).not.toHaveBeenCalled();
      expect(onForcedRelogin).not.toHaveBeenCalled();
      onLine.mockReturnValue(true);
      await vi.advanceTimersByTimeAsync(30_000);
      expect(getSessionValidTime).toHaveBeenCalled();
      await vi.waitFor(() => expect(refreshToken).toHaveBeenCalledTimes(1));
    } finally {
      onLine.mockRestore();
    }
  });

  it('extends the session on activity when under 300 s remain, at most once per 20 s', async () => {
    const target = new EventTarget();
    const updateSessionValidTime = vi.fn(async () => valid(1800));
    let left = 250;
    stop = startSessionGuard({
      store: sessionStore,
      refreshToken: vi.fn(),
      getSessionValidTime: async () => valid(left),
      updateSessionValidTime,
      onForcedRelogin: vi.fn(),
      activityTarget: target,
    });
    await vi.advanceTimersByTimeAsync(0);
    target.dispatchEvent(new Event('keydown'));
    target.dispatchEvent(new Event('mousedown'));
    await vi.advanceTimersByTimeAsync(0);
    expect(updateSessionValidTime).toHaveBeenCalledTimes(1);
    expect(updateSessionValidTime).toHaveBeenCalledWith('ST-1');
    // Now 1800 s remain: activity after the throttle window does not extend.
    await vi.advanceTimersByTimeAsync(21_000);
    target.dispatchEvent(new Event('keydown'));
    expect(updateSessionValidTime).toHaveBeenCalledTimes(1);
    left = 100;
    await vi.advanceTimersByTimeAsync(30_000);
    target.dispatchEvent(new Event('wheel'));
    expect(updateSessionValidTime).toHaveBeenCalledTimes(2);
  });

  it('does nothing after stop', async () => {
    const getSessionValidTime = vi.fn(async () => valid(100));
    const s = startSessionGuard({
      store: sessionStore,
      refreshToken: vi.fn(),
      getSessionValidTime,
      updateSessionValidTime: vi.fn(),
      onForcedRelogin: vi.fn(),
    });
    s();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(getSessionValidTime).toHaveBeenCalledTimes(1);
  });
});

describe('session store (section 3, 4.3)', () => {
  it('clears token, menus, roles, tags, lock and chat records on logout and keeps the theme', () => {
    const s = sessionStore.getState();
    s.setTokens(tokens(1));
    s.setUser({
      user_id: 'u1',
      user_name: 'x',
      account: 'admin',
      nick_name: 'x',
      tenant_id: '000000',
      tenant_name: '示例大学',
      roleId: 'r1',
      roleType: 'admin',
      roleName: '管理员',
      configurationMenu: [{ name: 'n', path: '/p', title: 't' }],
    });
    s.setTheme({ themeColor: '#ff0000' });
    sessionStore.setState({ lock: true, tags: [1], chatRecords: { u1: [] } });
    sessionStore.getState().logoutClear();
    const after = sessionStore.getState();
    expect(after).toMatchObject({
      token: null,
      refreshToken: null,
      user: null,
      configurationMenu: [],
      roleId: null,
      roleType: null,
      tags: [],
      lock: false,
      chatRecords: {},
    });
    expect(after.theme).toEqual({ themeColor: '#ff0000' });
  });

  it('persists the session, encrypted and without the refresh token, so a reload keeps the user logged in', async () => {
    sessionStore.getState().setTokens(tokens(7));
    await sessionStorageBackend.flush();
    const stored = localStorage.getItem('portal.session')!;
    expect(stored.startsWith('v1.')).toBe(true);
    // Quotes never occur in the base64 of the ciphertext, so these cannot match by chance (a bare 'a7' did, 1 run in 6).
    expect(stored).not.toContain('"a7"');
    expect(stored).not.toContain('"token"');
    const reloaded = createSessionStore();
    await sessionHydrated(reloaded);
    expect(reloaded.getState().token).toBe('a7');
    // Kept in memory for this page (a client that got it in the answer), never stored.
    expect(sessionStore.getState().refreshToken).toBe('r7');
    expect(reloaded.getState().refreshToken).toBeNull();
    expect(JSON.parse((await sessionStorageBackend.getItem('portal.session'))!).state).not.toHaveProperty(
      'refreshToken',
    );
  });
});

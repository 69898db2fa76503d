import type { UserInfo } from '@portal/contracts/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSessionGuard } from '../../lib/session/session-guard.ts';
import { createSessionStore, sessionStore } from '../../lib/session/session-store.ts';
import { lockScreen, unlockScreen } from './lock.ts';

const user = (id: string): UserInfo => ({
  user_id: id,
  user_name: '张同学',
  account: 'student01',
  nick_name: '张小华',
  tenant_id: '000000',
  tenant_name: '示例大学',
  roleId: '000000-student',
  roleType: 'student',
  roleName: '学生',
  configurationMenu: [],
});

/**
 * The lock screen is the session's, and the session is every tab's: locked in one tab, the user's other tabs lock at
 * once (no tab of theirs stays usable until a reload); unlocked with the lock password in one, every one unlocks.
 * This page's session store is the first tab; each other tab has a store and a session guard of its own, told over the
 * browser's BroadcastChannel as the real tabs are.
 */
describe('the lock screen across the tabs of a browser', () => {
  const stops: Array<() => void> = [];
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
    sessionStore.getState().logoutClear({ announce: false });
  });

  /**
   * A logged-in tab of the user `id` with its guard running (which listens to the other tabs). Each stores its session
   * under a key of its own: a store reads the stored session when it is made, and this test's tabs differ in it.
   */
  let tabs = 0;
  const tab = (id: string, store = createSessionStore(`test.lock.${(tabs += 1)}`)) => {
    store.getState().logoutClear({ announce: false });
    store.getState().setTokens({ access_token: 'a1', refresh_token: '', tenant_id: '000000' });
    store.getState().setUser(user(id));
    stops.push(
      startSessionGuard({
        store,
        refreshToken: vi.fn(),
        getSessionValidTime: vi.fn(),
        updateSessionValidTime: vi.fn(),
        onForcedRelogin: vi.fn(),
        locks: null,
      }),
    );
    return store;
  };

  beforeEach(() => void tab('u3', sessionStore));

  it('locks every other tab of the user when one locks, and unlocks them all when one unlocks', async () => {
    const second = tab('u3');
    const third = tab('u3');
    await lockScreen('Lock@2026');
    expect(sessionStore.getState().lock).toBe(true);
    await vi.waitFor(() => {
      expect(second.getState().lock).toBe(true);
      expect(third.getState().lock).toBe(true);
    });

    expect(await unlockScreen('wrong-one')).toBe(false);
    expect(await unlockScreen('Lock@2026')).toBe(true);
    expect(sessionStore.getState().lock).toBe(false);
    await vi.waitFor(() => {
      expect(second.getState().lock).toBe(false);
      expect(third.getState().lock).toBe(false);
    });
  });

  it('unlocks the tab that locked when another tab is unlocked', async () => {
    const second = tab('u3');
    await lockScreen('Lock@2026');
    await vi.waitFor(() => expect(second.getState().lock).toBe(true));
    second.getState().setLock(false);
    await vi.waitFor(() => expect(sessionStore.getState().lock).toBe(false));
  });

  it('leaves a tab of another user, or a logged-out one, as it is', async () => {
    const other = tab('u4');
    const loggedOut = tab('u3');
    loggedOut.getState().logoutClear({ announce: false });
    const same = tab('u3');
    await lockScreen('Lock@2026');
    await vi.waitFor(() => expect(same.getState().lock).toBe(true));
    expect(other.getState().lock).toBe(false);
    expect(loggedOut.getState().lock).toBe(false);
  });
});

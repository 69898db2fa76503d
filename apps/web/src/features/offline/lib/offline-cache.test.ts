import { QueryClient } from '@tanstack/react-query';
import { createStore, get } from 'idb-keyval';
import { describe, expect, it, vi } from 'vitest';
import { createSessionStore } from '../../../lib/session/session-store.ts';
import {
  forgetOfflineCache,
  keepOfflineCache,
  lastUpdatedAt,
  offlineCacheName,
  readOfflineCache,
  startOfflineSession,
  writeOfflineCache,
} from './offline-cache.ts';
import { dehydrate, onlineManager } from '@tanstack/react-query';

const raw = (name: string) => get<string>(name, createStore('portal-offline', 'values'));
const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 30));
  }
  throw new Error('timed out');
};
const user = (id: string) => ({
  user_id: id,
  tenant_id: '000000',
  user_name: id,
  account: id,
  nick_name: id,
  tenant_name: '示例大学',
  roleId: 'r',
  roleType: 'student',
  roleName: '学生',
  configurationMenu: [],
});

describe('the offline cache of a user (issue 18)', () => {
  it('is stored encrypted under the tenant and user, and reads back only for them', async () => {
    const client = new QueryClient();
    client.setQueryData(['notices'], [{ title: '停水通知：明日 8:00' }]);
    await writeOfflineCache('000000', 'u1', dehydrate(client));
    const stored = await raw(offlineCacheName('000000', 'u1'));
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain('停水');
    expect(atob(stored!.slice(3))).not.toContain('notices');
    const back = await readOfflineCache('000000', 'u1');
    expect(back?.state.queries[0]?.state.data).toEqual([{ title: '停水通知：明日 8:00' }]);
    // Another user, or the same id of another tenant, has nothing.
    expect(await readOfflineCache('000000', 'u2')).toBeNull();
    expect(await readOfflineCache('100001', 'u1')).toBeNull();
  });

  it("refuses a copy moved under another user's name, and one past its age", async () => {
    const client = new QueryClient();
    client.setQueryData(['x'], 1);
    await writeOfflineCache('000000', 'a', dehydrate(client));
    const { set } = await import('idb-keyval');
    await set(
      offlineCacheName('000000', 'b'),
      await raw(offlineCacheName('000000', 'a')),
      createStore('portal-offline', 'values'),
    );
    expect(await readOfflineCache('000000', 'b')).toBeNull();
    expect(await readOfflineCache('000000', 'a', Date.now() + 8 * 24 * 3600_000)).toBeNull();
  });

  it('restores into a page opened offline, and saves what the page fetches', async () => {
    const first = new QueryClient();
    const keeper = keepOfflineCache(first, '000000', 'k1');
    await keeper.restored;
    first.setQueryData(['favourites'], ['校园卡挂失']);
    await until(async () => !!(await readOfflineCache('000000', 'k1')));
    await keeper.stop();

    onlineManager.setOnline(false);
    try {
      const reopened = new QueryClient();
      const again = keepOfflineCache(reopened, '000000', 'k1');
      expect(await again.restored).toEqual(expect.any(Number));
      expect(reopened.getQueryData(['favourites'])).toEqual(['校园卡挂失']);
      // Stale at once: when the network is back, the page fetches afresh.
      expect(reopened.getQueryState(['favourites'])?.isInvalidated).toBe(true);
      expect(lastUpdatedAt(reopened)).toBeGreaterThan(0);
      await again.stop();
    } finally {
      onlineManager.setOnline(true);
    }
    await forgetOfflineCache('000000', 'k1');
  });

  it('online, shows what the server answers now, not a copy saved before the last change, and keeps the other pages in each save', async () => {
    const first = new QueryClient();
    const keeper = keepOfflineCache(first, '000000', 'k2');
    await keeper.restored;
    first.setQueryData(['bindings'], { wechat: true });
    first.setQueryData(['home'], { cards: 3 });
    await until(async () => (await readOfflineCache('000000', 'k2'))?.state.queries.length === 2);
    await keeper.stop();

    // The page opened again online: the saved answers do not show.
    const reopened = new QueryClient();
    const again = keepOfflineCache(reopened, '000000', 'k2');
    expect(await again.restored).toEqual(expect.any(Number));
    expect(reopened.getQueryData(['bindings'])).toBeUndefined();
    expect(reopened.getQueryData(['home'])).toBeUndefined();
    // The server's answer (unbound meanwhile) is saved; the page not visited this time stays saved as it was.
    reopened.setQueryData(['bindings'], { wechat: false });
    await until(async () => {
      const saved = await readOfflineCache('000000', 'k2');
      const of = (key: string) => saved?.state.queries.find((q) => q.queryKey[0] === key)?.state.data;
      return JSON.stringify([of('bindings'), of('home')]) === JSON.stringify([{ wechat: false }, { cards: 3 }]);
    });

    // The browser goes offline: what was saved of the other pages shows; what the page fetched stays.
    onlineManager.setOnline(false);
    try {
      expect(reopened.getQueryData(['home'])).toEqual({ cards: 3 });
      expect(reopened.getQueryData(['bindings'])).toEqual({ wechat: false });
    } finally {
      onlineManager.setOnline(true);
    }
    await again.stop();
    await forgetOfflineCache('000000', 'k2');
  });

  it('a page opened offline pauses its queries instead of failing over the saved answers', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const store = createSessionStore('test.offline.paused');
    try {
      const stop = startOfflineSession(new QueryClient(), store);
      expect(onlineManager.isOnline()).toBe(false);
      stop();
    } finally {
      onLine.mockRestore();
      onlineManager.setOnline(true);
    }
  });

  it('logout deletes the saved answers and the key: nothing of the previous user comes back', async () => {
    const store = createSessionStore('test.offline.session');
    const client = new QueryClient();
    store.setState({ tenantId: '000000', user: user('s1') });
    const stop = startOfflineSession(client, store);
    client.setQueryData(['todo'], { count: 3 });
    await until(async () => !!(await readOfflineCache('000000', 's1')));
    const sealed = await raw(offlineCacheName('000000', 's1'));

    store.getState().logoutClear();
    await until(async () => (await raw(offlineCacheName('000000', 's1'))) === undefined);
    // Even the old ciphertext, put back, no longer opens: the user's key is gone.
    const { set } = await import('idb-keyval');
    await set(offlineCacheName('000000', 's1'), sealed, createStore('portal-offline', 'values'));
    expect(await readOfflineCache('000000', 's1')).toBeNull();

    // The next user starts from nothing of s1's.
    const next = new QueryClient();
    store.setState({ tenantId: '000000', user: user('s2') });
    const stopNext = startOfflineSession(next, store);
    await new Promise((r) => setTimeout(r, 50));
    expect(next.getQueryData(['todo'])).toBeUndefined();
    stopNext();
    stop();
    await forgetOfflineCache('000000', 's2');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createSessionStore,
  sessionHydrated,
  sessionStorageBackend,
  sessionStore,
  SESSION_STORAGE_KEY,
} from '../session/session-store.ts';
import { setUnauthorizedHandler } from './client.ts';
import { platformHttp, userHttp } from './clients.ts';

const unauthorized = () =>
  new Response(JSON.stringify({ status: 401, msg: '登录已失效，请重新登录', msgDetail: '', result: null }), {
    status: 401,
    headers: { 'Content-Type': 'application/json' },
  });

describe("the portal clients' 401 (4.3)", () => {
  const handed: unknown[] = [];
  beforeEach(() => {
    handed.length = 0;
    localStorage.clear();
    sessionStore.getState().logoutClear();
    sessionStore.getState().setTokens({ access_token: 'a1', refresh_token: 'r1', tenant_id: '000000' });
    sessionStore
      .getState()
      .setSession({ casTicket: 'ST-1', tgt: 'TGT-1', expireTime: Date.now() + 60_000, outLogTip: '' });
    setUnauthorizedHandler((cleared) => handed.push(cleared));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => unauthorized()),
    );
  });
  afterEach(() => {
    setUnauthorizedHandler(null);
    vi.unstubAllGlobals();
  });

  it('clears the cached ticket and hands it to the session handler, for the first 401 and every later one', async () => {
    await expect(userHttp.get('/user/getUserInfo')).rejects.toMatchObject({ status: 401 });
    expect(sessionStore.getState().casTicket).toBeNull();
    await expect(platformHttp.post('/x', {})).rejects.toMatchObject({ status: 401 });
    // The second 401 found no cached ticket, yet asks about the same session (not "no ticket": session expired).
    expect(handed).toEqual(['ST-1', 'ST-1']);
  });

  it('keeps the cleared ticket across a reload (the persisted session), until the next login or logout', async () => {
    await expect(userHttp.get('/user/getUserInfo')).rejects.toMatchObject({ status: 401 });
    // A reload: a new store reads (decrypts) what this one persisted.
    await sessionStorageBackend.flush();
    const reloaded = createSessionStore(SESSION_STORAGE_KEY);
    await sessionHydrated(reloaded);
    expect(reloaded.getState().casTicket).toBeNull();
    expect(reloaded.getState().clearedCasTicket).toBe('ST-1');

    sessionStore
      .getState()
      .setSession({ casTicket: 'ST-2', tgt: 'TGT-2', expireTime: Date.now() + 60_000, outLogTip: '' });
    expect(sessionStore.getState().clearedCasTicket).toBeNull();
    await expect(userHttp.get('/user/getUserInfo')).rejects.toMatchObject({ status: 401 });
    expect(handed).toEqual(['ST-1', 'ST-2']);

    sessionStore.getState().logoutClear();
    await expect(userHttp.get('/user/getUserInfo')).rejects.toMatchObject({ status: 401 });
    expect(handed).toEqual(['ST-1', 'ST-2', null]);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { seal, SESSION_KEY_ID, storageKey } from './secure-storage.ts';
import { createSessionStore, sessionHydrated, sessionStorageBackend } from './session-store.ts';

/**
 * Issue 10, ADR 0050: a session store's writes are coalesced. The page sets its session a dozen times while it loads
 * (tokens, user, ticket, theme, robot, chat records…); each used to decrypt, merge and encrypt the whole session.
 */
const NAME = 'test.coalesced.session';
const tokens = (n: number) => ({ access_token: `a${n}`, refresh_token: '', tenant_id: '000000' });

describe('coalesced session writes (issue 10)', () => {
  let encrypt: ReturnType<typeof vi.spyOn>;
  let decrypt: ReturnType<typeof vi.spyOn>;
  beforeEach(async () => {
    localStorage.removeItem(NAME);
    await storageKey(SESSION_KEY_ID);
    encrypt = vi.spyOn(crypto.subtle, 'encrypt');
    decrypt = vi.spyOn(crypto.subtle, 'decrypt');
  });
  afterEach(() => {
    encrypt.mockRestore();
    decrypt.mockRestore();
  });

  const reload = async () => {
    const store = createSessionStore(NAME);
    await sessionHydrated(store);
    return store.getState();
  };

  it('encrypts once for the changes of one tick, and a reload finds the newest state', async () => {
    const store = createSessionStore(NAME);
    await sessionHydrated(store);
    await sessionStorageBackend.flush();
    encrypt.mockClear();
    decrypt.mockClear();

    store.getState().setTokens(tokens(1), 1_000);
    store.getState().setSession({ casTicket: 'ST-1', tgt: 'TGT', expireTime: 9_000, outLogTip: '' });
    store.setState({ tags: ['a'], lock: true });
    store.getState().setTokens(tokens(2), 2_000);
    await sessionStorageBackend.flush();
    expect(encrypt).toHaveBeenCalledTimes(1);
    // What this store wrote last is known: nothing was decrypted to merge with it.
    expect(decrypt).not.toHaveBeenCalled();

    store.setState({ tags: ['b'] });
    await sessionStorageBackend.flush();
    expect(encrypt).toHaveBeenCalledTimes(2);
    expect(decrypt).not.toHaveBeenCalled();

    expect(await reload()).toMatchObject({
      token: 'a2',
      tokenIssuedAt: 2_000,
      casTicket: 'ST-1',
      tags: ['b'],
      lock: true,
      refreshToken: null,
    });
  });

  it('writes nothing for a change of what is not stored, or a set that changes nothing', async () => {
    const store = createSessionStore(NAME);
    await sessionHydrated(store);
    store.getState().setTokens(tokens(1), 1_000);
    await sessionStorageBackend.flush();
    encrypt.mockClear();
    const stored = localStorage.getItem(NAME);

    store.getState().setIndexState(true);
    store.getState().setServiceType('PROCESS');
    store.setState({ lock: false });
    await sessionStorageBackend.flush();
    expect(encrypt).not.toHaveBeenCalled();
    expect(localStorage.getItem(NAME)).toBe(stored);
  });

  it('while a write is being encrypted, later changes wait and go out as one write of the newest state', async () => {
    const store = createSessionStore(NAME);
    await sessionHydrated(store);
    await sessionStorageBackend.flush();
    encrypt.mockClear();
    store.getState().setTokens(tokens(1), 1_000);
    // The first write has started (its turn came); these come in later turns of the event loop.
    for (let i = 0; i < 10; i++) {
      await Promise.resolve();
      store.setState({ tags: [i] });
    }
    await sessionStorageBackend.flush();
    expect(encrypt.mock.calls.length).toBeLessThanOrEqual(3);
    expect(await reload()).toMatchObject({ token: 'a1', tags: [9] });
  });

  it('merges with what another tab stored since (its newer token is kept), decrypting only then', async () => {
    const store = createSessionStore(NAME);
    await sessionHydrated(store);
    store.getState().setTokens(tokens(1), 1_000);
    await sessionStorageBackend.flush();

    // Another tab refreshed: its newer token is stored under the same name.
    const mine = JSON.parse((await sessionStorageBackend.getItem(NAME))!) as { state: Record<string, unknown> };
    const other = { ...mine, state: { ...mine.state, token: 'a9', tokenIssuedAt: 9_000 } };
    localStorage.setItem(NAME, await seal(await storageKey(SESSION_KEY_ID), NAME, JSON.stringify(other)));
    decrypt.mockClear();

    store.setState({ tags: ['mine'] });
    await sessionStorageBackend.flush();
    expect(decrypt).toHaveBeenCalledTimes(1);
    expect(await reload()).toMatchObject({ token: 'a9', tokenIssuedAt: 9_000, tags: ['mine'] });
  });

  it('a second store of the page (a second tab in the tests) is merged with, never replaced', async () => {
    const a = createSessionStore(NAME);
    const b = createSessionStore(NAME);
    await Promise.all([sessionHydrated(a), sessionHydrated(b)]);
    a.getState().setTokens(tokens(1), 1_000);
    await sessionStorageBackend.flush();
    b.getState().setTokens(tokens(1), 1_000);
    await sessionStorageBackend.flush();
    // Tab a refreshes, and tab b writes its older state in the same tick, before a's write was encrypted.
    a.getState().setTokens(tokens(2), 2_000);
    b.setState({ tags: ['b'] });
    await sessionStorageBackend.flush();
    expect(await reload()).toMatchObject({ token: 'a2', tokenIssuedAt: 2_000, tags: ['b'] });
  });

  it('logout removes the stored session even with a write waiting, and a later login is stored', async () => {
    const store = createSessionStore(NAME);
    await sessionHydrated(store);
    store.getState().setTokens(tokens(1), 1_000);
    store.getState().logoutClear();
    await sessionStorageBackend.flush();
    expect((await reload()).token).toBeNull();
    store.getState().setTokens(tokens(3), 3_000);
    await sessionStorageBackend.flush();
    expect((await reload()).token).toBe('a3');
  });

  it('a change that changes nothing notifies no one and encrypts nothing: the same user again, the same index state', async () => {
    const store = createSessionStore(NAME);
    await sessionHydrated(store);
    const user = {
      user_id: 'u1',
      user_name: '张同学',
      account: 'student01',
      nick_name: '',
      tenant_id: '000000',
      tenant_name: '示例大学',
      roleId: 'r1',
      roleType: '2',
      roleName: '学生',
      configurationMenu: [],
    };
    store.getState().setUser(user);
    store.getState().setIndexState(true);
    await sessionStorageBackend.flush();
    const kept = store.getState().user;
    encrypt.mockClear();
    const listener = vi.fn();
    const off = store.subscribe(listener);
    // The session check's answer: equal, not the same object.
    store.getState().setUser(structuredClone(user));
    store.getState().setIndexState(true);
    await sessionStorageBackend.flush();
    expect(listener).not.toHaveBeenCalled();
    expect(store.getState().user).toBe(kept);
    expect(encrypt).not.toHaveBeenCalled();
    // A real change still goes through.
    store.getState().setUser({ ...user, roleName: '研究生' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getState().user?.roleName).toBe('研究生');
    off();
  });
});

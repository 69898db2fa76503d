import { createStore, useStore } from 'zustand';

/** The session guard's latest answer of 4.3's ticket check: seconds left then, the session's end, and when. */
export type SessionTime = { validTime: number; expireTime: number; checkedAt: number };

/**
 * What the session guard last learned of the CAS session (lib/session/session-guard.ts checks every 30 s). Pages that
 * show the time left read it here instead of asking the server again (issue 15: the personal center asked
 * getSessionValidTime a second time every 30 s).
 */
export const sessionTimeStore = createStore<{ latest: SessionTime | null }>(() => ({ latest: null }));

export const useSessionTime = () => useStore(sessionTimeStore, (s) => s.latest);

export function recordSessionTime(r: { validTime: number; expireTime?: number | undefined }, at: number): void {
  const before = sessionTimeStore.getState().latest;
  sessionTimeStore.setState({
    latest: { validTime: r.validTime, expireTime: r.expireTime ?? before?.expireTime ?? 0, checkedAt: at },
  });
}

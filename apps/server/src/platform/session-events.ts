import type { AppDeps } from './http.ts';

/** A portal session ended (logout, removal, or a stolen refresh token): whatever rides on it must stop. */
export type SessionEnded = { tenantId: string; userId: string; sessionId: string };
type Listener = (event: SessionEnded) => void;

const listeners = new WeakMap<AppDeps, Set<Listener>>();

/**
 * Listens for ended sessions of one app (the chat runtime closes their sockets, on every node through its bus).
 * Returns the function that stops listening.
 */
export function onSessionEnded(deps: AppDeps, listener: Listener): () => void {
  const set = listeners.get(deps) ?? new Set<Listener>();
  set.add(listener);
  listeners.set(deps, set);
  return () => void set.delete(listener);
}

/** Tells the listeners; a failing listener does not stop the others or the caller. */
export function sessionEnded(deps: AppDeps, event: SessionEnded, onError: (err: unknown) => void = () => {}): void {
  for (const listener of listeners.get(deps) ?? []) {
    try {
      listener(event);
    } catch (err) {
      onError(err);
    }
  }
}

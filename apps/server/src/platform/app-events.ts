import type { AppDeps } from './http.ts';

/**
 * An in-process event of one app (ended sessions, configuration changes): the chat runtime listens and carries it
 * to every node through its bus. Listeners are kept per app, keyed by its configuration object, which the copies of
 * `deps` made for a transaction share (`{ ...deps, db: trx }`).
 */
export type AppEvent<E> = {
  /** Listens for this event of one app. Returns the function that stops listening. */
  on(deps: AppDeps, listener: (event: E) => void): () => void;
  /** Tells the listeners; a failing listener does not stop the others or the caller (`onError` hears it). */
  emit(deps: AppDeps, event: E, onError?: (err: unknown) => void): void;
};

export function appEvent<E>(): AppEvent<E> {
  const listeners = new WeakMap<AppDeps['config'], Set<(event: E) => void>>();
  return {
    on(deps, listener) {
      const set = listeners.get(deps.config) ?? new Set();
      set.add(listener);
      listeners.set(deps.config, set);
      return () => void set.delete(listener);
    },
    emit(deps, event, onError = () => {}) {
      for (const listener of listeners.get(deps.config) ?? []) {
        try {
          listener(event);
        } catch (err) {
          onError(err);
        }
      }
    },
  };
}

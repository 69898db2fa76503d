import type { AppDeps } from './http.ts';

/**
 * The tenant's configuration changed (a card, navigation item, tool, tab, setting … saved, removed, imported or
 * reverted; every such change goes through the audit log, modules/audit): signed-in users' pages must follow. The
 * chat runtime tells every socket of the tenant, on every node through its bus.
 */
export type ConfigChanged = { tenantId: string; kinds: string[] };
type Listener = (event: ConfigChanged) => void;

const listeners = new WeakMap<AppDeps['config'], Set<Listener>>();

/** Listens for configuration changes of one app. Returns the function that stops listening. */
export function onConfigChanged(deps: AppDeps, listener: Listener): () => void {
  const set = listeners.get(deps.config) ?? new Set<Listener>();
  set.add(listener);
  listeners.set(deps.config, set);
  return () => void set.delete(listener);
}

/** Tells the listeners, once the change is committed; a failing listener does not stop the others or the caller. */
export function configChanged(deps: AppDeps, event: ConfigChanged): void {
  for (const listener of listeners.get(deps.config) ?? []) {
    try {
      listener(event);
    } catch {
      // a listener's failure is its own (the chat logs its bus errors)
    }
  }
}

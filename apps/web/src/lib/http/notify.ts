import { DEDUP_PREFIXES, WARNING_PREFIX } from '@portal/contracts/errors';
import { ERROR_DEDUP_WINDOW_MS, TOAST_DURATION_MS } from '@portal/contracts/constants';
import { serverText } from '../i18n/i18n.ts';

export type Notifier = {
  error: (text: string, durationMs?: number) => void;
  warning: (text: string, durationMs?: number) => void;
  /** A confirmation (collected, saved); shown as a warning-free plain toast where the notifier has none. */
  success?: (text: string, durationMs?: number) => void;
};

let notifier: Notifier = {
  error: (text) => console.error(text),
  warning: (text) => console.warn(text),
};
const lastShown = new Map<string, number>();

/** The app sets the toast functions once (Ant Design's message API needs the React tree). */
export function setNotifier(next: Notifier): void {
  notifier = next;
}

/**
 * Shows a call's error (section 8): messages starting with E-FY00001 or E-N00001 are de-duplicated
 * within a 3 second window; E-N00002 is shown as a warning; everything else as an error. The same message again
 * within that window is not shown twice either: a page whose parallel calls all fail alike (a disabled tenant's
 * landing page) showed one toast per call, stacked over its header.
 */
export function notifyError(text: string, now: number = Date.now()): void {
  const key = DEDUP_PREFIXES.find((p) => text.startsWith(p)) ?? `=${text}`;
  const last = lastShown.get(key);
  if (last !== undefined && now - last < ERROR_DEDUP_WINDOW_MS) return;
  lastShown.set(key, now);
  // Old entries go, so the map holds at most the messages of the last window.
  if (lastShown.size > 50) for (const [k, at] of lastShown) if (now - at >= ERROR_DEDUP_WINDOW_MS) lastShown.delete(k);
  // The prefixes are the server's own; the toast says it in the interface's language.
  if (text.startsWith(WARNING_PREFIX)) notifier.warning(serverText(text), TOAST_DURATION_MS);
  else notifier.error(serverText(text), TOAST_DURATION_MS);
}

/** Confirms a user's action (collected, rated) in the current notifier's toasts. */
export function notifySuccess(text: string): void {
  (notifier.success ?? notifier.warning)(text, TOAST_DURATION_MS);
}

/** A warning about what the user asked for (offline, say), without the error de-duplication of section 8. */
export function notifyWarning(text: string): void {
  notifier.warning(text, TOAST_DURATION_MS);
}

/** Tests: forget the de-duplication window. */
export function resetNotifyState(): void {
  lastShown.clear();
}

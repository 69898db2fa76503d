import { REPEAT_CLICK_GUARD_MS } from '@portal/contracts/constants';

const lastAt = new Map<string, number>();

/**
 * Section 9's repeat-click guard: true when the same action (`key`: what it does and to what, e.g.
 * `open:<serviceId>`) was taken less than 800 ms ago, and the caller should ignore this one. On a slow network a second
 * tap before the first answer came sent two collects, counted a service's visit twice and opened a notice twice.
 * Keyed, not per element: the same service opened from two lists, or a list re-rendered between the taps, is still
 * one action.
 */
export function isRepeatClick(key: string, now: number = Date.now()): boolean {
  if (isGuarded(key, now)) return true;
  lastAt.set(key, now);
  if (lastAt.size > 100) for (const [k, at] of lastAt) if (now - at >= REPEAT_CLICK_GUARD_MS) lastAt.delete(k);
  return false;
}

/**
 * True while `key`'s action, taken less than 800 ms ago, still guards the page: a tap meant for it that landed on
 * another control (the layout moved under the finger) is ignored. Looks only; records nothing.
 */
export function isGuarded(key: string, now: number = Date.now()): boolean {
  const last = lastAt.get(key);
  return last !== undefined && now - last < REPEAT_CLICK_GUARD_MS;
}

/** Tests: forget every click. */
export function resetClickGuard(): void {
  lastAt.clear();
}

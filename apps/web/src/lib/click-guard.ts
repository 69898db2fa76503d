import { REPEAT_CLICK_GUARD_MS } from '@portal/contracts/constants';

/** Section 9: a repeated click within 800 ms is ignored. Returns a wrapped handler. */
export function clickGuard<A extends unknown[]>(
  fn: (...args: A) => void,
  now: () => number = Date.now,
): (...args: A) => void {
  let last = -Infinity;
  return (...args: A) => {
    const t = now();
    if (t - last < REPEAT_CLICK_GUARD_MS) return;
    last = t;
    fn(...args);
  };
}

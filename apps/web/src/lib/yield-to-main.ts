type Scheduler = { yield?: () => Promise<void> };

/**
 * A point where the browser may paint and handle input before the caller goes on (issue 10), or `undefined` where
 * there is none to take: `scheduler.yield()` in the browsers that have it (its continuation runs before other work of
 * its priority, so what follows is hardly delayed); elsewhere, and in tests, the caller goes on at once.
 */
export function yieldToMain(): Promise<void> | undefined {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  return typeof scheduler?.yield === 'function' ? scheduler.yield() : undefined;
}

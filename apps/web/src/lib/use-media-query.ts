import { useSyncExternalStore } from 'react';

/**
 * Whether a media query matches, kept current as the window changes (the plain parts' stand-in for Ant Design's
 * Grid.useBreakpoint). False where the browser has no matchMedia.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', notify);
      return () => list?.removeEventListener('change', notify);
    },
    () => !!window.matchMedia?.(query).matches,
    () => false,
  );
}

/** Under Ant Design's md breakpoint (768 px): where the shell's navigation moves into a drawer. */
export const NARROW = '(max-width: 767.98px)';

/**
 * A navigation's state asking the page it arrives at to give the focus to its main landmark (`navigate(to, { state:
 * FOCUS_MAIN })`): used where the element that had the focus is gone with the page left behind (the lock page, whose
 * shell unmounted with the menu that locked it).
 */
export const FOCUS_MAIN = { focus: 'main' } as const;

/** Whether a location's state is FOCUS_MAIN's. */
export const wantsFocusOnMain = (state: unknown): boolean => (state as { focus?: unknown } | null)?.focus === 'main';

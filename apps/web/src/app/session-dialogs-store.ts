import { create } from 'zustand';

/** Which session dialog is open: 2.4's session-expired dialog (on a 401) or the forced re-login dialog (4.3). */
type DialogState = {
  open: 'expired' | 'forced' | null;
  show: (which: 'expired' | 'forced') => void;
  close: () => void;
};

/**
 * Kept apart from the dialogs themselves (session-dialogs.tsx, Ant Design's Modal), so the session wiring in the first
 * script opens them without loading Ant Design; the dialogs render in the Ant Design layout (antd-root.tsx).
 */
export const useSessionDialogs = create<DialogState>((set, get) => ({
  open: null,
  // The forced dialog wins over the expired one; neither opens twice.
  show: (which) => {
    if (get().open === 'forced') return;
    set({ open: which });
  },
  close: () => set({ open: null }),
}));

import { create } from 'zustand';

/**
 * Which session dialog is open: 2.4's session-expired dialog (on a 401) or the forced re-login dialog (4.3) — `forced`
 * when the session's time ran out, `failing` when 5 checks in a row failed (section 8's 当前登录信息异常…).
 */
export type SessionDialogKind = 'expired' | 'forced' | 'failing';
type DialogState = {
  open: SessionDialogKind | null;
  show: (which: SessionDialogKind) => void;
  close: () => void;
};

/**
 * Kept apart from the dialogs themselves (session-dialogs.tsx, Ant Design's Modal), so the session wiring in the first
 * script opens them without loading Ant Design; the dialogs render in the Ant Design layout (antd-root.tsx).
 */
export const useSessionDialogs = create<DialogState>((set, get) => ({
  open: null,
  // The forced dialog wins over the expired one; none opens twice.
  show: (which) => {
    const open = get().open;
    if (open === 'forced' || open === 'failing' || (open === 'expired' && which === 'expired')) return;
    set({ open: which });
  },
  close: () => set({ open: null }),
}));

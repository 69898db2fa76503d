import { TOAST_DURATION_MS } from '@portal/contracts/constants';
import { create } from 'zustand';
import type { Notifier } from '../lib/http/notify.ts';

type Toast = { id: number; kind: 'error' | 'warning' | 'success'; text: string };
type ToastState = { toasts: Toast[]; show: (kind: Toast['kind'], text: string, durationMs?: number) => void };

let nextId = 1;
/** At most three at once, as Ant Design's message API is configured in the rest of the app. */
const MAX_TOASTS = 3;

export const usePlainToasts = create<ToastState>((set) => ({
  toasts: [],
  show: (kind, text, durationMs = TOAST_DURATION_MS) => {
    const id = nextId++;
    set((s) => ({ toasts: [...s.toasts, { id, kind, text }].slice(-MAX_TOASTS) }));
    setTimeout(() => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })), durationMs);
  },
}));

/**
 * The toasts of the pages that paint without Ant Design (`/`, `/login`, issue 10): the same texts and durations as
 * Ant Design's message API elsewhere, in a live region a screen reader reads out.
 */
export const plainNotifier: Notifier = {
  error: (text, durationMs) => usePlainToasts.getState().show('error', text, durationMs),
  warning: (text, durationMs) => usePlainToasts.getState().show('warning', text, durationMs),
  success: (text, durationMs) => usePlainToasts.getState().show('success', text, durationMs),
};

export function PlainToasts() {
  const toasts = usePlainToasts((s) => s.toasts);
  return (
    <div className="plain-toasts" role="status" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`plain-toast plain-toast-${t.kind}`} role={t.kind === 'error' ? 'alert' : undefined}>
          <span aria-hidden className="plain-toast-mark">
            {t.kind === 'error' ? '✕' : t.kind === 'success' ? '✓' : '!'}
          </span>
          {t.text}
        </div>
      ))}
    </div>
  );
}

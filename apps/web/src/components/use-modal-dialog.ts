import { useEffect, useLayoutEffect, useRef, type MouseEvent } from 'react';

/**
 * The platform's modal <dialog> driven by an `open` flag (plain parts, ADR 0042): shown with showModal(), so the
 * browser makes the page behind it inert, keeps the focus inside, closes it on Escape and gives the focus back to
 * what opened it. A click on the backdrop closes it too. Spread the result on the <dialog>.
 */
export function useModalDialog(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  // Unmounted while open (its owner went away): closed first, so the browser still gives the focus back.
  useLayoutEffect(() => {
    const d = ref.current;
    return () => {
      if (d?.open) d.close();
    };
  }, []);
  return {
    ref,
    onClose: () => {
      if (open) onClose();
    },
    onClick: (e: MouseEvent<HTMLDialogElement>) => {
      if (e.target === ref.current) onClose();
    },
  };
}

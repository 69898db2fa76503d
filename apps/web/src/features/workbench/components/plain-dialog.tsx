import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

/**
 * A dialog of the home page, plain (issue 10, ADR 0042): the platform's modal <dialog> (showModal), so the browser
 * makes the page behind it inert, keeps the focus inside, closes it on Escape and gives the focus back to what opened
 * it. A click on the backdrop or the close button closes it too. Drawn at Ant Design's Modal sizes and colours; the
 * content is rendered only while it is open. Put in the body, so no card's styles reach it.
 */
export function PlainDialog({
  open,
  onClose,
  title,
  width = 520,
  children,
  className,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  width?: number;
  children: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  // Unmounted while open (its owner went away): closed first, so the browser still gives the focus back.
  useLayoutEffect(() => {
    const d = dialog.current;
    return () => {
      if (d?.open) d.close();
    };
  }, []);
  return createPortal(
    <dialog
      ref={dialog}
      className={`wb-dialog ${className ?? ''}`}
      style={{ width }}
      aria-labelledby={titleId}
      onClose={() => {
        if (open) onClose();
      }}
      onClick={(e) => {
        if (e.target === dialog.current) onClose();
      }}
    >
      <div className="wb-dialog-inner">
        <div className="wb-dialog-head">
          <h2 id={titleId} className="wb-dialog-title">
            {title}
          </h2>
          <button type="button" className="wb-dialog-close" aria-label={t('workbench.close')} onClick={onClose}>
            ✕
          </button>
        </div>
        <div className="wb-dialog-body">{open && children}</div>
      </div>
    </dialog>,
    document.body,
  );
}

import { useId, type ReactNode } from 'react';
import { useTranslation } from '../lib/i18n/i18n.ts';
import { keepTabInside } from './focus-cycle.tsx';
import { useModalDialog } from './use-modal-dialog.ts';

/**
 * A navigation drawer on a phone: a modal <dialog> sliding in from the left (the browser makes the page behind it
 * inert, Escape closes it and focus returns to the button that opened it). Tab cycles inside it: the browser itself
 * lets Tab go on from its last control to the browser's own controls. A click on the backdrop closes it too. Plain
 * React and CSS (ADR 0042).
 */
export function PlainDrawer({
  open,
  onClose,
  title,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const dialog = useModalDialog(open, onClose);
  const titleId = useId();
  return (
    <dialog {...dialog} className="plain-drawer" aria-labelledby={titleId} onKeyDown={keepTabInside}>
      <div className="plain-drawer-body">
        <div className="plain-drawer-head">
          <span id={titleId} className="plain-drawer-title">
            {title}
          </span>
          <button type="button" className="plain-drawer-close" aria-label={t('nav.closeMenu')} onClick={onClose}>
            ✕
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}

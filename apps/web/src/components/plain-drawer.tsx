import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n/i18n.ts';
import { keepTabInside } from './focus-cycle.tsx';
import { useModalDialog } from './use-modal-dialog.ts';

/**
 * A navigation drawer on a phone: a modal <dialog> sliding in from the left (the browser makes the page behind it
 * inert, Escape closes it and focus returns to the button that opened it). Tab cycles inside it: the browser itself
 * lets Tab go on from its last control to the browser's own controls. A click on the backdrop closes it too. Plain
 * React and CSS (ADR 0042). It is named 导航菜单 / Navigation menu, what the button that opens it says: its title (the
 * user's or the school's name) says whose it is, not what it is.
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
  return (
    <dialog {...dialog} className="plain-drawer" aria-label={t('nav.menu')} onKeyDown={keepTabInside}>
      <div className="plain-drawer-body">
        <div className="plain-drawer-head">
          <span className="plain-drawer-title">{title}</span>
          <button type="button" className="plain-drawer-close" aria-label={t('nav.closeMenu')} onClick={onClose}>
            ✕
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}

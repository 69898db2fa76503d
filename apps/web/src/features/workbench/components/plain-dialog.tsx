import { useId, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useModalDialog } from '../../../components/use-modal-dialog.ts';

/**
 * A dialog of the home page, plain (issue 10, ADR 0048): the platform's modal <dialog> (useModalDialog). A click on
 * the backdrop or the close button closes it. Drawn at Ant Design's Modal sizes and colours; the
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
  const dialog = useModalDialog(open, onClose);
  const titleId = useId();
  return createPortal(
    <dialog {...dialog} className={`wb-dialog ${className ?? ''}`} style={{ width }} aria-labelledby={titleId}>
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

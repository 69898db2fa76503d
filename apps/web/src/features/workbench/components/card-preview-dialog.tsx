import { Modal, Skeleton, Tabs } from 'antd';
import { PREVIEW_DIALOG_WIDTH } from '@portal/contracts/constants';
import type { CardView, Layout } from '@portal/contracts/workbench';
import { useEffect, useState } from 'react';
import { cycleFocus } from '../../../components/focus-cycle.tsx';
import { serverText, useConfiguredText, useTranslation } from '../../../lib/i18n/i18n.ts';
import { HttpError } from '../../../lib/http/errors.ts';
import { previewCard } from '../api/preview-card.ts';
import { previewCardStyle, sidebarHeight } from '../lib/display.ts';
import { CardBody, CardOtherInfo } from './card-body.tsx';
import '../workbench.css';
import { useToast } from '../../../components/toast.tsx';

type Props = {
  visible: boolean;
  cardId: string | null;
  /** A supplied configuration skips the request (4.5). */
  config?: CardView | null;
  onClose: () => void;
  /** Loads the preview; the server call by default. */
  load?: (cardId: string) => Promise<CardView>;
};

/**
 * The card preview dialog of 2.5 / 4.5: 1080 px wide, titled '{card name}-预览', with the two layout tabs.
 * Visible reloads (or uses the supplied config); a failed load shows the server message and closes;
 * hiding resets the layout tab.
 */
export function CardPreviewDialog({ visible, cardId, config, onClose, load = previewCard }: Props) {
  const configured = useConfiguredText();
  const { t } = useTranslation();
  const message = useToast();
  const [layout, setLayout] = useState<Layout>('same');
  const [view, setView] = useState<CardView | null>(null);

  useEffect(() => {
    if (!visible) {
      setLayout('same');
      setView(null);
      return;
    }
    if (config) {
      setView(config);
      return;
    }
    if (!cardId) return;
    let live = true;
    load(cardId).then(
      (v) => live && setView(v),
      (err: unknown) => {
        if (!live) return;
        void message.error(err instanceof HttpError ? serverText(err.msg) : String((err as Error)?.message ?? err));
        onClose();
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [visible, cardId, config]);

  const name = view ? configured(view.basicConfig.cardName, view.basicConfig.cardNameEn) : '';
  // The card at its desktop size (2.5's widths); on a screen narrower than that it scrolls sideways inside the dialog
  // (a phone cut the 657 px card off at the screen's edge), and the keyboard can scroll it too.
  const body = (l: Layout) =>
    view ? (
      <div className="wb-preview-scroll" tabIndex={0} role="region" aria-label={t('workbench.previewTitle', { name })}>
        <div
          className={`wb-preview-card wb-preview-${l}`}
          data-testid={`preview-card-${l}`}
          style={{ ...previewCardStyle(l), minHeight: sidebarHeight(view.cardType, view.basicConfig.displayRows) }}
        >
          <div className="wb-preview-head">
            <h2 className="wb-card-title">{name}</h2>
            <CardOtherInfo items={view.otherInformationList} />
          </div>
          <CardBody view={view} layout={l} />
        </div>
      </div>
    ) : (
      <Skeleton active />
    );
  return (
    <Modal
      open={visible}
      width={PREVIEW_DIALOG_WIDTH}
      title={t('workbench.previewTitle', { name })}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      className="wb-preview-dialog"
      modalRender={cycleFocus}
    >
      <Tabs
        activeKey={layout}
        onChange={(k) => setLayout(k as Layout)}
        items={[
          { key: 'same', label: t('workbench.samePage'), children: body('same') },
          { key: 'separate', label: t('workbench.separatePage'), children: body('separate') },
        ]}
      />
    </Modal>
  );
}

import { RotateRightOutlined, UndoOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { Button, Modal, Space, Tooltip } from 'antd';
import { useEffect, useReducer, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { VIEWER_INITIAL, viewerReducer } from './image-viewer-state.ts';

/** The image viewer of 2.4: buttons and the mouse wheel zoom, a button rotates by 90°, a failed image says 'loading failed'. */
export function ImageViewer({
  src,
  alt,
  open,
  onClose,
}: {
  src: string | null;
  alt: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(viewerReducer, VIEWER_INITIAL);
  const [failed, setFailed] = useState(false);
  // Each opening starts at 100% and 0°; a renewed link of the same image keeps the zoom.
  useEffect(() => {
    if (open) dispatch({ kind: 'reset' });
  }, [open]);
  useEffect(() => setFailed(false), [src]);

  const tool = (label: string, icon: React.ReactNode, action: Parameters<typeof dispatch>[0]) => (
    <Tooltip title={label}>
      <Button aria-label={label} icon={icon} onClick={() => dispatch(action)} />
    </Tooltip>
  );

  // Escape closes the viewer with one press. Without this, a tooltip of the zoom buttons that is open (the pointer
  // or the focus is on the button just used) is the top layer that Escape closes first, and the viewer takes a
  // second press. Handled here, the key goes no further: the Modal's own Escape does not close it a second time.
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key !== 'Escape' || e.nativeEvent.isComposing) return;
    e.stopPropagation();
    onClose();
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      wrapProps={{ onKeyDown }}
      footer={null}
      width={900}
      title={t('chat.imageViewer.title')}
      destroyOnHidden
      centered
    >
      <Space style={{ marginBottom: 12 }}>
        {tool(t('chat.imageViewer.zoomIn'), <ZoomInOutlined aria-hidden />, { kind: 'zoomIn' })}
        {tool(t('chat.imageViewer.zoomOut'), <ZoomOutOutlined aria-hidden />, { kind: 'zoomOut' })}
        {tool(t('chat.imageViewer.rotate'), <RotateRightOutlined aria-hidden />, { kind: 'rotate' })}
        {tool(t('chat.imageViewer.reset'), <UndoOutlined aria-hidden />, { kind: 'reset' })}
        <span aria-live="polite">{Math.round(state.scale * 100)}%</span>
      </Space>
      <div
        className="chat-image-stage"
        data-testid="image-stage"
        onWheel={(e) => dispatch({ kind: 'wheel', deltaY: e.deltaY })}
        style={{ height: 520, overflow: 'hidden', display: 'grid', placeItems: 'center', background: '#1f2329' }}
      >
        {failed || !src ? (
          <span role="alert" style={{ color: '#fff' }}>
            {t('chat.imageViewer.loadingFailed')}
          </span>
        ) : (
          <img
            src={src}
            alt={alt}
            onError={() => setFailed(true)}
            style={{
              maxWidth: '100%',
              maxHeight: '100%',
              transform: `scale(${state.scale}) rotate(${state.rotate}deg)`,
              transition: 'transform 0.1s',
            }}
          />
        )}
      </div>
    </Modal>
  );
}

import { Modal } from 'antd';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import type { ModelWindowConfig } from '../lib/model-window.ts';
import { EmbeddedFrame } from '../../../components/embedded-frame.tsx';
import { embeddableUrl } from '../../../lib/embed.ts';

/**
 * 2.4 model window: a dialog `width` px wide whose body is `height` px high, showing the configured url
 * embedded. A hidden window is not shown. The generated modelId names the window in the page.
 */
export function ModelWindow({ config, onClose }: { config: ModelWindowConfig | null; onClose: () => void }) {
  const { t } = useTranslation();
  const url = config ? embeddableUrl(config.url) : null;
  return (
    <Modal
      open={!!config && !config.hidden}
      title={config?.title || t('services.modelWindow')}
      width={config?.width}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      centered
      styles={{ body: { height: config?.height, padding: 0, overflow: 'hidden' } }}
    >
      {config && (
        <div
          className="svc-model-body"
          id={config.modelId}
          data-model-id={config.modelId}
          style={{ height: config.height }}
        >
          {url ? (
            <EmbeddedFrame
              className="svc-model-frame"
              src={url.href}
              title={config.title || t('services.modelWindow')}
            />
          ) : (
            <p className="svc-model-empty">{t('services.badEmbedUrl')}</p>
          )}
        </div>
      )}
    </Modal>
  );
}

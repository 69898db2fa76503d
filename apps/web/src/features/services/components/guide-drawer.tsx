import { Drawer, Empty, Grid, Spin } from 'antd';
import { cycleFocus } from '../../../components/focus-cycle.tsx';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { sanitizeRichText } from '../../../lib/rich-text.ts';
import { useServiceGuide } from '../api/get-service-guide.ts';
import { attachImageFallback } from '../lib/image-fallback.ts';

/** Broken pictures in a guide show the default image (section 8). React 19 runs the returned cleanup. */
const withImageFallback = (el: HTMLDivElement | null) => (el ? attachImageFallback(el) : undefined);

/** The service guide drawer: the guide is rich text from the server, cleaned again here before it is rendered. */
export function GuideDrawer({
  service,
  onClose,
}: {
  service: { serviceId: string; serviceName: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // Full width on a phone (under Ant Design's md breakpoint).
  const compact = Grid.useBreakpoint().md === false;
  const guide = useServiceGuide(service?.serviceId);
  return (
    <Drawer
      open={!!service}
      onClose={onClose}
      size={compact ? '100%' : 560}
      title={service ? t('services.guideTitle', { name: service.serviceName }) : ''}
      destroyOnHidden
      drawerRender={cycleFocus}
    >
      {guide.isLoading ? (
        <Spin />
      ) : guide.data ? (
        <div
          className="svc-guide"
          ref={withImageFallback}
          dangerouslySetInnerHTML={{ __html: sanitizeRichText(guide.data.content) }}
        />
      ) : (
        <Empty description={t('services.empty')} />
      )}
    </Drawer>
  );
}

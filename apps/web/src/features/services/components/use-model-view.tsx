import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { AntdIsland } from '../../../components/antd-island.tsx';
import { notifyError } from '../../../lib/http/notify.ts';
import { loadPart } from '../../../lib/lazy/load-part.ts';
import type { ModelWindowConfig } from '../lib/model-window.ts';
import { openModelView, UnknownOpenWayError } from '../lib/open-service.ts';
import { GuideDrawerPart } from './guide-drawer-part.tsx';
import { useOpenService } from './use-open-service.ts';

// The model window (Ant Design's Modal) is a code part of its own, in an Ant Design island on the plain landing page.
const ModelWindow = lazy(() => loadPart(() => import('./model-window.tsx')).then((m) => ({ default: m.ModelWindow })));

/**
 * Opens a model window configuration (2.4): with a 4.6 openType it does what that type says
 * (openServiceIfram → the embedded page, service → opens the service, workGuide → the guide or the
 * directory); without one it shows the url in a window of the configured size. Render `element` once.
 */
export function useModelView(): { launch: (config: ModelWindowConfig) => Promise<void>; element: ReactNode } {
  const navigate = useNavigate();
  const openService = useOpenService();
  const [windowConfig, setWindowConfig] = useState<ModelWindowConfig | null>(null);
  const [guideOf, setGuideOf] = useState<{ serviceId: string; serviceName: string } | null>(null);

  const launch = useCallback(
    async (config: ModelWindowConfig) => {
      if (config.hidden) return;
      if (!config.openType) {
        setWindowConfig(config);
        return;
      }
      try {
        await openModelView(
          config.openType,
          { serviceId: config.serviceId, url: config.url, title: config.title, serviceName: config.title },
          {
            navigate,
            openService,
            openGuide: (serviceId) => setGuideOf({ serviceId, serviceName: config.title }),
          },
        );
      } catch (err) {
        if (err instanceof UnknownOpenWayError) notifyError(err.message);
        else throw err;
      }
    },
    [navigate, openService],
  );

  const element = (
    <>
      {windowConfig && (
        <AntdIsland>
          <Suspense fallback={null}>
            <ModelWindow config={windowConfig} onClose={() => setWindowConfig(null)} />
          </Suspense>
        </AntdIsland>
      )}
      {guideOf && (
        <AntdIsland>
          <GuideDrawerPart service={guideOf} onClose={() => setGuideOf(null)} />
        </AntdIsland>
      )}
    </>
  );
  return { launch, element };
}

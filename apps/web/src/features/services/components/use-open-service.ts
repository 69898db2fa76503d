import type { ServiceItem } from '@portal/contracts/services';
import { useCallback } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useNavigate } from 'react-router';
import { notifyError, notifyWarning } from '../../../lib/http/notify.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { clickService } from '../api/click-service.ts';
import { getServiceDetails } from '../api/get-service-details.ts';
import { getCombTicket } from '../api/get-comb-ticket.ts';
import { isRepeatClick } from '../../../lib/click-guard.ts';
import { openService, UnknownOpenWayError, type OpenableService } from '../lib/open-service.ts';

/** The page an in-page ('1001') service opens on. */
export const serviceFramePath = (serviceId: string) =>
  `/home/serviceIframPage?serviceId=${encodeURIComponent(serviceId)}`;

/**
 * Opens a service as 4.4 says, wired to the router, the session and window.open; errors show as a toast (the page's notifier: Ant Design's or the plain one). Offline
 * (issue 18) it says plainly that opening a service needs a connection, and opens nothing.
 */
export function useOpenService(onOpened?: () => void) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  return useCallback(
    async (service: OpenableService | ServiceItem) => {
      // A second tap within 800 ms opened the service twice and counted two visits (section 9).
      if (isRepeatClick(`open:${service.serviceId}`)) return;
      if (typeof navigator !== 'undefined' && navigator.onLine === false) {
        notifyWarning(t('services.needsConnection'));
        return;
      }
      try {
        await openService(service, {
          fetchDetails: getServiceDetails,
          logClick: clickService,
          combStr: async (serviceId) =>
            sessionStore.getState().user ? (await getCombTicket(serviceId)).combStr : null,
          openWindow: (url, target, features) => window.open(url, target, features),
          openInPage: (s) => {
            sessionStore.getState().openServiceInPage(s.serviceId);
            navigate(serviceFramePath(s.serviceId));
          },
          pageSize: () => ({ width: window.innerWidth, height: window.innerHeight }),
        });
        onOpened?.();
      } catch (err) {
        // Call failures were already shown by the HTTP layer; '返回值没有类型' is shown here.
        if (err instanceof UnknownOpenWayError) notifyError(err.message);
      }
    },
    [navigate, onOpened, t],
  );
}

import { popupSize } from '@portal/contracts/constants';
import { MESSAGES } from '@portal/contracts/errors';
import { ACCESS_WAY_COMB, OPEN_WAY_IN_PAGE, OPEN_WAY_NEW_TAB, OPEN_WAY_POPUP } from '@portal/contracts/service-codes';

/** What opening needs of a service (section 3 fields). */
export type OpenableService = {
  serviceId: string;
  serviceName?: string;
  serviceUrl?: string;
  accessWay?: string | null;
  openWay?: string | null;
};

export type OpenServiceDeps = {
  /** Service details (logged in) or custom details (anonymous): the caller picks (4.4). */
  fetchDetails: (serviceId: string) => Promise<OpenableService>;
  /** userClickVisitLog/clickService. */
  logClick: (serviceId: string) => Promise<unknown>;
  /** The combStr of an accessWay '5' service: a one-time ticket of the logged-in user; null for a visitor. */
  combStr: (serviceId: string) => Promise<string | null>;
  /** window.open */
  openWindow: (url: string, target: string, features?: string) => unknown;
  /** '1001': show the service in the page (remember the id for the session, robot chat off). */
  openInPage: (service: OpenableService) => void;
  /** The page size, for the popup size of section 9. */
  pageSize: () => { width: number; height: number };
};

export type OpenResult = { openWay: string; url: string };

/**
 * 4.4: "When accessWay is '5', a combStr parameter from stored user data is appended to the service URL." The
 * combStr is a one-time ticket the server issues to the logged-in user for that service; the service redeems it
 * with nobody/weixin/combLoginToMicroService (7.3) to learn who opened it.
 */
export function withCombStr(url: string, combStr: string | null): string {
  if (!combStr) return url;
  const hashAt = url.indexOf('#');
  const base = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const hash = hashAt >= 0 ? url.slice(hashAt) : '';
  return `${base}${base.includes('?') ? '&' : '?'}combStr=${encodeURIComponent(combStr)}${hash}`;
}

/** The window features of a '1002' popup, centred on the screen. */
export function popupFeatures(page: { width: number; height: number }): string {
  const { width, height } = popupSize(page.width, page.height);
  const left = Math.max(0, Math.round((page.width - width) / 2));
  const top = Math.max(0, Math.round((page.height - height) / 2));
  return `width=${width},height=${height},left=${left},top=${top},resizable=yes,scrollbars=yes`;
}

export class UnknownOpenWayError extends Error {
  constructor() {
    super(MESSAGES.unknownOpenWay);
  }
}

/**
 * Opening a service, exactly as 4.4 says:
 * - a missing accessWay or openWay fetches the details first;
 * - accessWay '5' appends combStr to the URL;
 * - '1001' in the page, '1002' a popup sized by section 9, '1003' a new tab; any other value raises '返回值没有类型';
 * - every open logs a click with the serviceId.
 */
export async function openService(service: OpenableService, deps: OpenServiceDeps): Promise<OpenResult> {
  let s = service;
  if (!s.accessWay || !s.openWay) s = { ...s, ...(await deps.fetchDetails(s.serviceId)) };
  const openWay = String(s.openWay ?? '');
  if (openWay !== OPEN_WAY_IN_PAGE && openWay !== OPEN_WAY_POPUP && openWay !== OPEN_WAY_NEW_TAB)
    throw new UnknownOpenWayError();
  const url =
    s.accessWay === ACCESS_WAY_COMB
      ? withCombStr(s.serviceUrl ?? '', await deps.combStr(s.serviceId))
      : (s.serviceUrl ?? '');
  const click = deps.logClick(s.serviceId).catch(() => undefined);
  if (openWay === OPEN_WAY_IN_PAGE) deps.openInPage({ ...s, serviceUrl: url });
  else if (openWay === OPEN_WAY_POPUP) deps.openWindow(url, `service_${s.serviceId}`, popupFeatures(deps.pageSize()));
  else deps.openWindow(url, '_blank');
  await click;
  return { openWay, url };
}

/** 4.6 "Model view opening types". */
export const MODEL_OPEN_TYPES = ['openServiceIfram', 'service', 'workGuide'] as const;
export type ModelOpenType = (typeof MODEL_OPEN_TYPES)[number];
export const isModelOpenType = (v: string): v is ModelOpenType => (MODEL_OPEN_TYPES as readonly string[]).includes(v);

/** The page of embedded services and configured tool pages (2.1 /serviceIframPage). */
export const SERVICE_FRAME_PAGE = '/home/serviceIframPage';
/** The directory of every service (2.1 allServices). */
export const SERVICE_DIRECTORY_PAGE = '/allServices';

/** The embedded page of a configured url (a common tool's page), titled. */
export function embeddedPagePath(url: string, title = ''): string {
  const q = new URLSearchParams({ url });
  if (title) q.set('title', title);
  return `${SERVICE_FRAME_PAGE}?${q.toString()}`;
}

export type ModelViewDeps = {
  navigate: (to: string) => void;
  openService: (service: OpenableService) => Promise<unknown>;
  openGuide: (serviceId: string) => void;
};

/**
 * 4.6: openServiceIfram goes to the embedded page of the configured (common tools) url; service opens a
 * service as 4.4 says; workGuide opens the directory: the service's guide when one is named, else the
 * directory of all services. Any other type raises '返回值没有类型'.
 */
export async function openModelView(
  type: string,
  target: OpenableService & { url?: string; title?: string },
  deps: ModelViewDeps,
): Promise<void> {
  if (type === 'openServiceIfram')
    deps.navigate(embeddedPagePath(target.url ?? target.serviceUrl ?? '', target.title ?? target.serviceName ?? ''));
  else if (type === 'service') await deps.openService(target);
  else if (type === 'workGuide') {
    if (target.serviceId) deps.openGuide(target.serviceId);
    else deps.navigate(SERVICE_DIRECTORY_PAGE);
  } else throw new UnknownOpenWayError();
}

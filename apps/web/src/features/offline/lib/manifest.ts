import { WEB_MANIFEST_PATH } from '@portal/contracts/constants';

/**
 * Links the tenant's web app manifest (issue 18: the school's name, theme colour and icons), served by the server for
 * the tenant the page is for; the browser offers to install the portal once it is linked and the worker runs.
 */
export function linkManifest(tenantId: string, doc: Document = document): void {
  const href = `${WEB_MANIFEST_PATH}?tenantId=${encodeURIComponent(tenantId)}`;
  let link = doc.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (!link) {
    link = doc.createElement('link');
    link.rel = 'manifest';
    doc.head.appendChild(link);
  }
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
}

import type { ServiceIconUploaded } from '@portal/contracts/services';
import { platformHttp } from '../../../lib/http/clients.ts';

/**
 * 7.4 POST serviceInfo/upload (multipart): a new icon for one service. The serviceId field goes before the file,
 * so the server knows the service when the file arrives. The caller shows a refusal (silent).
 */
export function uploadServiceIcon(serviceId: string, file: File): Promise<ServiceIconUploaded> {
  const form = new FormData();
  form.append('serviceId', serviceId);
  form.append('file', file, file.name);
  return platformHttp.post<ServiceIconUploaded>('/serviceInfo/upload', form, { silent: true });
}

import type { ServiceSpecialItem, ServiceSpecialSubmit } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';

/** POST indexservicespecialconfig/submit: add (no id) or edit a special with its services, in order. */
export const submitServiceSpecial = (body: ServiceSpecialSubmit) =>
  ospHttp.post<ServiceSpecialItem>('/indexservicespecialconfig/submit', body);

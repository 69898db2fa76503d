import type { CanUserRate, RateServiceRequest } from '@portal/contracts/services';
import { workbenchHttp } from '../../../lib/http/clients.ts';

/** 7.5 serverCenter/rateService: score, quick labels and comment. */
export function rateService(body: RateServiceRequest): Promise<CanUserRate> {
  return workbenchHttp.post<CanUserRate>('/serverCenter/rateService', body, { silent: true });
}

import type { HolidayItem, HolidaySubmit } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';

/** POST indexholidayconfig/submit: add (no id) or edit a holiday. */
export const submitHoliday = (body: HolidaySubmit) => ospHttp.post<HolidayItem>('/indexholidayconfig/submit', body);

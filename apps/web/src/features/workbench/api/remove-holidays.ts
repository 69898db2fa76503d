import { ospHttp } from '../../../lib/http/clients.ts';

/** POST indexholidayconfig/remove. */
export const removeHolidays = (ids: string[]) => ospHttp.post<{ count: number }>('/indexholidayconfig/remove', { ids });

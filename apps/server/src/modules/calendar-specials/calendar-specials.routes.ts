import {
  Holiday,
  HolidayItem,
  HolidaySubmit,
  IdsRequest,
  ServiceSpecial,
  ServiceSpecialItem,
  ServiceSpecialSubmit,
  EmptyRequest,
  CountResult,
} from '@portal/contracts/workbench';
import { z } from 'zod';
import { GROUPS, type App } from '../../platform/http.ts';
import * as cal from './calendar-specials.service.ts';
import { registerUploadParser } from '../common/common.upload.ts';
import { postCalls } from '../common/config-routes.ts';

/** The configuration menu each administration call needs (section 6; 2.2 on the server). */
const MENU = {
  home: 'homePageConfig',
} as const;
const Empty = EmptyRequest;

/**
 * Holidays and service specials of the home page (7.6 reads them; their administration is not in the spec).
 * Every configuration call declares its configurationMenu (`config.menu`), checked by one hook before validation.
 */
export async function calendarSpecialsRoutes(app: App): Promise<void> {
  const d = app.deps;
  await registerUploadParser(app);
  const read = postCalls(app, { prefix: GROUPS.osp, tags: ['workbench'], guard: { access: 'user' } });
  const config = postCalls(app, { prefix: GROUPS.osp, tags: ['workbench'], guard: { menu: MENU.home } });

  read(
    'homePage/getHoliday',
    { summary: 'Coming holidays with days left', body: Empty, result: z.array(Holiday) },
    (c) => cal.holidays(d, c.tenantId),
  );
  read(
    'homePage/getServiceSpecial',
    {
      summary:
        "The featured service special (the first enabled one by sort) with the services the caller's role may use",
      body: Empty,
      result: ServiceSpecial.nullable(),
    },
    async (c) => (await cal.serviceSpecials(d, c, true))[0] ?? null,
  );
  read(
    'homePage/getServiceSpecialList',
    {
      summary: "Every enabled service special, by sort, with the services the caller's role may use",
      body: Empty,
      result: z.array(ServiceSpecial),
    },
    (c) => cal.serviceSpecials(d, c),
  );

  // ---- holidays and service specials of the home page (not in the spec, which only reads them: homePage/getHoliday …) ----
  config(
    'indexholidayconfig/list',
    {
      summary: 'Every holiday of the home page greeting, past ones included (not in the spec)',
      body: Empty,
      result: z.array(HolidayItem),
    },
    (c) => cal.holidayList(d, c),
  );
  config(
    'indexholidayconfig/submit',
    {
      summary:
        'Add or edit a holiday: name (at most 20 characters), date and optional end date (YYYY-MM-DD, end not before start), optional greeting (not in the spec)',
      body: HolidaySubmit,
      result: HolidayItem,
    },
    (c, body) => cal.submitHoliday(d, c, body),
  );
  config(
    'indexholidayconfig/remove',
    { summary: 'Delete holidays (not in the spec)', body: IdsRequest, result: CountResult },
    async (c, body) => ({ count: await cal.removeHolidays(d, c, body.ids) }),
  );
  config(
    'indexservicespecialconfig/list',
    {
      summary: 'Every service special, enabled or not, with its services in order (not in the spec)',
      body: Empty,
      result: z.array(ServiceSpecialItem),
    },
    (c) => cal.specialList(d, c),
  );
  config(
    'indexservicespecialconfig/submit',
    {
      summary:
        "Add or edit a service special with 1–12 of the tenant's services, in order, saved together (not in the spec)",
      body: ServiceSpecialSubmit,
      result: ServiceSpecialItem,
    },
    (c, body) => cal.submitSpecial(d, c, body),
  );
  config(
    'indexservicespecialconfig/remove',
    {
      summary: 'Delete service specials with their service lists (not in the spec)',
      body: IdsRequest,
      result: CountResult,
    },
    async (c, body) => ({ count: await cal.removeSpecials(d, c, body.ids) }),
  );
}

import { envelope } from '@portal/contracts/envelope';
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
import { ok } from '../../platform/envelope.ts';
import { GROUPS, typed, userOf, type App } from '../../platform/http.ts';
import * as cal from './calendar-specials.service.ts';
import { registerUploadParser } from '../common/common.upload.ts';

/** The configuration menu each administration call needs (section 6; 2.2 on the server). */
const MENU = {
  home: 'homePageConfig',
} as const;
const Empty = EmptyRequest;
const Count = envelope(CountResult);

/**
 * Holidays and service specials of the home page (7.6 reads them; their administration is not in the spec).
 * Every configuration call declares its configurationMenu (`config.menu`), checked by one hook before validation.
 */
export async function calendarSpecialsRoutes(app: App): Promise<void> {
  const r = typed(app);
  const O = GROUPS.osp;
  const tags = ['workbench'];
  const d = app.deps;
  await registerUploadParser(app);

  r.post(
    `${O}/homePage/getHoliday`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Coming holidays with days left',
        body: Empty,
        response: { 200: envelope(z.array(Holiday)) },
      },
    },
    async (q) => ok(await cal.holidays(d, userOf(q).tenantId)),
  );
  r.post(
    `${O}/homePage/getServiceSpecial`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          "The featured service special (the first enabled one by sort) with the services the caller's role may use",
        body: Empty,
        response: { 200: envelope(ServiceSpecial.nullable()) },
      },
    },
    async (q) => ok((await cal.serviceSpecials(d, userOf(q), true))[0] ?? null),
  );
  r.post(
    `${O}/homePage/getServiceSpecialList`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "Every enabled service special, by sort, with the services the caller's role may use",
        body: Empty,
        response: { 200: envelope(z.array(ServiceSpecial)) },
      },
    },
    async (q) => ok(await cal.serviceSpecials(d, userOf(q))),
  );

  // ---- holidays and service specials of the home page (not in the spec, which only reads them: homePage/getHoliday …) ----
  r.post(
    `${O}/indexholidayconfig/list`,
    {
      config: { menu: MENU.home },
      schema: {
        tags,
        summary: 'Every holiday of the home page greeting, past ones included (not in the spec)',
        body: Empty,
        response: { 200: envelope(z.array(HolidayItem)) },
      },
    },
    async (q) => {
      const c = userOf(q);
      return ok(await cal.holidayList(d, c));
    },
  );
  r.post(
    `${O}/indexholidayconfig/submit`,
    {
      config: { menu: MENU.home },
      schema: {
        tags,
        summary:
          'Add or edit a holiday: name (at most 20 characters), date and optional end date (YYYY-MM-DD, end not before start), optional greeting (not in the spec)',
        body: HolidaySubmit,
        response: { 200: envelope(HolidayItem) },
      },
    },
    async (q) => {
      const c = userOf(q);
      return ok(await cal.submitHoliday(d, c, q.body));
    },
  );
  r.post(
    `${O}/indexholidayconfig/remove`,
    {
      config: { menu: MENU.home },
      schema: { tags, summary: 'Delete holidays (not in the spec)', body: IdsRequest, response: { 200: Count } },
    },
    async (q) => {
      const c = userOf(q);
      return ok({ count: await cal.removeHolidays(d, c, q.body.ids) });
    },
  );
  r.post(
    `${O}/indexservicespecialconfig/list`,
    {
      config: { menu: MENU.home },
      schema: {
        tags,
        summary: 'Every service special, enabled or not, with its services in order (not in the spec)',
        body: Empty,
        response: { 200: envelope(z.array(ServiceSpecialItem)) },
      },
    },
    async (q) => {
      const c = userOf(q);
      return ok(await cal.specialList(d, c));
    },
  );
  r.post(
    `${O}/indexservicespecialconfig/submit`,
    {
      config: { menu: MENU.home },
      schema: {
        tags,
        summary:
          "Add or edit a service special with 1–12 of the tenant's services, in order, saved together (not in the spec)",
        body: ServiceSpecialSubmit,
        response: { 200: envelope(ServiceSpecialItem) },
      },
    },
    async (q) => {
      const c = userOf(q);
      return ok(await cal.submitSpecial(d, c, q.body));
    },
  );
  r.post(
    `${O}/indexservicespecialconfig/remove`,
    {
      config: { menu: MENU.home },
      schema: {
        tags,
        summary: 'Delete service specials with their service lists (not in the spec)',
        body: IdsRequest,
        response: { 200: Count },
      },
    },
    async (q) => {
      const c = userOf(q);
      return ok({ count: await cal.removeSpecials(d, c, q.body.ids) });
    },
  );
}

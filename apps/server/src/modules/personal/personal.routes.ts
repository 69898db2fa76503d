import { envelope } from '@portal/contracts/envelope';
import {
  CalendarEvent,
  CalendarEventSaveRequest,
  CalendarRemoved,
  CalendarRemoveRequest,
  GuiseLogoInfo,
  GuiseLogoInfoQuery,
  PERSONAL_TEXTS,
  SchoolCalendar,
  SchoolCalendarRequest,
  Semester,
  SemesterSaveRequest,
  SystemAccessLink,
  SystemAccessLinkQuery,
} from '@portal/contracts/personal';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { GROUPS, tenantOf, typed, userOf, type App } from '../../platform/http.ts';
import { DropListEntry } from '@portal/contracts/workbench';
import * as personal from './personal.service.ts';
import { CALENDAR_EDIT_MENU } from '@portal/contracts/personal';

/**
 * The personal center's 7.9 "other" calls (platform group): the tenant's appearance, the systems the user may
 * open, and the school calendar. Logged-in users only; every answer is the caller's tenant's.
 */
export async function personalRoutes(app: App): Promise<void> {
  const r = typed(app);
  const P = GROUPS.platform;
  const tags = ['personal'];
  const deps = app.deps;

  // A visitor's call of the landing page (7.6), answered from the school calendar kept here.
  r.get(
    `${GROUPS.osp}/nobody/preLogin/common/semesterList`,
    {
      schema: {
        tags,
        summary: 'Semesters of the school calendar, newest first (for the landing page calendar)',
        querystring: z
          .object({ tenantId: z.string().max(12).optional() })
          .passthrough()
          .optional(),
        response: { 200: envelope(z.array(DropListEntry)) },
      },
    },
    async (q) => ok(await personal.semesterOptions(deps, tenantOf(q))),
  );

  r.get(
    `${P}/platformApplyGuiseLogoInfo`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The tenant's logo, system name and theme colour (as platformapplyguiselogo/detail), with the tenant",
        querystring: GuiseLogoInfoQuery,
        response: { 200: envelope(GuiseLogoInfo) },
      },
    },
    async (request) => ok(await personal.guiseLogoInfo(deps, userOf(request))),
  );
  r.get(
    `${P}/personInfo/getSystemAccessLink`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "Links of the external systems the caller's role may open",
        querystring: SystemAccessLinkQuery,
        response: { 200: envelope(z.array(SystemAccessLink)) },
      },
    },
    async (request) => ok(await personal.systemAccessLinks(deps, userOf(request))),
  );
  r.post(
    `${P}/scSemester/getSchoolCalendar`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The school calendar: semesters, weeks, holidays, and the teaching week of a date (today by default)',
        body: SchoolCalendarRequest,
        response: { 200: envelope(SchoolCalendar) },
      },
    },
    async (request) => ok(await personal.schoolCalendar(deps, userOf(request), request.body)),
  );

  // Editing the calendar: holders of the home page configuration menu (this project's calls).
  r.post(
    `${P}/scSemester/save`,
    {
      config: { menu: CALENDAR_EDIT_MENU },
      schema: {
        tags,
        summary: 'Add (no id) or change a semester of the school calendar',
        body: SemesterSaveRequest,
        response: { 200: envelope(Semester) },
      },
    },
    async (request) => ok(await personal.saveSemester(deps, userOf(request), request.body), PERSONAL_TEXTS.saved),
  );
  r.post(
    `${P}/scSemester/remove`,
    {
      config: { menu: CALENDAR_EDIT_MENU },
      schema: {
        tags,
        summary: 'Remove a semester of the school calendar',
        body: CalendarRemoveRequest,
        response: { 200: envelope(CalendarRemoved) },
      },
    },
    async (request) =>
      ok(await personal.removeSemester(deps, userOf(request), request.body.id), PERSONAL_TEXTS.removed),
  );
  r.post(
    `${P}/scSemester/event/save`,
    {
      config: { menu: CALENDAR_EDIT_MENU },
      schema: {
        tags,
        summary: 'Add (no id) or change a holiday, vacation, exam week or event of the school calendar',
        body: CalendarEventSaveRequest,
        response: { 200: envelope(CalendarEvent) },
      },
    },
    async (request) => ok(await personal.saveCalendarEvent(deps, userOf(request), request.body), PERSONAL_TEXTS.saved),
  );
  r.post(
    `${P}/scSemester/event/remove`,
    {
      config: { menu: CALENDAR_EDIT_MENU },
      schema: {
        tags,
        summary: 'Remove a holiday, vacation, exam week or event of the school calendar',
        body: CalendarRemoveRequest,
        response: { 200: envelope(CalendarRemoved) },
      },
    },
    async (request) =>
      ok(await personal.removeCalendarEvent(deps, userOf(request), request.body.id), PERSONAL_TEXTS.removed),
  );
}

import {
  CALENDAR_EVENT_KINDS,
  schoolYearOf,
  weekOfSemester,
  type CalendarEvent,
  type GuiseLogoInfo,
  type SchoolCalendar,
  type SchoolCalendarRequest,
  type Semester,
  type SystemAccessLink,
} from '@portal/contracts/personal';
import type { z } from 'zod';
import type { PcSemesterRow } from '../../db/tables/personal.ts';
import type { AppDeps, RequestContext } from '../../platform/http.ts';
import { guiseLogo } from '../workbench/workbench.service.ts';
import { personalRepository } from './personal.repository.ts';

const repo = (deps: AppDeps) => personalRepository(deps.db);

/** GET platformApplyGuiseLogoInfo: the same logo, system name and theme colour as platformapplyguiselogo/detail, with the tenant. */
export async function guiseLogoInfo(deps: AppDeps, ctx: RequestContext): Promise<GuiseLogoInfo> {
  const [logo, tenant] = await Promise.all([
    guiseLogo(deps, ctx.tenantId),
    deps.db.selectFrom('tenants').where('tenant_id', '=', ctx.tenantId).select('tenant_name').executeTakeFirst(),
  ]);
  return { ...logo, tenantId: ctx.tenantId, tenantName: tenant?.tenant_name ?? '' };
}

/** Only http(s) addresses leave the server: a link is opened by the browser as it is. */
const isWebUrl = (url: string) => {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
};

/** GET personInfo/getSystemAccessLink: the systems the caller's role may open, in their configured order. */
export async function systemAccessLinks(deps: AppDeps, ctx: RequestContext): Promise<SystemAccessLink[]> {
  const rows = await repo(deps).accessLinks(ctx.tenantId, ctx.roleId);
  return rows
    .filter((r) => isWebUrl(r.system_url))
    .map((r) => ({ id: r.id, systemName: r.system_name, systemUrl: r.system_url, icon: r.icon, description: r.description, sort: Number(r.sort) }));
}

const toSemester = (s: PcSemesterRow): Semester => {
  const weeks = weekOfSemester({ startDate: s.start_date, endDate: s.end_date }, s.end_date) ?? 0;
  return { id: s.id, schoolYear: s.school_year, term: Number(s.term), name: s.name, startDate: s.start_date, endDate: s.end_date, weeks };
};

const isKind = (k: string): k is CalendarEvent['kind'] => (CALENDAR_EVENT_KINDS as readonly string[]).includes(k);

/** The local date of the server (the school's calendar day), YYYY-MM-DD. */
const today = (now = new Date()) => `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/**
 * POST scSemester/getSchoolCalendar: the school year named, else the one whose semester contains the date
 * (today by default), else the school year the date falls in; with the teaching week of the date.
 */
export async function schoolCalendar(deps: AppDeps, ctx: RequestContext, input: z.output<typeof SchoolCalendarRequest>): Promise<SchoolCalendar> {
  const r = repo(deps);
  const date = input.date ?? today();
  const containing = await r.semesterOn(ctx.tenantId, date);
  const schoolYear = input.schoolYear ?? containing?.school_year ?? schoolYearOf(date);
  const [semesters, events, schoolYears] = await Promise.all([r.semesters(ctx.tenantId, schoolYear), r.events(ctx.tenantId, schoolYear), r.schoolYears(ctx.tenantId)]);
  const current = containing ? toSemester(containing) : null;
  const week = containing ? weekOfSemester({ startDate: containing.start_date, endDate: containing.end_date }, date) : null;
  return {
    schoolYear,
    date,
    current: current && week ? { semesterId: current.id, semesterName: current.name, week, weeks: current.weeks } : null,
    semesters: semesters.map(toSemester),
    events: events.filter((e) => isKind(e.kind)).map((e) => ({ name: e.name, kind: e.kind as CalendarEvent['kind'], startDate: e.start_date, endDate: e.end_date })),
    schoolYears,
  };
}

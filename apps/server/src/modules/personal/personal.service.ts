import {
  CALENDAR_EVENT_KINDS,
  PERSONAL_TEXTS,
  schoolYearRange,
  type CalendarEventSaveRequest,
  type SemesterSaveRequest,
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
import { isUniqueViolation } from '../../db/sql-helpers.ts';
import { newId } from '../../platform/crypto.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { AppDeps, RequestContext } from '../../platform/http.ts';
import { tenantTimeZone } from '../efficiency/efficiency.service.ts';
import { guiseLogo } from '../site-settings/site-settings.service.ts';
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
    .map((r) => ({
      id: r.id,
      systemName: r.system_name,
      systemUrl: r.system_url,
      icon: r.icon,
      description: r.description,
      sort: Number(r.sort),
    }));
}

const toSemester = (s: PcSemesterRow): Semester => {
  const weeks = weekOfSemester({ startDate: s.start_date, endDate: s.end_date }, s.end_date) ?? 0;
  return {
    id: s.id,
    schoolYear: s.school_year,
    term: Number(s.term),
    name: s.name,
    startDate: s.start_date,
    endDate: s.end_date,
    weeks,
  };
};

const isKind = (k: string): k is CalendarEvent['kind'] => (CALENDAR_EVENT_KINDS as readonly string[]).includes(k);

/**
 * Today on the school's clock (the tenant's time zone), YYYY-MM-DD: not the server's day, which on a server kept in UTC
 * is still yesterday for a school in Asia/Shanghai until 08:00.
 */
async function today(deps: AppDeps, tenantId: string, now = new Date()): Promise<string> {
  const timeZone = await tenantTimeZone(deps, tenantId);
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/**
 * POST scSemester/getSchoolCalendar: the school year named, else the one whose semester contains the date
 * (today by default), else the school year the date falls in; with the teaching week of the date.
 */
export async function schoolCalendar(
  deps: AppDeps,
  ctx: RequestContext,
  input: z.output<typeof SchoolCalendarRequest>,
): Promise<SchoolCalendar> {
  const r = repo(deps);
  const date = input.date ?? (await today(deps, ctx.tenantId));
  const containing = await r.semesterOn(ctx.tenantId, date);
  const schoolYear = input.schoolYear ?? containing?.school_year ?? schoolYearOf(date);
  const [semesters, events, schoolYears] = await Promise.all([
    r.semesters(ctx.tenantId, schoolYear),
    r.events(ctx.tenantId, schoolYear),
    r.schoolYears(ctx.tenantId),
  ]);
  const current = containing ? toSemester(containing) : null;
  const week = containing
    ? weekOfSemester({ startDate: containing.start_date, endDate: containing.end_date }, date)
    : null;
  return {
    schoolYear,
    date,
    current:
      current && week ? { semesterId: current.id, semesterName: current.name, week, weeks: current.weeks } : null,
    semesters: semesters.map(toSemester),
    events: events
      .filter((e) => isKind(e.kind))
      .map((e) => ({
        id: e.id,
        name: e.name,
        kind: e.kind as CalendarEvent['kind'],
        startDate: e.start_date,
        endDate: e.end_date,
      })),
    schoolYears,
  };
}

// ---------------------------------------------------------------- editing the calendar

const DAY_MS = 86_400_000;
const days = (start: string, end: string) =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1;
/** A semester of at most 30 weeks; an event (a vacation is the longest) of at most 120 days. */
const SEMESTER_MAX_DAYS = 30 * 7;
const EVENT_MAX_DAYS = 120;

function inSchoolYear(schoolYear: string, startDate: string) {
  const { start, end } = schoolYearRange(schoolYear);
  if (startDate < start || startDate > end)
    throw badRequest(PERSONAL_TEXTS.outsideYear, `${startDate} is not in ${start}..${end}`);
}

/** POST scSemester/save: adds or changes a semester; terms are unique per school year and semesters never overlap. */
export async function saveSemester(
  deps: AppDeps,
  ctx: RequestContext,
  input: z.output<typeof SemesterSaveRequest>,
): Promise<Semester> {
  inSchoolYear(input.schoolYear, input.startDate);
  if (days(input.startDate, input.endDate) > SEMESTER_MAX_DAYS) throw badRequest(PERSONAL_TEXTS.semesterTooLong);
  const r = repo(deps);
  if (input.id && !(await r.semester(ctx.tenantId, input.id))) throw notFound(PERSONAL_TEXTS.calendarNotFound);
  const clash = await r.overlapping(ctx.tenantId, input.startDate, input.endDate, input.id ?? null);
  if (clash.length) throw conflict(PERSONAL_TEXTS.semesterOverlap, clash.map((c) => c.name).join('、'));
  const row = {
    id: input.id ?? newId(),
    tenant_id: ctx.tenantId,
    school_year: input.schoolYear,
    term: input.term,
    name: input.name,
    start_date: input.startDate,
    end_date: input.endDate,
  };
  try {
    if (input.id) {
      if (!(await r.updateSemester(row))) throw notFound(PERSONAL_TEXTS.calendarNotFound);
    } else await r.insertSemester(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(PERSONAL_TEXTS.termTaken, `${input.schoolYear} term ${input.term}`);
    throw err;
  }
  return toSemester(row);
}

export async function removeSemester(deps: AppDeps, ctx: RequestContext, id: string): Promise<{ id: string }> {
  if (!(await repo(deps).removeSemester(ctx.tenantId, id))) throw notFound(PERSONAL_TEXTS.calendarNotFound);
  return { id };
}

/** POST scSemester/event/save: adds or changes a holiday, vacation, exam week or event of a school year. */
export async function saveCalendarEvent(
  deps: AppDeps,
  ctx: RequestContext,
  input: z.output<typeof CalendarEventSaveRequest>,
): Promise<CalendarEvent> {
  inSchoolYear(input.schoolYear, input.startDate);
  if (days(input.startDate, input.endDate) > EVENT_MAX_DAYS) throw badRequest(PERSONAL_TEXTS.eventTooLong);
  const row = {
    id: input.id ?? newId(),
    tenant_id: ctx.tenantId,
    school_year: input.schoolYear,
    name: input.name,
    kind: input.kind,
    start_date: input.startDate,
    end_date: input.endDate,
  };
  if (input.id) {
    if (!(await repo(deps).updateEvent(row))) throw notFound(PERSONAL_TEXTS.calendarNotFound);
  } else await repo(deps).insertEvent(row);
  return { id: row.id, name: row.name, kind: input.kind, startDate: row.start_date, endDate: row.end_date };
}

export async function removeCalendarEvent(deps: AppDeps, ctx: RequestContext, id: string): Promise<{ id: string }> {
  if (!(await repo(deps).removeEvent(ctx.tenantId, id))) throw notFound(PERSONAL_TEXTS.calendarNotFound);
  return { id };
}

/**
 * nobody/preLogin/common/semesterList: the semesters of the school calendar, newest first (key `2026-2027-1`, the
 * semester's name); a tenant whose calendar has none gets the three last semesters by the usual dates (the first from
 * September, the second from February), counted from today on the school's clock.
 */
export async function semesterOptions(
  deps: AppDeps,
  tenantId: string,
): Promise<{ dictKey: string; dictValue: string }[]> {
  const own = await repo(deps).allSemesters(tenantId);
  if (own.length) return own.map((s) => ({ dictKey: `${s.school_year}-${s.term}`, dictValue: s.name }));
  const [y, m] = (await today(deps, tenantId)).split('-').map(Number) as [number, number];
  // The semester today falls in: from September the first of y-(y+1), from February the second of (y-1)-y.
  const current = m >= 9 ? { year: y, term: 1 } : m >= 2 ? { year: y - 1, term: 2 } : { year: y - 1, term: 1 };
  const out: { dictKey: string; dictValue: string }[] = [];
  for (let i = 0, { year, term } = current; i < 3; i++) {
    const schoolYear = `${year}-${year + 1}`;
    out.push({ dictKey: `${schoolYear}-${term}`, dictValue: `${schoolYear}学年第${term === 1 ? '一' : '二'}学期` });
    if (term === 2) term = 1;
    else {
      term = 2;
      year -= 1;
    }
  }
  return out;
}

import { z } from 'zod';
import { TenantId } from './envelope.ts';
import { GuiseLogo } from './workbench.ts';

/**
 * The personal center (2.1 /home/PersonalCenter) and the 7.9 "other" calls it makes:
 * GET platformApplyGuiseLogoInfo, GET personInfo/getSystemAccessLink, POST scSemester/getSchoolCalendar
 * (all under /api/blade-platform). Result shapes are not shown in the spec; these are this project's.
 */

export const PERSONAL_TEXTS = {
  badDate: '日期格式应为 YYYY-MM-DD',
  badSchoolYear: '学年格式应为 YYYY-YYYY，且后一年比前一年大1',
} as const;

/** A day as the calendar writes it. */
export const IsoDate = z
  .string({ error: PERSONAL_TEXTS.badDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, PERSONAL_TEXTS.badDate)
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, PERSONAL_TEXTS.badDate);

/** A school year, "2026-2027". */
export const SchoolYear = z
  .string({ error: PERSONAL_TEXTS.badSchoolYear })
  .regex(/^\d{4}-\d{4}$/, PERSONAL_TEXTS.badSchoolYear)
  .refine((s) => Number(s.slice(5)) === Number(s.slice(0, 4)) + 1, PERSONAL_TEXTS.badSchoolYear);

/** GET platformApplyGuiseLogoInfo: the tenant's appearance (the same data as 7.4 platformapplyguiselogo/detail). */
export const GuiseLogoInfoQuery = z.object({ tenantId: TenantId.optional() });
export const GuiseLogoInfo = GuiseLogo.extend({ tenantId: z.string(), tenantName: z.string() });
export type GuiseLogoInfo = z.infer<typeof GuiseLogoInfo>;

/** GET personInfo/getSystemAccessLink: the external systems the caller's role may open. */
export const SystemAccessLinkQuery = z.object({ tenantId: TenantId.optional() });
export const SystemAccessLink = z.object({
  id: z.string(),
  systemName: z.string(),
  /** Always an http(s) address. */
  systemUrl: z.string(),
  icon: z.string(),
  description: z.string(),
  sort: z.number().int(),
});
export type SystemAccessLink = z.infer<typeof SystemAccessLink>;

/** POST scSemester/getSchoolCalendar: the school year containing `date` (today by default), or the one named. */
export const SchoolCalendarRequest = z
  .object({ tenantId: TenantId.optional(), schoolYear: SchoolYear.optional(), date: IsoDate.optional() })
  .nullish()
  .transform((v) => v ?? {});
export type SchoolCalendarRequest = z.input<typeof SchoolCalendarRequest>;

export const CALENDAR_EVENT_KINDS = ['holiday', 'vacation', 'exam', 'event'] as const;
export const CalendarEvent = z.object({ name: z.string(), kind: z.enum(CALENDAR_EVENT_KINDS), startDate: z.string(), endDate: z.string() });
export type CalendarEvent = z.infer<typeof CalendarEvent>;

export const Semester = z.object({
  id: z.string(),
  schoolYear: z.string(),
  /** 1 first (autumn) term, 2 second (spring) term. */
  term: z.number().int(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  weeks: z.number().int(),
});
export type Semester = z.infer<typeof Semester>;

export const CurrentWeek = z.object({ semesterId: z.string(), semesterName: z.string(), week: z.number().int(), weeks: z.number().int() });
export type CurrentWeek = z.infer<typeof CurrentWeek>;

export const SchoolCalendar = z.object({
  schoolYear: z.string(),
  /** The day the current week is computed for. */
  date: z.string(),
  /** The teaching week of `date`, or null outside every semester (a vacation). */
  current: CurrentWeek.nullable(),
  semesters: z.array(Semester),
  /** Holidays, vacations and exam weeks of the school year, by start date. */
  events: z.array(CalendarEvent),
  /** Every school year the tenant has a calendar for, newest first. */
  schoolYears: z.array(z.string()),
});
export type SchoolCalendar = z.infer<typeof SchoolCalendar>;

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);

/**
 * The teaching week of `date` in a semester: week 1 is the (Monday-based) week of the start date.
 * null before the start or after the end. Server and client compute it the same way.
 */
export function weekOfSemester(semester: Pick<Semester, 'startDate' | 'endDate'>, date: string): number | null {
  const d = dayNumber(date);
  const start = dayNumber(semester.startDate);
  if (d < start || d > dayNumber(semester.endDate)) return null;
  // 1970-01-01 was a Thursday: day n is a Monday when (n + 3) % 7 === 0.
  const monday = start - ((start + 3) % 7);
  return Math.floor((d - monday) / 7) + 1;
}

/** The school year a date belongs to when no semester says otherwise: from August on, the year starting then. */
export function schoolYearOf(date: string): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  return m >= 8 ? `${y}-${y + 1}` : `${y - 1}-${y}`;
}

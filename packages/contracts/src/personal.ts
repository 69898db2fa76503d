import './zod-setup.ts';
import { z } from 'zod';
import { TenantId } from './envelope.ts';
import { MESSAGES } from './errors.ts';
import { hasControlCharacters } from './services.ts';
import { GuiseLogo } from './workbench.ts';

/**
 * The personal center (2.1 /home/PersonalCenter) and the 7.9 "other" calls it makes:
 * GET platformApplyGuiseLogoInfo, GET personInfo/getSystemAccessLink, POST scSemester/getSchoolCalendar
 * (all under /api/blade-platform). Result shapes are not shown in the spec; these are this project's.
 */

export const PERSONAL_TEXTS = {
  badDate: '日期格式应为 YYYY-MM-DD',
  badSchoolYear: '学年格式应为 YYYY-YYYY，且后一年比前一年大1',
  nameRequired: '名称不能为空',
  nameTooLong: '名称不能超过50个字符',
  endBeforeStart: '结束日期不能早于开始日期',
  badTerm: '学期应为1（第一学期）或2（第二学期）',
  badKind: '类型应为节假日、假期、考试或活动',
  outsideYear: '开始日期不在所选学年内（学年自8月1日起）',
  semesterTooLong: '一个学期不能超过30周',
  eventTooLong: '一项安排不能超过120天',
  semesterOverlap: '与已有学期的日期重叠',
  termTaken: '该学年已有这个学期',
  calendarNotFound: '校历记录不存在或已删除',
  saved: '保存成功',
  removed: '删除成功',
} as const;

/** The menu whose holders edit the school calendar (the home page configuration's). */
export const CALENDAR_EDIT_MENU = 'homePageConfig';

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
export const CalendarEvent = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(CALENDAR_EVENT_KINDS),
  startDate: z.string(),
  endDate: z.string(),
});
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

export const CurrentWeek = z.object({
  semesterId: z.string(),
  semesterName: z.string(),
  week: z.number().int(),
  weeks: z.number().int(),
});
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

// ---------------------------------------------------------------- editing the calendar (this project's calls)

const CalendarName = z
  .string({ error: PERSONAL_TEXTS.nameRequired })
  .trim()
  .min(1, PERSONAL_TEXTS.nameRequired)
  .max(50, PERSONAL_TEXTS.nameTooLong)
  .refine((s) => !hasControlCharacters(s), MESSAGES.controlCharacters);
const RowId = z.string().trim().min(1).max(64);
const ordered = <T extends { startDate: string; endDate: string }>(v: T) => v.endDate >= v.startDate;

/** POST scSemester/save: a semester, new without `id`. */
export const SemesterSaveRequest = z
  .object({
    id: RowId.optional(),
    schoolYear: SchoolYear,
    term: z.coerce
      .number({ error: PERSONAL_TEXTS.badTerm })
      .int(PERSONAL_TEXTS.badTerm)
      .min(1, PERSONAL_TEXTS.badTerm)
      .max(2, PERSONAL_TEXTS.badTerm),
    name: CalendarName,
    startDate: IsoDate,
    endDate: IsoDate,
  })
  .refine(ordered, { message: PERSONAL_TEXTS.endBeforeStart, path: ['endDate'] });
export type SemesterSaveRequest = z.input<typeof SemesterSaveRequest>;

/** POST scSemester/event/save: a holiday, vacation, exam week or event, new without `id`. */
export const CalendarEventSaveRequest = z
  .object({
    id: RowId.optional(),
    schoolYear: SchoolYear,
    name: CalendarName,
    kind: z.enum(CALENDAR_EVENT_KINDS, { error: PERSONAL_TEXTS.badKind }),
    startDate: IsoDate,
    endDate: IsoDate,
  })
  .refine(ordered, { message: PERSONAL_TEXTS.endBeforeStart, path: ['endDate'] });
export type CalendarEventSaveRequest = z.input<typeof CalendarEventSaveRequest>;

/** POST scSemester/remove and scSemester/event/remove. */
export const CalendarRemoveRequest = z.object({ id: RowId });
export const CalendarRemoved = z.object({ id: z.string() });

/** The first day of a school year ("2026-2027" → 2026-08-01) and its last (2027-07-31), as schoolYearOf counts. */
export const schoolYearRange = (schoolYear: string) => ({
  start: `${schoolYear.slice(0, 4)}-08-01`,
  end: `${schoolYear.slice(5)}-07-31`,
});

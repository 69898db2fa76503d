import { sessionStore } from './session/session-store.ts';

/*
 * The tenant's clock without a date library (issue 10, ADR 0077): what the first screen of a route shows of a date —
 * today, the hour, the year, a moment as one of a few fixed patterns — read from the platform's Intl time-zone data
 * (or a fixed offset, below). dayjs, with its utc and timezone plugins, stays the portal's date library for date
 * arithmetic, parsing of other forms and the date pickers: time-zone.ts builds on this module, and the pages that
 * need it load it with their own code.
 */

/** The zone of a tenant that has not chosen one (the server's default too). */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

let visitorZone: string | null = null;

/** A visitor's tenant zone (from nobody/tenant/detail), used until someone logs in. */
export function setVisitorTimeZone(zone: string | null | undefined): void {
  visitorZone = zone || null;
}

// One formatter per zone, made once: making an Intl.DateTimeFormat costs far more than the date it formats, and every
// date of a page asks for the tenant's zone (on a throttled phone the home page spent about 160 ms checking zones, and
// about 50 ms more in dayjs's tz(), which makes a formatter per call through toLocaleString; issue 10). null: a zone
// the browser does not know.
const formatters = new Map<string, Intl.DateTimeFormat | null>();
function formatter(zone: string): Intl.DateTimeFormat | null {
  let f = formatters.get(zone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      f = null;
    }
    formatters.set(zone, f);
  }
  return f;
}
/**
 * Zones whose distance from UTC has not changed since a moment (the tz database's rules, checked against the browser's
 * own in a test): their clock is UTC plus minutes, with no formatter. Making the first Intl.DateTimeFormat with a time
 * zone loads the browser's zone data and date patterns, 106 ms of a laptop's main thread in a CPU profile of the home
 * page, four times that on Lighthouse's phone (issue 10); almost every tenant is in one of these. Earlier moments and
 * other zones are read through the formatter.
 */
const FIXED_OFFSETS: Readonly<Record<string, { minutes: number; since: number }>> = {
  // China's last daylight-saving time ended on 1991-09-15.
  'Asia/Shanghai': { minutes: 480, since: Date.UTC(1991, 8, 15) },
  'Asia/Urumqi': { minutes: 360, since: Date.UTC(1980, 4, 1) },
  'Asia/Hong_Kong': { minutes: 480, since: Date.UTC(1980, 0, 1) },
  'Asia/Macau': { minutes: 480, since: Date.UTC(1980, 0, 1) },
  'Asia/Taipei': { minutes: 480, since: Date.UTC(1980, 0, 1) },
  'Asia/Singapore': { minutes: 480, since: Date.UTC(1982, 0, 1) },
  'Asia/Tokyo': { minutes: 540, since: Date.UTC(1952, 0, 1) },
  'Asia/Seoul': { minutes: 540, since: Date.UTC(1989, 0, 1) },
  UTC: { minutes: 0, since: -8.64e15 },
  'Etc/UTC': { minutes: 0, since: -8.64e15 },
};
export const FIXED_OFFSET_ZONES = Object.keys(FIXED_OFFSETS);

function valid(zone: string | null | undefined): zone is string {
  return !!zone && (Object.hasOwn(FIXED_OFFSETS, zone) || formatter(zone) !== null);
}

/** A zone's clock: the fields a wall clock and calendar show. */
export type Wall = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** The zone's clock at the moment `ms`, and its distance from UTC in minutes (as dayjs's timezone plugin reckons it). */
export function zoneClock(zone: string, ms: number): { wall: Wall; offset: number } {
  const fixed = Object.hasOwn(FIXED_OFFSETS, zone) ? FIXED_OFFSETS[zone]! : undefined;
  if (fixed && ms >= fixed.since) return { wall: utcFields(ms + fixed.minutes * 60_000), offset: fixed.minutes };
  const wall: Wall = { year: 0, month: 1, day: 1, hour: 0, minute: 0, second: 0 };
  for (const part of formatter(zone)!.formatToParts(ms))
    if (part.type in wall) wall[part.type as keyof Wall] = Number(part.value);
  wall.hour %= 24;
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return { wall, offset: Math.round((asUtc - (ms - (((ms % 1000) + 1000) % 1000))) / 60_000) };
}

function utcFields(ms: number): Wall {
  const d = new Date(ms);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

/**
 * The tenant's time zone (issue 16): dates, days and greetings follow the school's clock, not the browser's — a
 * student abroad sees the same day as the school, and an item at 02:06 Beijing time is not "yesterday".
 */
export function tenantTimeZone(): string {
  const zone = sessionStore.getState().user?.timeZone ?? visitorZone;
  return valid(zone) ? zone : DEFAULT_TIME_ZONE;
}

/** A moment as the portal's answers and pages give one: an ISO string, epoch milliseconds or a Date. */
export type Moment = string | number | Date;

/**
 * The moment's epoch milliseconds, NaN for none. A string without an offset ("2026-12-01", "2026-12-01 08:00") is a
 * time on the browser's clock, as dayjs reads it (the portal's own answers are ISO in UTC), its fraction a fraction of
 * a second (dayjs reads ".5" as 5 ms); anything else goes to Date.parse.
 */
export function momentMs(time: Moment): number {
  if (typeof time === 'number') return time;
  if (time instanceof Date) return time.getTime();
  const local = /^(\d{4})[-/]?(\d{1,2})?[-/]?(\d{0,2})[Tt\s]*(\d{1,2})?:?(\d{1,2})?:?(\d{1,2})?[.:]?(\d+)?$/.exec(time);
  if (!local) return Date.parse(time);
  const [, y, mo, d, h, mi, s, frac] = local;
  const ms = Number((frac ?? '0').slice(0, 3).padEnd(3, '0'));
  return new Date(
    Number(y),
    Number(mo ?? 1) - 1,
    Number(d || 1),
    Number(h ?? 0),
    Number(mi ?? 0),
    Number(s ?? 0),
    ms,
  ).getTime();
}

/** The patterns the first screens show (YYYY-MM-DD HH:mm by default), each field zero-padded. */
export type TenantFormat =
  'YYYY-MM-DD HH:mm' | 'YYYY-MM-DD HH:mm:ss' | 'YYYY-MM-DD' | 'MM-DD' | 'MM-DD HH:mm' | 'HH:mm';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const FIELDS: Record<string, (w: Wall) => string> = {
  YYYY: (w) => pad(w.year, 4),
  MM: (w) => pad(w.month),
  DD: (w) => pad(w.day),
  HH: (w) => pad(w.hour),
  mm: (w) => pad(w.minute),
  ss: (w) => pad(w.second),
};

const formatWall = (wall: Wall, format: string) =>
  format.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => FIELDS[token]!(wall));

/** The wall clock of a moment on the tenant's clock (now when none is given); null for no valid moment. */
export function tenantWall(time: Moment = Date.now()): Wall | null {
  const ms = momentMs(time);
  return Number.isFinite(ms) ? zoneClock(tenantTimeZone(), ms).wall : null;
}

/** A moment as YYYY-MM-DD HH:mm (or `format`) on the tenant's clock; '—' for none, 'Invalid Date' as dayjs says. */
export function formatTenantTime(time: Moment | null | undefined, format: TenantFormat = 'YYYY-MM-DD HH:mm'): string {
  if (time === null || time === undefined || time === '') return '—';
  const wall = tenantWall(time);
  return wall ? formatWall(wall, format) : 'Invalid Date';
}

/** Today on the tenant's clock, YYYY-MM-DD. */
export const tenantToday = (now: Moment = Date.now()): string => formatTenantTime(now, 'YYYY-MM-DD');

/** The hour (0–23) on the tenant's clock. */
export const tenantHour = (now: Moment = Date.now()): number => tenantWall(now)?.hour ?? NaN;

/** The year on the tenant's clock (the footer's ©). */
export const tenantYear = (now: Moment = Date.now()): number => tenantWall(now)?.year ?? NaN;

/** The day before `day` (YYYY-MM-DD), on the calendar. */
export function dayBefore(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return formatWall(utcFields(Date.UTC(y!, m! - 1, d! - 1)), 'YYYY-MM-DD');
}

/**
 * A moment on the tenant's clock with its offset, ISO 8601 (2026-12-01T08:00:00+08:00, Z for UTC) as dayjs's format()
 * gives it: a `<time>`'s dateTime.
 */
export function tenantIso(time: Moment): string | undefined {
  const ms = momentMs(time);
  if (!Number.isFinite(ms)) return undefined;
  const { wall, offset } = zoneClock(tenantTimeZone(), ms);
  const sign = offset < 0 ? '-' : '+';
  const zone = offset === 0 ? 'Z' : `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return `${formatWall(wall, 'YYYY-MM-DDTHH:mm:ss')}${zone}`;
}

/**
 * What a date-time on the tenant's clock is, for a tooltip: "Asia/Shanghai (UTC+8)" — only when the browser's own clock
 * reads that moment otherwise (a student abroad reads the school's time, not their own); undefined when it reads the
 * same. The browser's offset comes from `Date`, not from its zone's name through Intl: making the first
 * Intl.DateTimeFormat loads the browser's zone data, 200 ms of a throttled phone's main thread on the home page for a
 * tooltip nobody had asked for yet (issue 10).
 */
export function tenantZoneTitle(time?: Moment | null): string | undefined {
  const zone = tenantTimeZone();
  const asked = time === undefined || time === null || time === '' ? Date.now() : momentMs(time);
  const ms = Number.isFinite(asked) ? asked : Date.now();
  const { offset } = zoneClock(zone, ms);
  if (-new Date(ms).getTimezoneOffset() === offset) return undefined;
  const hours = Math.floor(Math.abs(offset) / 60);
  const minutes = Math.abs(offset) % 60;
  const sign = offset < 0 ? '-' : '+';
  return `${zone} (UTC${offset === 0 ? '' : `${sign}${hours}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`})`;
}

import dayjs, { type ConfigType, type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { sessionStore } from './session/session-store.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

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

type Wall = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** The zone's clock at the moment `ms`, and its distance from UTC in minutes (as dayjs's timezone plugin reckons it). */
function zoneClock(zone: string, ms: number): { wall: Wall; offset: number } {
  const fixed = Object.hasOwn(FIXED_OFFSETS, zone) ? FIXED_OFFSETS[zone]! : undefined;
  if (fixed && ms >= fixed.since) {
    const d = new Date(ms + fixed.minutes * 60_000);
    const wall = {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      hour: d.getUTCHours(),
      minute: d.getUTCMinutes(),
      second: d.getUTCSeconds(),
    };
    return { wall, offset: fixed.minutes };
  }
  const wall: Wall = { year: 0, month: 1, day: 1, hour: 0, minute: 0, second: 0 };
  for (const part of formatter(zone)!.formatToParts(ms))
    if (part.type in wall) wall[part.type as keyof Wall] = Number(part.value);
  wall.hour %= 24;
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return { wall, offset: Math.round((asUtc - (ms - (((ms % 1000) + 1000) % 1000))) / 60_000) };
}

/**
 * The tenant's time zone (issue 16): dates, days and greetings follow the school's clock, not the browser's — a
 * student abroad sees the same day as the school, and an item at 02:06 Beijing time is not "yesterday".
 */
export function tenantTimeZone(): string {
  const zone = sessionStore.getState().user?.timeZone ?? visitorZone;
  return valid(zone) ? zone : DEFAULT_TIME_ZONE;
}

/**
 * A moment on the tenant's clock (now when none is given): what dayjs's `tz(zone)` gives — the same moment, offset and
 * fields, marked with the zone so that `startOf` keeps the zone's rules — with the zone's offset read from one
 * formatter per zone.
 */
export function inTenantZone(time?: ConfigType): Dayjs {
  const moment = time === undefined ? dayjs() : dayjs(time);
  if (!moment.isValid()) return moment;
  const zone = tenantTimeZone();
  const { wall, offset } = zoneClock(zone, moment.valueOf());
  // As tz() does: the zone's clock read as the browser's local time, then given the zone's offset keeping those fields
  // (shifting minutes instead would go wrong across the browser's own daylight-saving changes).
  const onClock = offset
    ? dayjs(
        new Date(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second, moment.millisecond()),
      ).utcOffset(offset, true)
    : moment.utcOffset(0);
  (onClock as Dayjs & { $x: { $timezone?: string } }).$x.$timezone = zone;
  return onClock;
}

/** A moment as YYYY-MM-DD HH:mm (or `format`) on the tenant's clock; '—' for none. */
export const formatTenantTime = (time: ConfigType | null | undefined, format = 'YYYY-MM-DD HH:mm'): string =>
  time === null || time === undefined || time === '' ? '—' : inTenantZone(time).format(format);

/** Today on the tenant's clock, YYYY-MM-DD. */
export const tenantToday = (now: ConfigType = Date.now()): string => inTenantZone(now).format('YYYY-MM-DD');

/** The hour (0–23) on the tenant's clock. */
export const tenantHour = (now: ConfigType = Date.now()): number => inTenantZone(now).hour();

/** The browser's own zone (null if it does not say). */
function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * What a date-time on the tenant's clock is, for a tooltip: "Asia/Shanghai (UTC+8)" — only when the browser's zone is
 * another one (a student abroad reads the school's time, not their own); undefined when both are the same zone.
 */
export function tenantZoneTitle(time?: ConfigType): string | undefined {
  const zone = tenantTimeZone();
  if (browserTimeZone() === zone) return undefined;
  const moment = time === undefined || time === null || time === '' ? dayjs() : dayjs(time);
  const { offset } = zoneClock(zone, moment.isValid() ? moment.valueOf() : Date.now());
  const hours = Math.floor(Math.abs(offset) / 60);
  const minutes = Math.abs(offset) % 60;
  const sign = offset < 0 ? '-' : '+';
  return `${zone} (UTC${offset === 0 ? '' : `${sign}${hours}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`})`;
}

import dayjs, { type ConfigType, type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { tenantTimeZone, zoneClock } from './tenant-clock.ts';

/*
 * The tenant's clock as dayjs moments, for the pages that reckon with dates (pickers, calendars, "a day earlier"). What
 * a first screen shows of a date needs no date library and comes from tenant-clock.ts (ADR 0077), re-exported here.
 */
export {
  DEFAULT_TIME_ZONE,
  FIXED_OFFSET_ZONES,
  formatTenantTime,
  setVisitorTimeZone,
  tenantHour,
  tenantTimeZone,
  tenantToday,
  tenantZoneTitle,
} from './tenant-clock.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

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

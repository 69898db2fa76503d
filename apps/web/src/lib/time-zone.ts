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

// Whether the browser knows a zone, asked once per zone: making an Intl.DateTimeFormat costs far more than the date
// it formats, and every date of a page asks for the tenant's zone (on a throttled phone the home page spent about
// 160 ms here, issue 10).
const knownZones = new Map<string, boolean>();
function valid(zone: string | null | undefined): zone is string {
  if (!zone) return false;
  let known = knownZones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    knownZones.set(zone, known);
  }
  return known;
}

/**
 * The tenant's time zone (issue 16): dates, days and greetings follow the school's clock, not the browser's — a
 * student abroad sees the same day as the school, and an item at 02:06 Beijing time is not "yesterday".
 */
export function tenantTimeZone(): string {
  const zone = sessionStore.getState().user?.timeZone ?? visitorZone;
  return valid(zone) ? zone : DEFAULT_TIME_ZONE;
}

/** A moment on the tenant's clock (now when none is given). */
export const inTenantZone = (time?: ConfigType): Dayjs =>
  (time === undefined ? dayjs() : dayjs(time)).tz(tenantTimeZone());

/** A moment as YYYY-MM-DD HH:mm (or `format`) on the tenant's clock; '—' for none. */
export const formatTenantTime = (time: ConfigType | null | undefined, format = 'YYYY-MM-DD HH:mm'): string =>
  time === null || time === undefined || time === '' ? '—' : inTenantZone(time).format(format);

/** Today on the tenant's clock, YYYY-MM-DD. */
export const tenantToday = (now: ConfigType = Date.now()): string => inTenantZone(now).format('YYYY-MM-DD');

/** The hour (0–23) on the tenant's clock. */
export const tenantHour = (now: ConfigType = Date.now()): number => inTenantZone(now).hour();

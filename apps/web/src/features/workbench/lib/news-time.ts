import dayjs, { type Dayjs } from 'dayjs';
import { inTenantZone, tenantTimeZone } from '../../../lib/time-zone.ts';

/**
 * A release time as the date picker shows it: the tenant's wall clock (issue 16), whatever the browser's zone —
 * 2026-01-01T18:06Z is 02:06 on the 2nd for a school in Beijing, typed and shown as such.
 */
export const toPickerTime = (iso: string | number): Dayjs => dayjs(inTenantZone(iso).format('YYYY-MM-DDTHH:mm:ss'));

/** The instant of a wall-clock time picked on the tenant's clock (ISO, UTC). */
export const fromPickerTime = (picked: Dayjs): string =>
  dayjs.tz(picked.format('YYYY-MM-DDTHH:mm:ss'), tenantTimeZone()).toISOString();

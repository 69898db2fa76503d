import type { ConfigType } from 'dayjs';
import { formatTenantTime, inTenantZone, tenantZoneTitle } from '../lib/time-zone.ts';

/**
 * A date-time on the tenant's clock (formatTenantTime's format), as a `<time>` element: machine-readable, and titled
 * with the school's zone ("Asia/Shanghai (UTC+8)") when the browser is in another one, so a reader abroad knows whose
 * clock it is.
 */
export function TenantTime({
  time,
  format,
  className,
}: {
  time: ConfigType | null | undefined;
  format?: string;
  className?: string;
}) {
  const known = time !== null && time !== undefined && time !== '' && inTenantZone(time).isValid();
  return (
    <time
      className={className}
      dateTime={known ? inTenantZone(time).format() : undefined}
      title={known ? tenantZoneTitle(time) : undefined}
    >
      {formatTenantTime(time, format)}
    </time>
  );
}

import { formatTenantTime, tenantIso, tenantZoneTitle, type Moment, type TenantFormat } from '../lib/tenant-clock.ts';

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
  time: Moment | null | undefined;
  format?: TenantFormat;
  className?: string;
}) {
  const iso = time === null || time === undefined || time === '' ? undefined : tenantIso(time);
  return (
    <time className={className} dateTime={iso} title={iso ? tenantZoneTitle(time) : undefined}>
      {formatTenantTime(time, format)}
    </time>
  );
}

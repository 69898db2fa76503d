// @vitest-environment jsdom
import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import {
  dayBefore,
  formatTenantTime,
  momentMs,
  setVisitorTimeZone,
  tenantHour,
  tenantIso,
  tenantToday,
  tenantYear,
  type TenantFormat,
} from './tenant-clock.ts';
import { inTenantZone } from './time-zone.ts';

afterEach(() => setVisitorTimeZone(null));

const FORMATS: TenantFormat[] = [
  'YYYY-MM-DD HH:mm',
  'YYYY-MM-DD HH:mm:ss',
  'YYYY-MM-DD',
  'MM-DD',
  'MM-DD HH:mm',
  'HH:mm',
];
const ZONES = ['Asia/Shanghai', 'America/New_York', 'Europe/Berlin', 'Asia/Kolkata', 'Pacific/Chatham', 'UTC'];
const MOMENTS: Array<string | number | Date> = [
  '2026-11-23T18:06:00Z',
  '2026-11-23T15:59:59.999Z',
  '2026-03-08T07:00:00Z',
  '2026-10-25T00:59:59Z',
  '2028-02-29T12:34:56.789Z',
  '2026-12-01T08:00:00+08:00',
  '1988-07-01T00:00:00Z',
  // No offset: a time on the browser's clock, as dayjs reads it.
  '2026-12-01',
  '2026-12-01 08:05',
  '2026-12-01T23:59:59.250',
  '2026/12/01',
  1_795_570_881_775,
  new Date(Date.UTC(2026, 0, 1, 0, 0, 0)),
];

describe("the tenant's clock without a date library (issue 10, ADR 0077)", () => {
  it('formats every pattern as dayjs does, in several zones and from several browser zones', () => {
    const differences: string[] = [];
    const browserZone = process.env.TZ;
    try {
      for (const local of ['UTC', 'America/Los_Angeles', 'Asia/Shanghai']) {
        process.env.TZ = local;
        for (const zone of ZONES) {
          setVisitorTimeZone(zone);
          for (const at of MOMENTS) {
            const theirs = inTenantZone(at);
            const pairs: Array<[string, unknown, unknown]> = [
              ...FORMATS.map((f): [string, unknown, unknown] => [f, formatTenantTime(at, f), theirs.format(f)]),
              ['iso', tenantIso(at), theirs.format()],
              ['year', tenantYear(at), theirs.year()],
              ['hour', tenantHour(at), theirs.hour()],
              ['today', tenantToday(at), theirs.format('YYYY-MM-DD')],
              ['ms', momentMs(at), dayjs(at).valueOf()],
            ];
            for (const [what, a, b] of pairs)
              if (a !== b) differences.push(`TZ=${local} ${zone} ${String(at)} ${what}: ${String(a)} ≠ ${String(b)}`);
          }
        }
      }
    } finally {
      process.env.TZ = browserZone;
      if (browserZone === undefined) delete process.env.TZ;
    }
    expect(differences).toEqual([]);
  });

  it('reads a fraction of a second as one', () => {
    expect(momentMs('2026-12-01T23:59:59.5') - momentMs('2026-12-01T23:59:59')).toBe(500);
    expect(momentMs('2026-12-01T23:59:59.1234') - momentMs('2026-12-01T23:59:59')).toBe(123);
  });

  it('says so for no moment and for what is not one', () => {
    expect(formatTenantTime(null)).toBe('—');
    expect(formatTenantTime(undefined)).toBe('—');
    expect(formatTenantTime('')).toBe('—');
    expect(formatTenantTime('not a date')).toBe(dayjs('not a date').format());
    expect(tenantIso('not a date')).toBeUndefined();
    expect(Number.isNaN(tenantHour('not a date'))).toBe(true);
  });

  it('counts the day before on the calendar, across months, years and a leap day', () => {
    expect(dayBefore('2026-12-01')).toBe('2026-11-30');
    expect(dayBefore('2027-01-01')).toBe('2026-12-31');
    expect(dayBefore('2028-03-01')).toBe('2028-02-29');
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
  });
});

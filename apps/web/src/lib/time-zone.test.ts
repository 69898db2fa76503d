// @vitest-environment jsdom
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from './session/session-store.ts';
import {
  FIXED_OFFSET_ZONES,
  formatTenantTime,
  inTenantZone,
  setVisitorTimeZone,
  tenantHour,
  tenantTimeZone,
  tenantToday,
  tenantZoneTitle,
} from './time-zone.ts';

const user = (timeZone?: string) =>
  sessionStore.setState({
    user: {
      user_id: 'u1',
      user_name: '张同学',
      account: 'student01',
      nick_name: '小张',
      tenant_id: '000000',
      tenant_name: '示例大学',
      roleId: 'r',
      roleType: 'student',
      roleName: '学生',
      configurationMenu: [],
      ...(timeZone ? { timeZone } : {}),
    },
  });

afterEach(() => {
  sessionStore.setState({ user: null });
  setVisitorTimeZone(null);
});

// 02:06 Beijing time on 24 November is 18:06 UTC on the 23rd.
const EARLY_BEIJING = '2026-11-23T18:06:00Z';

describe("dates on the tenant's clock (issue 16)", () => {
  it('counts days and hours in Asia/Shanghai by default, whatever the browser or UTC says', () => {
    expect(tenantTimeZone()).toBe('Asia/Shanghai');
    expect(tenantToday(EARLY_BEIJING)).toBe('2026-11-24');
    expect(tenantHour(EARLY_BEIJING)).toBe(2);
    expect(formatTenantTime(EARLY_BEIJING)).toBe('2026-11-24 02:06');
    expect(formatTenantTime(null)).toBe('—');
  });

  it("follows the zone of the user's tenant, and a visitor's tenant before login", () => {
    user('America/New_York');
    expect(tenantToday(EARLY_BEIJING)).toBe('2026-11-23');
    expect(tenantHour(EARLY_BEIJING)).toBe(13);
    sessionStore.setState({ user: null });
    setVisitorTimeZone('Asia/Kathmandu');
    expect(formatTenantTime(EARLY_BEIJING, 'HH:mm')).toBe('23:51');
  });

  it('falls back to the default for a zone the browser does not know', () => {
    user('Mars/Olympus_Mons');
    expect(tenantTimeZone()).toBe('Asia/Shanghai');
  });

  it("gives what dayjs's tz() gives, across daylight-saving changes and odd offsets", () => {
    const zones = [
      'Asia/Shanghai',
      'America/New_York',
      'Europe/Berlin',
      'Australia/Lord_Howe',
      'Asia/Kolkata',
      'Pacific/Chatham',
      'UTC',
    ];
    // Both sides of the 2026 changes in New York (8 March, 1 November) and Berlin (29 March, 25 October), midnight,
    // the last millisecond of a day, and a leap day.
    const moments = [
      '2026-03-08T06:59:59.999Z',
      '2026-03-08T07:00:00Z',
      '2026-03-29T00:30:00Z',
      '2026-03-29T01:30:00Z',
      '2026-10-25T00:59:59Z',
      '2026-10-25T01:00:00Z',
      '2026-11-01T05:30:00Z',
      '2026-11-01T06:30:00Z',
      '2026-11-23T16:00:00Z',
      '2026-11-23T15:59:59.999Z',
      '2028-02-29T12:34:56.789Z',
      // 02:30 in Shanghai on 8 March: an hour that does not exist on a Los Angeles clock.
      '2026-03-07T18:30:00Z',
      1_795_570_881_775,
    ];
    // The browser's own zone matters to dayjs (it reads a zone's clock as local time): try it from several.
    const browserZone = process.env.TZ;
    try {
      for (const local of ['UTC', 'America/Los_Angeles', 'Europe/Berlin', 'Asia/Kolkata']) {
        process.env.TZ = local;
        expectSameAsDayjs(zones, moments);
      }
    } finally {
      process.env.TZ = browserZone;
      if (browserZone === undefined) delete process.env.TZ;
    }
    expect(inTenantZone('not a date').isValid()).toBe(false);
  });
});

describe('zones with one offset (issue 10)', () => {
  it("reads their clock without a formatter, as dayjs's tz() reads it, before and after their last change", () => {
    // A moment every 73 days and 7 hours from 1950 to 2060, so every month and hour of the day in turn (before a zone's
    // last change the formatter is used), the hours around Shanghai's last daylight-saving change, and the first and
    // last millisecond of a day.
    const moments: Array<string | number> = [
      '1991-09-14T16:59:59.999Z',
      '1991-09-14T17:00:00Z',
      '1991-09-14T18:00:00Z',
    ];
    for (let at = Date.UTC(1950, 0, 1); at < Date.UTC(2060, 0, 1); at += (73 * 24 + 7) * 3_600_000) moments.push(at);
    moments.push('2026-11-23T15:59:59.999Z', '2026-11-23T16:00:00Z');
    expectSameAsDayjs(FIXED_OFFSET_ZONES, moments);
    // China kept daylight-saving time in the summers of 1986 to 1991: those moments are not given UTC+8.
    setVisitorTimeZone('Asia/Shanghai');
    expect(inTenantZone('1988-07-01T00:00:00Z').utcOffset()).toBe(540);
    expect(inTenantZone('1992-07-01T00:00:00Z').utcOffset()).toBe(480);
  });

  it('makes no Intl formatter for them, and one for another zone', async () => {
    vi.resetModules();
    const Real = Intl.DateTimeFormat;
    let made = 0;
    Intl.DateTimeFormat = new Proxy(Real, {
      construct: (target, args: ConstructorParameters<typeof Real>) => (made++, new target(...args)),
    });
    try {
      const fresh = await import('./time-zone.ts');
      fresh.setVisitorTimeZone('Asia/Shanghai');
      expect(fresh.formatTenantTime('2026-11-23T18:06:00Z')).toBe('2026-11-24 02:06');
      expect(fresh.tenantToday(Date.parse(EARLY_BEIJING))).toBe('2026-11-24');
      expect(made).toBe(0);
      fresh.setVisitorTimeZone('Europe/Berlin');
      expect(fresh.formatTenantTime('2026-11-23T18:06:00Z')).toBe('2026-11-23 19:06');
      expect(made).toBe(1);
      fresh.setVisitorTimeZone(null);
    } finally {
      Intl.DateTimeFormat = Real;
    }
  });

  it("does not take an object's own names for zones", () => {
    setVisitorTimeZone('toString');
    expect(tenantTimeZone()).toBe('Asia/Shanghai');
  });
});

function expectSameAsDayjs(zones: string[], moments: Array<string | number>): void {
  // Differences are collected and compared once: an expect per moment and zone (about 50,000) was most of the test's
  // time, which on a busy machine ran past its time-out.
  const differences: string[] = [];
  for (const zone of zones) {
    setVisitorTimeZone(zone);
    for (const at of moments) {
      const mine = inTenantZone(at);
      const theirs = dayjs(at).tz(zone);
      const pairs: Array<[string, string | number, string | number]> = [
        ['format', mine.format('YYYY-MM-DD HH:mm:ss.SSS Z'), theirs.format('YYYY-MM-DD HH:mm:ss.SSS Z')],
        ['valueOf', mine.valueOf(), theirs.valueOf()],
        ['startOf day', mine.startOf('day').valueOf(), theirs.startOf('day').valueOf()],
        [
          'add a day',
          mine.add(1, 'day').format('YYYY-MM-DD HH:mm Z'),
          theirs.add(1, 'day').format('YYYY-MM-DD HH:mm Z'),
        ],
      ];
      for (const [what, a, b] of pairs)
        if (a !== b) differences.push(`TZ=${process.env.TZ} ${zone} ${String(at)} ${what}: ${a} ≠ ${b}`);
    }
  }
  expect(differences).toEqual([]);
}

describe("the school's zone named beside its times", () => {
  /** The browser's own zone: its clock, as `Date` reads it. */
  const own = process.env.TZ;
  const browserIn = (zone: string) => {
    process.env.TZ = zone;
  };
  afterEach(() => {
    process.env.TZ = own;
    if (own === undefined) delete process.env.TZ;
  });

  it("names the tenant's zone and its offset at that moment only to a browser whose clock reads it otherwise", () => {
    browserIn('Asia/Shanghai');
    expect(tenantZoneTitle(EARLY_BEIJING)).toBeUndefined();
    // Another zone whose clock reads the same: nothing to say either.
    browserIn('Asia/Taipei');
    expect(tenantZoneTitle(EARLY_BEIJING)).toBeUndefined();
    browserIn('Europe/Berlin');
    expect(tenantZoneTitle(EARLY_BEIJING)).toBe('Asia/Shanghai (UTC+8)');
    user('Asia/Kolkata');
    expect(tenantZoneTitle(EARLY_BEIJING)).toBe('Asia/Kolkata (UTC+5:30)');
    // New York's offset follows its daylight-saving time on the day of the time shown.
    user('America/New_York');
    expect(tenantZoneTitle('2026-07-01T12:00:00Z')).toBe('America/New_York (UTC-4)');
    expect(tenantZoneTitle(EARLY_BEIJING)).toBe('America/New_York (UTC-5)');
    // A browser in New York reads both on the school's clock: in summer and in winter.
    browserIn('America/New_York');
    expect(tenantZoneTitle('2026-07-01T12:00:00Z')).toBeUndefined();
    expect(tenantZoneTitle(EARLY_BEIJING)).toBeUndefined();
    // One in Phoenix (no daylight-saving time) reads the summer's time otherwise.
    browserIn('America/Phoenix');
    expect(tenantZoneTitle('2026-07-01T12:00:00Z')).toBe('America/New_York (UTC-4)');
    user('UTC');
    expect(tenantZoneTitle(EARLY_BEIJING)).toBe('UTC (UTC)');
  });

  it('makes no Intl formatter for a school on a fixed-offset clock (Asia/Shanghai)', () => {
    user('Asia/Shanghai');
    browserIn('Europe/Berlin');
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    expect(tenantZoneTitle(EARLY_BEIJING)).toBe('Asia/Shanghai (UTC+8)');
    browserIn('Asia/Shanghai');
    expect(tenantZoneTitle(EARLY_BEIJING)).toBeUndefined();
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
  });
});

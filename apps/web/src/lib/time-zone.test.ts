// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from './session/session-store.ts';
import { formatTenantTime, setVisitorTimeZone, tenantHour, tenantTimeZone, tenantToday } from './time-zone.ts';

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
});

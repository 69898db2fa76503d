import { describe, expect, it } from 'vitest';
import type { CardService } from '@portal/contracts/workbench';
import { setVisitorTimeZone } from '../../../lib/tenant-clock.ts';
import {
  announcementTime,
  dayLabel,
  formatCount,
  formatHeat,
  greetingKey,
  isNew,
  itemLimit,
  navigationTarget,
  nextHoliday,
  otherInfoLink,
  previewCardStyle,
  sidebarHeight,
  splitCommonUse,
  splitRecommend,
  toolsBodyHeight,
  toolsTabMaxWidth,
} from './display.ts';

const now = Date.parse('2026-11-23T10:00:00+08:00');
const svc = (i: number) => ({ serviceId: String(i), serviceName: `s${i}` }) as CardService;

describe('home page display rules', () => {
  it('caps counts at 99+ and heat at 9999999+', () => {
    expect(formatCount(99)).toBe('99');
    expect(formatCount(100)).toBe('99+');
    expect(formatHeat(9_999_999)).toBe('9999999');
    expect(formatHeat(10_000_000)).toBe('9999999+');
  });

  it('marks news NEW under one day old only', () => {
    expect(isNew(new Date(now - 3_600_000).toISOString(), now)).toBe(true);
    expect(isNew(new Date(now - 86_400_000 + 1000).toISOString(), now)).toBe(true);
    expect(isNew(new Date(now - 86_400_000).toISOString(), now)).toBe(false);
    expect(isNew(new Date(now + 60_000).toISOString(), now)).toBe(false);
  });

  it('shows 今天, 昨天 or month-day, from create_time for OfficialAccount else releaseTime', () => {
    // Days on the tenant's clock (Asia/Shanghai by default).
    expect(dayLabel('2026-11-23T00:05:00+08:00', now).text).toBe('今天');
    expect(dayLabel('2026-11-22T23:59:00+08:00', now).text).toBe('昨天');
    expect(dayLabel('2026-11-21T12:00:00+08:00', now).text).toBe('11-21');
    // An item of 02:06 Beijing time (18:06 UTC the day before) is "today" at 09:00 Beijing time, not "yesterday".
    expect(dayLabel('2026-11-23T18:06:00Z', Date.parse('2026-11-24T01:00:00Z')).key).toBe('today');
    const item = { releaseTime: '2026-01-02T00:00:00Z', create_time: '2026-03-04T00:00:00Z' };
    expect(announcementTime(item, 'OfficialAccount')).toBe(item.create_time);
    expect(announcementTime(item, 'announcement')).toBe(item.releaseTime);
  });

  it("names today and yesterday on the tenant's clock across months, not the UTC day (ADR 0077)", () => {
    setVisitorTimeZone('America/New_York');
    // 23:30 on 30 November in New York is 04:30 UTC on 1 December.
    const now = Date.parse('2026-12-01T04:30:00Z');
    expect(dayLabel('2026-12-01T04:00:00Z', now)).toEqual({ key: 'today', text: '今天' });
    expect(dayLabel('2026-11-30T04:00:00Z', now)).toEqual({ key: 'yesterday', text: '昨天' });
    expect(dayLabel('2026-11-29T04:00:00Z', now)).toEqual({ key: null, text: '11-28' });
    setVisitorTimeZone('Asia/Shanghai');
    expect(dayLabel('2026-12-01T04:00:00Z', now)).toEqual({ key: 'today', text: '今天' });
    expect(dayLabel('2026-11-30T15:59:00Z', now)).toEqual({ key: 'yesterday', text: '昨天' });
    setVisitorTimeZone(null);
  });

  it('limits items to 6/12/18 wide and 5/10/15 narrow by display rows', () => {
    expect([1, 2, 3].map((r) => itemLimit(r, 'same'))).toEqual([6, 12, 18]);
    expect([1, 2, 3].map((r) => itemLimit(r, 'separate'))).toEqual([5, 10, 15]);
    expect(itemLimit(9, 'same')).toBe(18);
    expect(itemLimit(0, 'separate')).toBe(5);
  });

  it('gives the preview sizes of 2.5', () => {
    expect(previewCardStyle('same')).toEqual({ width: 657 });
    expect(previewCardStyle('separate')).toEqual({ marginRight: 16 });
    expect(toolsBodyHeight(3)).toBe(258);
    expect(toolsBodyHeight(2)).toBe(180);
    expect(toolsBodyHeight(1)).toBe(180);
    expect(toolsTabMaxWidth('same')).toBe(521);
    expect(toolsTabMaxWidth('separate')).toBe(741);
    expect(sidebarHeight('commonTools', 3)).toBe(503);
    expect(sidebarHeight('commonUse', 1)).toBe(538);
    expect(sidebarHeight('campusNews', 2)).toBe(77 * 2 + 3 * 2 + 175);
  });

  it('splits common use into 3 (wide) or 2 (narrow) big items plus up to 3 small, and recommend into 3 highlighted', () => {
    const list = Array.from({ length: 9 }, (_, i) => svc(i));
    expect(splitCommonUse(list, 'same').big).toHaveLength(3);
    expect(splitCommonUse(list, 'same').small.map((s) => s.serviceId)).toEqual(['3', '4', '5']);
    expect(splitCommonUse(list, 'separate').big).toHaveLength(2);
    expect(splitCommonUse(list.slice(0, 3), 'separate').small).toHaveLength(1);
    expect(splitRecommend(list).top).toHaveLength(3);
    expect(splitRecommend(list).rest).toHaveLength(6);
  });

  it('sends built-in navigation to its route and custom items to their configPath', () => {
    expect(navigationTarget({ isBuilt: 1, configPath: 'serviceHall', embedded: false })).toEqual({
      kind: 'route',
      to: '/home/serviceHall',
    });
    expect(navigationTarget({ isBuilt: 2, configPath: 'https://lib.demo.edu.cn', embedded: true })).toEqual({
      kind: 'embedded',
      to: '/home/navIfram?url=https%3A%2F%2Flib.demo.edu.cn',
    });
    expect(navigationTarget({ isBuilt: 2, configPath: 'https://lib.demo.edu.cn', embedded: false })).toEqual({
      kind: 'tab',
      to: 'https://lib.demo.edu.cn',
    });
  });

  it('greets by the time of day and picks the nearest coming holiday', () => {
    expect([6, 11, 14, 20, 2].map(greetingKey)).toEqual(['morning', 'noon', 'afternoon', 'evening', 'evening']);
    expect(
      nextHoliday([
        { name: '寒假', daysLeft: 40 },
        { name: '元旦', daysLeft: 24 },
      ])?.name,
    ).toBe('元旦');
    expect(nextHoliday([{ name: '元旦', daysLeft: 0 }])?.daysLeft).toBe(0);
    expect(nextHoliday([])).toBeNull();
  });

  it("links a card's other information only to http(s) urls and paths of this site", () => {
    expect(otherInfoLink('https://news.demo.edu.cn')).toBe('https://news.demo.edu.cn');
    expect(otherInfoLink('/home/serviceHall')).toBe('/home/serviceHall');
    for (const v of ['javascript:alert(1)', '//evil.example', '校长办公室', 'https://a b'])
      expect(otherInfoLink(v), v).toBeNull();
  });
});

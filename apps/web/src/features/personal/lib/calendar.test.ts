import type { CalendarEvent, SchoolCalendar } from '@portal/contracts/personal';
import { describe, expect, it } from 'vitest';
import { currentWeekOf, isWebUrl, localToday, semesterWeeks, splitDuration } from './calendar.ts';

const semesters: SchoolCalendar['semesters'] = [
  {
    id: 's1',
    schoolYear: '2026-2027',
    term: 1,
    name: '2026-2027学年第一学期',
    startDate: '2026-09-07',
    endDate: '2027-01-17',
    weeks: 19,
  },
  {
    id: 's2',
    schoolYear: '2026-2027',
    term: 2,
    name: '2026-2027学年第二学期',
    startDate: '2027-02-22',
    endDate: '2027-07-04',
    weeks: 19,
  },
];
const events: CalendarEvent[] = [
  { id: 'e1', name: '国庆节', kind: 'holiday', startDate: '2026-10-01', endDate: '2026-10-07' },
  { id: 'e2', name: '元旦', kind: 'holiday', startDate: '2027-01-01', endDate: '2027-01-03' },
];

describe('current week', () => {
  it('finds the semester and teaching week of a date', () => {
    expect(currentWeekOf({ semesters }, '2026-09-07')).toEqual({ semester: semesters[0], week: 1 });
    expect(currentWeekOf({ semesters }, '2026-11-23')?.week).toBe(12);
    expect(currentWeekOf({ semesters }, '2026-11-22')?.week).toBe(11);
    expect(currentWeekOf({ semesters }, '2027-03-01')).toEqual({ semester: semesters[1], week: 2 });
  });
  it('has none in a vacation or outside every semester', () => {
    expect(currentWeekOf({ semesters }, '2027-02-01')).toBeNull();
    expect(currentWeekOf({ semesters }, '2026-08-31')).toBeNull();
    expect(currentWeekOf({ semesters: [] }, '2026-11-23')).toBeNull();
  });
  it("reads today from the tenant's clock (Asia/Shanghai by default), not the browser's", () => {
    expect(localToday(new Date('2026-11-23T23:59:00+08:00'))).toBe('2026-11-23');
    expect(localToday(new Date('2026-11-23T16:30:00Z'))).toBe('2026-11-24');
    expect(localToday(new Date('2027-01-05T00:00:00+08:00'))).toBe('2027-01-05');
  });
});

describe('semester weeks', () => {
  it('lists Monday-to-Sunday weeks with the events that touch them', () => {
    const weeks = semesterWeeks(semesters[0]!, events);
    expect(weeks).toHaveLength(19);
    expect(weeks[0]).toEqual({ week: 1, startDate: '2026-09-07', endDate: '2026-09-13', events: [] });
    expect(weeks[3]!.events.map((e) => e.name)).toEqual(['国庆节']); // 09-28 … 10-04
    expect(weeks[4]!.events.map((e) => e.name)).toEqual(['国庆节']); // 10-05 … 10-11
    expect(weeks[16]!.events.map((e) => e.name)).toEqual(['元旦']); // 12-28 … 01-03
    expect(weeks[18]).toEqual(expect.objectContaining({ week: 19, startDate: '2027-01-11', endDate: '2027-01-17' }));
  });
  it('clips a first week that starts mid-week', () => {
    const weeks = semesterWeeks({ startDate: '2026-09-09', endDate: '2026-09-20' }, []);
    expect(weeks.map((w) => [w.startDate, w.endDate])).toEqual([
      ['2026-09-09', '2026-09-13'],
      ['2026-09-14', '2026-09-20'],
    ]);
    expect(semesterWeeks({ startDate: '2026-09-20', endDate: '2026-09-09' }, [])).toEqual([]);
  });
});

describe('helpers', () => {
  it('splits a duration', () => {
    expect(splitDuration(3725)).toEqual({ hours: 1, minutes: 2, seconds: 5 });
    expect(splitDuration(-5)).toEqual({ hours: 0, minutes: 0, seconds: 0 });
  });
  it('accepts only web links', () => {
    expect(isWebUrl('https://jw.demo.edu.cn/')).toBe(true);
    expect(isWebUrl('javascript:alert(1)')).toBe(false);
    expect(isWebUrl('not a url')).toBe(false);
  });
});

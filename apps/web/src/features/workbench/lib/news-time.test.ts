import { afterEach, describe, expect, it } from 'vitest';
import { setVisitorTimeZone } from '../../../lib/time-zone.ts';
import { fromPickerTime, toPickerTime } from './news-time.ts';

describe('release times on the tenant clock (issue 16)', () => {
  afterEach(() => setVisitorTimeZone(null));

  it('shows and reads 02:06 Beijing time whatever the browser zone', () => {
    const picked = toPickerTime('2026-01-01T18:06:00.000Z');
    expect(picked.format('YYYY-MM-DD HH:mm')).toBe('2026-01-02 02:06');
    expect(fromPickerTime(picked)).toBe('2026-01-01T18:06:00.000Z');
  });

  it("follows another tenant's zone", () => {
    setVisitorTimeZone('Europe/London');
    expect(toPickerTime('2026-07-01T09:30:00.000Z').format('HH:mm')).toBe('10:30');
    expect(fromPickerTime(toPickerTime('2026-07-01T09:30:00.000Z'))).toBe('2026-07-01T09:30:00.000Z');
  });
});

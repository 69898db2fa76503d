import { afterEach, describe, expect, it } from 'vitest';
import { isGuarded, isRepeatClick, resetClickGuard } from './click-guard.ts';

afterEach(resetClickGuard);

describe('repeat-click guard (section 9: blocks 800 ms)', () => {
  it('ignores the same action again within 800 ms and accepts it after', () => {
    expect(isRepeatClick('open:s1', 0)).toBe(false);
    expect(isRepeatClick('open:s1', 799)).toBe(true);
    // The ignored tap does not extend the window.
    expect(isRepeatClick('open:s1', 800)).toBe(false);
  });

  it('keeps actions apart by key', () => {
    expect(isRepeatClick('open:s1', 0)).toBe(false);
    expect(isRepeatClick('open:s2', 10)).toBe(false);
    expect(isRepeatClick('collect:s1', 20)).toBe(false);
  });

  it('forgets old actions, keeping recent ones', () => {
    for (let i = 0; i < 150; i++) isRepeatClick(`k${i}`, i * 1000);
    expect(isRepeatClick('k149', 149_500)).toBe(true);
    expect(isRepeatClick('k0', 149_500)).toBe(false);
  });

  it('says whether an action still guards the page, without recording one', () => {
    expect(isGuarded('login:submit', 0)).toBe(false);
    expect(isRepeatClick('login:submit', 0)).toBe(false);
    expect(isGuarded('login:submit', 799)).toBe(true);
    expect(isGuarded('login:submit', 800)).toBe(false);
    expect(isRepeatClick('login:submit', 800)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { clickGuard } from './click-guard.ts';

describe('repeat-click guard (section 9: blocks 800 ms)', () => {
  it('ignores a second click within 800 ms and accepts one after', () => {
    let t = 0;
    const hits: number[] = [];
    const onClick = clickGuard(
      (n: number) => hits.push(n),
      () => t,
    );
    onClick(1);
    t = 799;
    onClick(2);
    t = 800;
    onClick(3);
    expect(hits).toEqual([1, 3]);
  });
});

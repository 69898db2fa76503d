import { NavigationSubmit, PreLoginConfig } from '@portal/contracts/workbench';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { maxLengthOf } from './form-limits.ts';

describe('form limits from the contracts (issue 15)', () => {
  it("reads a field's maximum through optional, default, nullable, refinements and pipes", () => {
    expect(maxLengthOf(PreLoginConfig.shape.subtitle)).toBe(200);
    expect(maxLengthOf(NavigationSubmit.shape.navigationName)).toBe(20);
    expect(maxLengthOf(NavigationSubmit.shape.id)).toBe(64);
    expect(maxLengthOf(z.string().max(9).nullable().default(null))).toBe(9);
    expect(
      maxLengthOf(
        z
          .string()
          .max(7)
          .transform((s) => s.trim()),
      ),
    ).toBe(7);
  });

  it('throws for a field without a maximum, so a form cannot silently lose its limit', () => {
    expect(() => maxLengthOf(z.string())).toThrow(/no maximum/);
  });
});

import { LdapSettings } from '@portal/contracts/identity';
import { NavigationSubmit, PreLoginConfig, ServiceSpecialSubmit, TodoRemindSubmit } from '@portal/contracts/workbench';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { maxLengthOf, rangeOf } from './form-limits.ts';

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

  it("reads a number field's bounds through optional and default", () => {
    expect(rangeOf(LdapSettings.shape.timeoutMs)).toEqual({ min: 500, max: 30_000 });
    expect(rangeOf(ServiceSpecialSubmit.shape.sort)).toEqual({ min: 0, max: 9999 });
    expect(rangeOf(TodoRemindSubmit.shape.threshold)).toEqual({ min: 0, max: 1_000_000 });
    expect(rangeOf(z.number().int().min(1).nullable())).toEqual({ min: 1, max: Number.MAX_SAFE_INTEGER });
    expect(() => rangeOf(z.number())).toThrow(/no bounds/);
  });
});

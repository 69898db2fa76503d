import type { z } from 'zod';

type Inner = { _zod: { def: { innerType?: z.ZodType; in?: z.ZodType; schema?: z.ZodType } } };

/**
 * The most characters a contract's string field takes (its `.max()`), so a form's `maxLength` is the contract's and
 * never a number written again by hand (issue 15). Looks through optional, nullable, default, refinements and pipes.
 * Throws when the field has no maximum, so a changed contract cannot leave a form silently unlimited.
 */
export function maxLengthOf(schema: z.ZodType): number {
  let s: unknown = schema;
  for (let i = 0; i < 8 && s; i++) {
    const max = (s as { maxLength?: number | null }).maxLength;
    if (typeof max === 'number') return max;
    const def = (s as Inner)._zod.def;
    s = def.innerType ?? def.in ?? def.schema;
  }
  throw new Error('maxLengthOf: the field has no maximum length');
}

/**
 * The smallest and largest number a contract's number field takes (its `.min()` and `.max()`), for an InputNumber's
 * `min` and `max`. Looks through the same wrappers as maxLengthOf; throws when the field has neither bound.
 */
export function rangeOf(schema: z.ZodType): { min: number; max: number } {
  let s: unknown = schema;
  for (let i = 0; i < 8 && s; i++) {
    const n = s as { minValue?: number | null; maxValue?: number | null };
    if (n.minValue !== undefined || n.maxValue !== undefined) {
      // A bare number has ±Infinity, an integer ±MAX_SAFE_INTEGER: neither is a bound the contract set.
      const bound = (v: number | null | undefined) =>
        typeof v === 'number' && Math.abs(v) < Number.MAX_SAFE_INTEGER ? v : undefined;
      const min = bound(n.minValue);
      const max = bound(n.maxValue);
      if (min === undefined && max === undefined) break;
      return { min: min ?? Number.MIN_SAFE_INTEGER, max: max ?? Number.MAX_SAFE_INTEGER };
    }
    const def = (s as Inner)._zod.def;
    s = def.innerType ?? def.in ?? def.schema;
  }
  throw new Error('rangeOf: the field has no bounds');
}

/** The field `key` of an object schema. */
export function fieldOf<T extends z.ZodRawShape>(schema: z.ZodObject<T>, key: keyof T & string): z.ZodType {
  return schema.shape[key] as z.ZodType;
}

/**
 * A form rule holding a number within its bounds. Used instead of an InputNumber's own `min` and `max`, which rewrite
 * an out-of-range value on blur (99 rows becomes 3 without a word): the value stays as typed and the field says why it
 * cannot be saved. Without `message` the form's own range message names the field and its bounds.
 */
export function rangeRule(range: { min: number; max: number }, message?: string) {
  return { type: 'number' as const, min: range.min, max: range.max, ...(message ? { message } : {}) };
}

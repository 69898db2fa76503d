import './zod-setup.ts';
import { z } from 'zod';

/** The response envelope every call answers with (section 8): { status, msg, msgDetail, result }. */
export function envelope<T extends z.ZodType>(result: T) {
  return z.object({
    status: z.number().int(),
    msg: z.string(),
    msgDetail: z.string(),
    result,
  });
}

export const ErrorEnvelope = envelope(z.null());
export type Envelope<T> = { status: number; msg: string; msgDetail: string; result: T };

/**
 * A BladeX page, the `result` of every paged list: { records, total, size, current, pages }. One schema for all the
 * modules, so a page answers alike everywhere (the server builds it with platform/page.ts).
 */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    records: z.array(item),
    total: z.number().int(),
    size: z.number().int(),
    current: z.number().int(),
    pages: z.number().int(),
  });
}

/** Which page a paged list is asked for: page `current` (from 1) of `size` (at most 100), the first of 10 by default. */
export const PageRequest = z.object({
  // At most page 10,000, as the service lists: past it no list has anything, and 2^53 was taken as a page.
  current: z.coerce.number().int().min(1).max(10_000, '页码必须是1到10000的整数').default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
});

/** A page request whose body may be left out (first page of 10). */
export const OptionalPageRequest = PageRequest.nullish().transform((v) => v ?? PageRequest.parse({}));

/** A tenant id as the spec's calls send it ("000000"). */
export const TenantId = z
  .string()
  .trim()
  .min(1)
  .max(12)
  .regex(/^[0-9A-Za-z_-]+$/, '租户编号格式不正确');

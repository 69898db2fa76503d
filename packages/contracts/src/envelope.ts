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

/** A tenant id as the spec's calls send it ("000000"). */
export const TenantId = z
  .string()
  .trim()
  .min(1)
  .max(12)
  .regex(/^[0-9A-Za-z_-]+$/, '租户编号格式不正确');

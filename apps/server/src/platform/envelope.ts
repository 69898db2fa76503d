import { MESSAGES, STATUS_OK } from '@portal/contracts/errors';
import type { Envelope } from '@portal/contracts/envelope';

/** A successful answer in the spec's envelope. */
export function ok<T>(result: T, msg: string = MESSAGES.ok): Envelope<T> {
  return { status: STATUS_OK, msg, msgDetail: '', result };
}

/** A failed answer in the spec's envelope. */
export function fail(status: number, msg: string, msgDetail = ''): Envelope<null> {
  return { status, msg, msgDetail, result: null };
}

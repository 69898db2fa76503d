import {
  ACCEPTED_STATUSES,
  MESSAGES,
  STATUS_FAILURE,
  STATUS_NETWORK,
  STATUS_TIMEOUT,
  httpErrorMessage,
} from '@portal/contracts/errors';
import type { Envelope } from '@portal/contracts/envelope';

/** A failed call, as section 8 describes it: a status, the message to show, and its detail. */
export class HttpError extends Error {
  readonly status: number;
  readonly msg: string;
  readonly msgDetail: string;
  /** The HTTP status of the response, 0 when none arrived. */
  readonly httpStatus: number;

  constructor(status: number, msg: string, msgDetail = '', httpStatus = 0) {
    super(msg);
    this.name = 'HttpError';
    this.status = status;
    this.msg = msg;
    this.msgDetail = msgDetail;
    this.httpStatus = httpStatus;
  }
}

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return (
    !!body && typeof body === 'object' && 'status' in body && typeof (body as { status: unknown }).status === 'number'
  );
}

/**
 * Section 8: accepted statuses pass and yield the result; any other status becomes a failure with
 * status 8008 carrying the server's msg and msgDetail; a status in the whitelist rejects the call.
 */
export function normalizeEnvelope<T>(body: unknown, opts: { rejectStatuses?: readonly number[] } = {}): T {
  if (!isEnvelope(body)) throw new HttpError(STATUS_FAILURE, MESSAGES.defaultError, 'response is not an envelope');
  const { status } = body;
  const msg = body.msg || MESSAGES.defaultError;
  const msgDetail = body.msgDetail ?? '';
  if (opts.rejectStatuses?.includes(status)) throw new HttpError(status, msg, msgDetail);
  if (!(ACCEPTED_STATUSES as readonly number[]).includes(status)) throw new HttpError(STATUS_FAILURE, msg, msgDetail);
  return body.result as T;
}

/**
 * A response that is not a success: an envelope keeps the server's msg and msgDetail (its status
 * becomes 8008, 401 stays 401 for the session handler); a text body gives the E-FY{status}Q message.
 */
export function errorFromHttp(httpStatus: number, body: unknown): HttpError {
  if (isEnvelope(body)) {
    const status = httpStatus === 401 ? 401 : STATUS_FAILURE;
    return new HttpError(status, body.msg || MESSAGES.defaultError, body.msgDetail ?? '', httpStatus);
  }
  return new HttpError(
    httpStatus === 401 ? 401 : STATUS_FAILURE,
    httpErrorMessage(httpStatus),
    typeof body === 'string' ? body.slice(0, 500) : '',
    httpStatus,
  );
}

export const timeoutError = () => new HttpError(STATUS_TIMEOUT, MESSAGES.timeout);
export const networkError = (detail = '') => new HttpError(STATUS_NETWORK, MESSAGES.network, detail);

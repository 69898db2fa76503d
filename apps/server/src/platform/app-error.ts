import {
  MESSAGES,
  STATUS_BAD_REQUEST,
  STATUS_CONFLICT,
  STATUS_FORBIDDEN,
  STATUS_NOT_FOUND,
  STATUS_TOO_MANY,
  STATUS_UNAUTHORIZED,
} from '@portal/contracts/errors';

/*
 * The errors a user can act on, apart from the handler that sends them (errors.ts): an import's reader thread
 * (import-rows.worker.ts) throws them and loads neither Fastify's zod provider nor the envelope (issue 13).
 */

/** An error a user can act on: it becomes the envelope { status, msg, msgDetail } with the same HTTP status. */
export class AppError extends Error {
  readonly status: number;
  readonly detail: string;
  /** The HTTP status, when the envelope's is not one (section 8's 1002 of a signature fault goes out as 400). */
  readonly httpStatus: number;
  constructor(status: number, msg: string, detail = '', httpStatus = status) {
    super(msg);
    this.status = status;
    this.detail = detail;
    this.httpStatus = httpStatus;
  }
}

export const badRequest = (msg: string = MESSAGES.badRequest, detail = '') =>
  new AppError(STATUS_BAD_REQUEST, msg, detail);
export const unauthorized = (msg: string = MESSAGES.unauthorized, detail = '') =>
  new AppError(STATUS_UNAUTHORIZED, msg, detail);
export const forbidden = (msg: string = MESSAGES.forbidden, detail = '') => new AppError(STATUS_FORBIDDEN, msg, detail);
export const notFound = (msg: string = MESSAGES.notFound, detail = '') => new AppError(STATUS_NOT_FOUND, msg, detail);
export const conflict = (msg: string, detail = '') => new AppError(STATUS_CONFLICT, msg, detail);
export const tooMany = (msg: string, detail = '') => new AppError(STATUS_TOO_MANY, msg, detail);

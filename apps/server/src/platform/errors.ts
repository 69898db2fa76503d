import {
  MESSAGES,
  STATUS_BAD_REQUEST,
  STATUS_CONFLICT,
  STATUS_FORBIDDEN,
  STATUS_NOT_FOUND,
  STATUS_PAYLOAD_TOO_LARGE,
  STATUS_SERVER_ERROR,
} from '@portal/contracts/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from './app-error.ts';
import { fail } from './envelope.ts';

export { AppError, badRequest, conflict, forbidden, notFound, tooMany, unauthorized } from './app-error.ts';

/**
 * The one error handler: validation errors, auth errors and unexpected faults map to the catalogue of
 * section 8; a stack trace never reaches the client.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.httpStatus).send(fail(error.status, error.message, error.detail));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => {
        const where = [error.validationContext, v.instancePath?.replace(/^\//, '').replaceAll('/', '.')]
          .filter(Boolean)
          .join('.');
        return `${where}: ${v.message}`;
      });
      const first = error.validation[0]?.message;
      const msg = first && /[\u4e00-\u9fa5]/.test(first) ? first : MESSAGES.badRequest;
      return reply.status(STATUS_BAD_REQUEST).send(fail(STATUS_BAD_REQUEST, msg, issues.join('; ')));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its contract');
      return reply.status(STATUS_SERVER_ERROR).send(fail(STATUS_SERVER_ERROR, MESSAGES.defaultError));
    }
    const code = error.code ?? '';
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
      return reply.status(STATUS_PAYLOAD_TOO_LARGE).send(fail(STATUS_PAYLOAD_TOO_LARGE, '请求内容过大'));
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      // An upload sent as something else than multipart/form-data: the media type, not content negotiation (the
      // multipart plugin says 406).
      return reply.status(415).send(fail(415, MESSAGES.badRequest, error.message));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, unsupported media type, empty body and the like: the client's mistake.
      return reply.status(error.statusCode).send(fail(error.statusCode, MESSAGES.badRequest, error.message));
    }
    request.log.error({ err: error }, 'unexpected fault');
    return reply.status(STATUS_SERVER_ERROR).send(fail(STATUS_SERVER_ERROR, MESSAGES.defaultError));
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(STATUS_NOT_FOUND)
      .send(fail(STATUS_NOT_FOUND, MESSAGES.notFound, `${request.method} ${request.url.split('?')[0]}`));
  });
}

export { STATUS_CONFLICT, STATUS_FORBIDDEN };

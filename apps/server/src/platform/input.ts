import { MESSAGES } from '@portal/contracts/errors';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

/** True when a string anywhere in a parsed value (params, query, JSON body) holds a NUL character. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => holdsNul(v, depth + 1));
  return Object.entries(value as Record<string, unknown>).some(([k, v]) => k.includes('\u0000') || holdsNul(v, depth + 1));
}

/**
 * Input no route can use is refused at the edge, before authentication and the contract schemas: a NUL
 * character in a path parameter, the query or a JSON body. PostgreSQL cannot store one in text, so without
 * this it would fail deep in a query as a 500 on one engine and pass on the other.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) throw badRequest(MESSAGES.controlCharacters, 'NUL character in the request');
  });
}

import { MESSAGES } from '@portal/contracts/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';

/** True when a string anywhere in a parsed value (params, query, JSON body) holds a NUL character. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => holdsNul(v, depth + 1));
  return Object.entries(value as Record<string, unknown>).some(
    ([k, v]) => k.includes('\u0000') || holdsNul(v, depth + 1),
  );
}

/** C0 control characters and DEL: never part of a file or field name a person typed. */
const CONTROL = /[\u0000-\u001f\u007f]/;

/** RFC 2046: a boundary of 1 to 70 characters, quoted or not. */
const BOUNDARY = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))\s*(?:;|$)/i;

type Part = {
  type?: string;
  fieldname?: string;
  filename?: string;
  value?: unknown;
  fields?: Record<string, unknown>;
  file?: { resume: () => void };
};

/** Refuses a multipart part whose file name, field name or field value holds a control character (PostgreSQL stores no NUL). */
function checkPart(part: Part | undefined): void {
  if (!part) return;
  const bad = (s: unknown) => typeof s === 'string' && CONTROL.test(s);
  const fields = Object.values(part.fields ?? {}).flatMap((f) => (Array.isArray(f) ? f : [f])) as Part[];
  const values = fields.filter((f) => f && f.type === 'field').map((f) => f.value);
  if (bad(part.filename) || bad(part.fieldname) || values.some((v) => typeof v === 'string' && v.includes('\u0000'))) {
    part.file?.resume();
    throw badRequest(MESSAGES.controlCharacters, 'control character in a multipart file or field name');
  }
}

type MultipartRequest = Pick<FastifyRequest, 'headers'> & {
  isMultipart?: () => boolean;
  file: (...args: unknown[]) => Promise<Part | undefined>;
  files: (...args: unknown[]) => AsyncIterableIterator<Part>;
  parts: (...args: unknown[]) => AsyncIterableIterator<Part>;
};

/**
 * Multipart bodies are parsed lazily inside the handlers (by @fastify/multipart), so their framing is checked
 * here: the boundary must be there, and every part the handler reads is checked for control characters
 * before the handler sees it.
 */
function guardMultipart(request: MultipartRequest): void {
  const type = request.headers['content-type'] ?? '';
  if (!/^multipart\//i.test(type)) return;
  if (!BOUNDARY.test(type)) throw badRequest(MESSAGES.badRequest, 'multipart body without a boundary');
  if (typeof request.isMultipart !== 'function' || !request.isMultipart()) return;
  const { file, files, parts } = request;
  request.file = async (...args) => {
    const part = await file.apply(request, args);
    checkPart(part);
    return part;
  };
  const checked = (source: (...args: unknown[]) => AsyncIterableIterator<Part>) =>
    async function* (...args: unknown[]) {
      for await (const part of source.apply(request, args)) {
        checkPart(part);
        yield part;
      }
    };
  request.files = checked(files);
  request.parts = checked(parts);
}

/**
 * Input no route can use is refused at the edge, before authentication and the contract schemas: a NUL
 * character in a path parameter, the query or a JSON body, and a multipart body without a boundary or with a
 * control character in a file or field name. PostgreSQL cannot store a NUL in text, so without this it would
 * fail deep in a query as a 500 on one engine and pass on the other.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body))
      throw badRequest(MESSAGES.controlCharacters, 'NUL character in the request');
    guardMultipart(request as unknown as MultipartRequest);
  });
}

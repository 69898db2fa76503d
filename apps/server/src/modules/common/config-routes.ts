import { envelope } from '@portal/contracts/envelope';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { userOf, type Access, type App, type MenuRequirement, type RequestContext } from '../../platform/http.ts';

/** Who may call a route: a configuration menu (section 6; a 'user' route) or an access kind. */
export type RouteGuard = { menu: MenuRequirement } | { access: Access };

export type CallSpec<B extends z.ZodType, R extends z.ZodType> = {
  summary: string;
  body: B;
  /** The `result` of the envelope. */
  result: R;
  /** Only when it differs from the group's guard. */
  guard?: RouteGuard;
};

/**
 * The POST calls of one group of routes of a module, declared one line of substance each (issue 15: the cards,
 * navigation and calendar-specials route files repeated the same dozen lines per call). `post(path, spec, handler)`
 * registers `${prefix}/${path}` with the group's tags and guard (`config.menu`, checked by one hook before
 * validation), the body schema and the envelope of the result schema; the handler gets the caller and the parsed
 * body and returns the result, which the helper wraps in the envelope.
 */
export function postCalls(app: App, group: { prefix: string; tags: string[]; guard: RouteGuard }) {
  return function post<B extends z.ZodType, R extends z.ZodType>(
    path: string,
    spec: CallSpec<B, R>,
    handler: (caller: RequestContext, body: z.output<B>) => Promise<z.input<R>>,
  ): void {
    const config: { access?: Access; menu?: MenuRequirement } = spec.guard ?? group.guard;
    // The app's zod compilers validate the body and serialise the result; the types are the handler's.
    app.post(
      `${group.prefix}/${path}`,
      {
        config,
        schema: {
          tags: group.tags,
          summary: spec.summary,
          body: spec.body,
          response: { 200: envelope(spec.result) },
        },
      },
      async (q: FastifyRequest) => ok(await handler(userOf(q), q.body as z.output<B>)),
    );
  };
}

import { MESSAGES } from '@portal/contracts/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RawBuilder } from 'kysely';
import type { Config } from '../config.ts';
import type { Db, Engine } from '../db/create-db.ts';
import { badRequest } from './errors.ts';

/** The path groups of section 7, plus BladeX's auth and user groups. */
export const GROUPS = {
  platform: '/api/blade-platform',
  workbench: '/api/blade-workbench',
  osp: '/api/online-service-platform',
  cygj: '/api/comb-cygj',
  auth: '/api/blade-auth',
  user: '/api/blade-user',
} as const;

/**
 * Who may call a route (every /api route declares it: `config.access`, `config.menu`, or a /nobody/ path; a test
 * walks the registered routes):
 * - 'user' (default): a valid access token; every query is scoped to the token's tenant.
 * - 'public': no token; the tenant comes from the tenantId parameter (the spec's `nobody` routes).
 * - 'optional': a token when one is sent, else a tenantId parameter (read-only data the landing page needs).
 * Routes whose path contains /nobody/ are 'public' unless they say otherwise.
 */
export type Access = 'user' | 'public' | 'optional';

/**
 * The configuration menu a route needs (spec 2.2 and 6, on the server): one menu's name, any of several, any
 * configuration menu at all ('any'), or one chosen from the request's path parameters. A route with a menu is a
 * 'user' route; the check runs in one preValidation hook (platform/auth.ts), before the body is validated.
 */
export type MenuNeed = string | { anyOf: readonly string[] };
export type MenuRequirement = MenuNeed | 'any' | ((request: FastifyRequest) => MenuNeed);

export type RequestContext = {
  tenantId: string;
  userId: string;
  account: string;
  userName: string;
  nickName: string;
  roleId: string;
  roleType: string;
  sessionId: string;
};

/**
 * Values a route reads in the same statement as its caller's session lookup, or its visitor's tenant check
 * (platform/auth.ts): one statement per request instead of one per value, on PostgreSQL one round trip instead
 * of several (issue 13, ADR 0043). Every value is still read from the database by each request, in the same
 * snapshot as the session: nothing is kept between requests.
 */
export type AlongReads = {
  /**
   * Select-list columns to add. `tenant` and `user` are the row's tenant id and user id columns; `user` is null on
   * a visitor's tenant check. The columns' names must not be those of the session's own columns.
   */
  columns: (engine: Engine, tenant: RawBuilder<string>, user: RawBuilder<string> | null) => RawBuilder<unknown>;
  /** What the request keeps (request.along) of the row, which holds the added columns. */
  read: (row: Record<string, unknown>, visitor: boolean) => unknown;
};

export type AppDeps = {
  db: Db;
  engine: Engine;
  config: Config;
  hashToken: (token: string) => string;
  /** Where files live (FILE_STORE): DATA_DIR/files or chunks in the database (platform/file-store.ts, ADR 0020). */
  files: import('./file-store.ts').FileStore;
  /** Prometheus metrics (METRICS_TOKEN set), where a module adds its gauges (platform/metrics.ts); none when off. */
  metrics?: import('./metrics.ts').Metrics;
  /** LISTEN on the database (PostgreSQL only): what another process, such as the operator's command, tells the nodes. */
  listen?: import('../db/pg-listen.ts').Listen;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    menu?: MenuRequirement;
    /**
     * Administrators only: anyone else is refused (403, this message) before the body is validated, so a student
     * learns nothing of the route's input. The handler's own check stays.
     */
    admin?: string;
    /** Values read in the statement that checks the caller (AlongReads). */
    along?: AlongReads;
  }
  interface FastifyRequest {
    /** The authenticated user, or null on a public route called without a token. */
    ctx: RequestContext | null;
    /** The tenant every query of this request is scoped to (token's tenant, or the public tenantId). */
    tenantId: string | null;
    /** What the route's `config.along` read with the session or tenant check; null when it has none. */
    along: unknown;
  }
  interface FastifyInstance {
    deps: AppDeps;
    /** How every registered route declares who may call it (platform/auth.ts). */
    accessDeclarations: import('./auth.ts').AccessDeclaration[];
  }
}

export type App = FastifyInstance;
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/** The authenticated user of a 'user' route (the auth hook has already refused anonymous calls). */
export function userOf(request: FastifyRequest): RequestContext {
  if (!request.ctx) throw new Error('userOf() on a route without authentication');
  return request.ctx;
}

/**
 * The tenant of the request: the token's, or the validated tenantId of a public call. A public call that
 * named no tenant (query, body or Tenant-Id header) is the caller's mistake: 400 缺少租户编号 tenantId.
 */
export function tenantOf(request: FastifyRequest): string {
  if (!request.tenantId) throw badRequest(MESSAGES.missingTenant);
  return request.tenantId;
}

import { DEFAULT_TENANT_ID, SESSION_MAX_SECONDS_DEFAULT } from '@portal/contracts/constants';
import { TenantId } from '@portal/contracts/envelope';
import { MESSAGES, MESSAGES_EN_US } from '@portal/contracts/errors';
import { CONFIGURATION_MENUS } from '@portal/contracts/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { nowIso } from '../db/sql-helpers.ts';
import { forbidden, unauthorized, badRequest } from './errors.ts';
import type { Access, AlongReads, MenuRequirement, RequestContext } from './http.ts';

/** Reads the bearer token: `Authorization: Bearer …`, BladeX's `Blade-Auth: bearer …`, or an `access-token` header. */
export function bearerToken(request: FastifyRequest): string | null {
  for (const name of ['authorization', 'blade-auth']) {
    const v = request.headers[name];
    if (typeof v === 'string') {
      const m = /^bearer\s+(\S+)$/i.exec(v.trim());
      if (m) return m[1]!;
    }
  }
  const h = request.headers['access-token'];
  return typeof h === 'string' && h.trim() ? h.trim() : null;
}

/** A tenantId the caller named: query, body or the Tenant-Id header. */
export function requestedTenant(request: FastifyRequest): string | null {
  const pick = (o: unknown) =>
    o && typeof o === 'object' && 'tenantId' in o && typeof (o as { tenantId: unknown }).tenantId === 'string'
      ? (o as { tenantId: string }).tenantId.trim() || null
      : null;
  const header = request.headers['tenant-id'];
  return (
    pick(request.query) ?? pick(request.body) ?? (typeof header === 'string' && header.trim() ? header.trim() : null)
  );
}

/**
 * Looks up the session of an access token; null when unknown, revoked or expired, or when its user or its tenant is
 * disabled (the operator's `npm run tenant -- deactivate…` also ends their sessions). Every authenticated request runs
 * it, so it is one SQL text written out (the same on SQLite and PostgreSQL, a prepared statement the driver reuses)
 * instead of a query built by Kysely per call: building it was most of the lookup's cost (issue 13).
 */
export async function findSessionUser(app: FastifyInstance, token: string): Promise<RequestContext | null> {
  return (await sessionOf(app, token))?.ctx ?? null;
}

/**
 * The session of a token and, in the same statement, the values a route reads along with it (AlongReads: one
 * statement, on PostgreSQL one round trip, for the session and what the route needs; ADR 0043).
 */
async function sessionOf(
  app: FastifyInstance,
  token: string,
  along?: AlongReads,
): Promise<{ ctx: RequestContext; along: unknown } | null> {
  const { db, hashToken, engine } = app.deps;
  const now = nowIso();
  const hash = hashToken(token);
  // The absolute session lifetime (SESSION_MAX_HOURS): a session that old ends however active it was.
  const bornAfter = nowIso(Date.now() - (app.deps.config.sessionMaxSeconds ?? SESSION_MAX_SECONDS_DEFAULT) * 1000);
  const extra = along ? sql`, ${along.columns(engine, sql.ref('s.tenant_id'), sql.ref('u.id'))}` : sql``;
  // Kept prepared by name on PostgreSQL (PREPARED_MARK, create-db.ts): planning it cost more than running it.
  const { rows } = await sql<RequestContext & Record<string, unknown>>`/* prepared */
    select s.id as "sessionId", s.tenant_id as "tenantId", u.id as "userId", u.account as "account",
      u.user_name as "userName", u.nick_name as "nickName", u.role_id as "roleId", r.role_type as "roleType"${extra}
    from sessions s
    inner join users u on u.id = s.user_id
    inner join roles r on r.id = u.role_id
    inner join tenants t on t.tenant_id = s.tenant_id
    where (s.access_token_hash = ${hash} or (s.previous_access_hash = ${hash} and s.previous_access_until > ${now}))
      and s.revoked_at is null
      and s.access_expires_at > ${now}
      and s.expires_at > ${now}
      and s.created_at > ${bornAfter}
      and u.status = 1
      and t.status = 1
    limit 1`.execute(db);
  const row = rows[0];
  if (!row) return null;
  const ctx: RequestContext = {
    sessionId: row.sessionId,
    tenantId: row.tenantId,
    userId: row.userId,
    account: row.account,
    userName: row.userName,
    nickName: row.nickName,
    roleId: row.roleId,
    roleType: row.roleType,
  };
  return { ctx, along: along?.read(row, false) };
}

function accessOf(request: FastifyRequest): Access {
  const configured = request.routeOptions.config?.access;
  if (configured) return configured;
  return (request.routeOptions.url ?? '').includes('/nobody/') ? 'public' : 'user';
}

/** How a registered route says who may call it; null when it does not (a test refuses such a route). */
export type AccessDeclaration = {
  method: string;
  url: string;
  access: Access | null;
  menu: MenuRequirement | null;
  /** The refusal of a route for administrators only (`config.admin`), else null. */
  admin: string | null;
  byPath: boolean;
};

export function accessDeclared(d: AccessDeclaration): boolean {
  return d.access !== null || d.menu !== null || d.byPath;
}

/** The menu names a role holds in its tenant. */
async function menuNamesOf(app: FastifyInstance, tenantId: string, roleId: string): Promise<Set<string>> {
  const rows = await app.deps.db
    .selectFrom('role_menus')
    .where('tenant_id', '=', tenantId)
    .where('role_id', '=', roleId)
    .select('menu_name')
    .execute();
  return new Set(rows.map((r) => r.menu_name));
}

async function requireRouteMenu(
  app: FastifyInstance,
  request: FastifyRequest,
  ctx: RequestContext,
  requirement: MenuRequirement,
): Promise<void> {
  const need = typeof requirement === 'function' ? requirement(request) : requirement;
  const held = await menuNamesOf(app, ctx.tenantId, ctx.roleId);
  const names =
    need === 'any' ? CONFIGURATION_MENUS.map((m) => m.name) : typeof need === 'string' ? [need] : need.anyOf;
  if (!names.some((n) => held.has(n)))
    throw forbidden(MESSAGES.forbidden, `configurationMenu ${need === 'any' ? 'any' : names.join('|')}`);
}

/**
 * Authentication and tenant scoping for every route, before validation:
 * a 'user' route needs a valid token; a public one needs a known tenant; a tenantId that names
 * another tenant than the token's is refused.
 */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('ctx', null);
  app.decorateRequest('tenantId', null);
  app.decorateRequest('along', null);

  // Every route's declaration, for the test that walks them; a menu route is a 'user' route by definition.
  const declarations: AccessDeclaration[] = [];
  app.decorate('accessDeclarations', declarations);
  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as { access?: Access; menu?: MenuRequirement; admin?: string };
    if (config.menu && config.access && config.access !== 'user')
      throw new Error(`${route.url}: a route with a menu is a 'user' route, not '${config.access}'`);
    if (config.admin && config.access !== 'user' && !config.menu)
      throw new Error(`${route.url}: a route for administrators is a 'user' route`);
    for (const method of [route.method].flat()) {
      declarations.push({
        method,
        url: route.url,
        access: config.access ?? null,
        menu: config.menu ?? null,
        admin: config.admin ?? null,
        byPath: route.url.includes('/nobody/'),
      });
    }
  });

  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    const access = accessOf(request);
    const token = bearerToken(request);
    const asked = requestedTenant(request);

    if (token && access !== 'public') {
      const found = await sessionOf(app, token, request.routeOptions.config?.along);
      if (!found) throw unauthorized();
      const ctx = found.ctx;
      request.along = found.along;
      if (asked && asked !== ctx.tenantId) throw forbidden(MESSAGES.wrongTenant, `tenantId ${asked}`);
      request.ctx = ctx;
      request.tenantId = ctx.tenantId;
      // Spec 2.2 and 6 on the server: the route's configuration menu, before the body is validated.
      const menu = request.routeOptions.config?.menu;
      if (menu) await requireRouteMenu(app, request, ctx, menu);
      const admin = request.routeOptions.config?.admin;
      if (admin && ctx.roleType !== 'admin') throw forbidden(admin, 'administrator only');
      return;
    }
    if (access === 'user') throw unauthorized();
    if (!asked) {
      // A public route that works without a tenant (login by token, ticket checks) resolves it itself.
      return;
    }
    const along = request.routeOptions.config?.along;
    const tenant = await enabledTenant(app, asked, along);
    request.tenantId = tenant.tenantId;
    if (along) request.along = tenant.along;
  });
}

/**
 * A visitor's tenant, or the refusal every public call of a tenant gets: 400 for a tenant that does not exist, 403
 * 该租户已停用 for one the operator disabled. For the routes that name the tenant in their path (an uploaded image)
 * as well as the tenant the query, body or header names (preValidation above).
 */
export async function enabledTenant(
  app: FastifyInstance,
  asked: string,
  along?: AlongReads,
): Promise<{ tenantId: string; along: unknown }> {
  // A tenant id that cannot exist is refused before it reaches the store (PostgreSQL rejects NUL bytes).
  if (!TenantId.safeParse(asked).success) throw badRequest(MESSAGES.unknownTenant, 'tenantId');
  const tenant = await visitorTenant(app, asked, along);
  if (tenant) return tenant;
  // Looked at only when refused: a tenant the operator disabled says so (its login page, its sign-in).
  if (await tenantExists(app, asked)) throw forbidden(MESSAGES.tenantDisabled, MESSAGES_EN_US.tenantDisabled);
  throw badRequest(MESSAGES.unknownTenant, `tenantId ${asked}`);
}

/**
 * The tenant of a page whose address names none (`/`, `/login`: their data, platform/web.ts): the server's DEFAULT_TENANT,
 * else the demo tenant, as the web app names it then (apps/web/src/lib/default-tenant.ts).
 */
export const defaultTenantOf = (app: FastifyInstance): string => app.deps.config.defaultTenant ?? DEFAULT_TENANT_ID;

/**
 * A visitor's tenant check: the tenant when it exists and is enabled, else null, with what `along` reads in the same
 * statement (AlongReads, ADR 0043). Every visitor's call makes it (one SQL text written out, not a Kysely query built
 * per call: issue 13), and so does `/`'s page for the data it carries (platform/web.ts, ADR 0053).
 */
export async function visitorTenant(
  app: FastifyInstance,
  tenantId: string,
  along?: AlongReads,
): Promise<{ tenantId: string; along: unknown } | null> {
  const extra = along ? sql`, ${along.columns(app.deps.engine, sql.ref('t.tenant_id'), null)}` : sql``;
  const { rows } = await sql<{
    tenant_id: string;
  }>`/* prepared */ select t.tenant_id${extra} from tenants t where t.tenant_id = ${tenantId} and t.status = 1`.execute(
    app.deps.db,
  );
  const tenant = rows[0];
  return tenant ? { tenantId: tenant.tenant_id, along: along ? along.read(tenant, true) : null } : null;
}

/** Whether a tenant of this id exists, enabled or not (a refused visitor's tenant: disabled, or none). */
async function tenantExists(app: FastifyInstance, tenantId: string): Promise<boolean> {
  return !!(await app.deps.db
    .selectFrom('tenants')
    .where('tenant_id', '=', tenantId)
    .select('tenant_id')
    .executeTakeFirst());
}

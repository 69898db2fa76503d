import { sql } from 'kysely';
import type { AlongReads } from '../../platform/http.ts';

/**
 * What a service-list request reads along with its caller's session or its visitor's tenant check (ADR 0043):
 * the tenant's catalogue version (ADR 0018), and for a user the ids of their favourites (at most FAVOURITES_MAX).
 * One statement instead of three (session, version, favourites among the page), so on PostgreSQL one round trip.
 * Both are read from the database by every request, in the session's snapshot: a change committed on any node
 * is seen by the next request, and a revoked session is refused as before.
 */
export type CatalogueRead = {
  /** The tenant's catalogue version when the request started (0 before its first change). */
  version: number;
  /** The user's favourite service ids; null for a visitor. */
  favourites: ReadonlySet<string> | null;
  /** The tenant's name, read by the landing index only (landingAlong). */
  tenantName?: string;
};

function favouriteIds(v: unknown): string[] {
  if (v == null) return []; // PostgreSQL's json_agg of no rows
  const ids: unknown = typeof v === 'string' ? JSON.parse(v) : v; // SQLite gives the JSON text, pg parses json
  return Array.isArray(ids) ? ids.map(String) : [];
}

export const catalogueAlong: AlongReads = {
  columns: (engine, tenant, user) => {
    const version = sql`(select cv.version from svc_catalogue_versions cv where cv.tenant_id = ${tenant}) as "catalogueVersion"`;
    if (!user) return version;
    const ids = engine === 'postgres' ? sql`json_agg(fv.service_id)` : sql`json_group_array(fv.service_id)`;
    return sql`${version}, (select ${ids} from svc_favourites fv where fv.tenant_id = ${tenant} and fv.user_id = ${user}) as "favouriteIds"`;
  },
  read: (row, visitor): CatalogueRead => ({
    version: Number(row.catalogueVersion ?? 0),
    favourites: visitor ? null : new Set(favouriteIds(row.favouriteIds)),
  }),
};

/**
 * The landing index's reads (ADR 0051): the catalogue's, and the tenant's name, so the whole first screen of a
 * visitor costs one statement before its prepared parts (the tenant check already reads the tenants row).
 */
export const landingAlong: AlongReads = {
  columns: (engine, tenant, user) =>
    sql`${catalogueAlong.columns(engine, tenant, user)}, (select tn.tenant_name from tenants tn where tn.tenant_id = ${tenant}) as "tenantName"`,
  read: (row, visitor): CatalogueRead => ({
    ...(catalogueAlong.read(row, visitor) as CatalogueRead),
    tenantName: String(row.tenantName ?? ''),
  }),
};

/** The catalogue read of a request whose route declares `config.along: catalogueAlong`; undefined otherwise. */
export function catalogueReadOf(along: unknown): CatalogueRead | undefined {
  return along && typeof along === 'object' && 'version' in along ? (along as CatalogueRead) : undefined;
}

import { sql } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import { nowIso } from '../../db/sql-helpers.ts';

/**
 * The catalogue's version per tenant (ADR 0018). Every change to what the service list, search or the
 * landing page shows (services, their roles and guides, groups, labels, landing configuration, tools,
 * navigation) calls `bumpCatalogue` inside the transaction that makes the change, so the new version is
 * visible exactly when the change is, on every node. Readers compare one cheap primary-key read
 * (`catalogueVersion`) with the version their prepared data was built at. Visits (clicks) are not catalogue
 * changes.
 */

/** How many change rows a tenant keeps; a node further behind than this rebuilds its search index. */
export const CHANGE_LOG_KEEP = 1000;

/** Every service of the tenant may have changed (a group renamed, a bulk change). */
export const WHOLE_CATALOGUE = '*';

/**
 * Raises the tenant's catalogue version and records which services changed; returns the new version. Call it
 * with the transaction of the change (`trx`).
 */
export async function bumpCatalogue(
  trx: Db,
  tenantId: string,
  serviceIds: readonly string[] | typeof WHOLE_CATALOGUE = [],
): Promise<number> {
  const now = nowIso();
  const row = await trx
    .insertInto('svc_catalogue_versions')
    .values({ tenant_id: tenantId, version: 1, updated_at: now })
    .onConflict((oc) =>
      oc
        .column('tenant_id')
        .doUpdateSet((eb) => ({ version: eb('svc_catalogue_versions.version', '+', 1), updated_at: now })),
    )
    .returning('version')
    .executeTakeFirstOrThrow();
  const version = Number(row.version);
  const ids = serviceIds === WHOLE_CATALOGUE ? WHOLE_CATALOGUE : JSON.stringify([...new Set(serviceIds)]);
  await trx
    .insertInto('svc_catalogue_changes')
    .values({ tenant_id: tenantId, version, service_ids: ids, created_at: now })
    .execute();
  if (version % 100 === 0) {
    await trx
      .deleteFrom('svc_catalogue_changes')
      .where('tenant_id', '=', tenantId)
      .where('version', '<=', version - CHANGE_LOG_KEEP)
      .execute();
  }
  return version;
}

/**
 * The tenant's current catalogue version (0 before its first change). Every prepared list reads it, so it is one
 * SQL text written out (a statement the driver keeps prepared) instead of a Kysely query built per call (issue 13).
 */
export async function catalogueVersion(db: Db, tenantId: string): Promise<number> {
  const { rows } = await sql<{
    version: number | string;
  }>`select version from svc_catalogue_versions where tenant_id = ${tenantId}`.execute(db);
  return Number(rows[0]?.version ?? 0);
}

/**
 * The services changed after version `since`, up to `until`: ids, or WHOLE_CATALOGUE when any change touched
 * the whole catalogue or the log no longer reaches back that far.
 */
export async function changedSince(
  db: Db,
  tenantId: string,
  since: number,
  until: number,
): Promise<string[] | typeof WHOLE_CATALOGUE> {
  if (until <= since) return [];
  const rows = await db
    .selectFrom('svc_catalogue_changes')
    .where('tenant_id', '=', tenantId)
    .where('version', '>', since)
    .where('version', '<=', until)
    .select(['version', 'service_ids'])
    .orderBy('version')
    .execute();
  if (rows.length < until - since) return WHOLE_CATALOGUE;
  const out = new Set<string>();
  for (const r of rows) {
    if (r.service_ids === WHOLE_CATALOGUE) return WHOLE_CATALOGUE;
    for (const id of JSON.parse(r.service_ids) as string[]) out.add(id);
  }
  return [...out];
}

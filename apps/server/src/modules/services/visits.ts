import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/create-db.ts';

/** Visit rows older than this are pruned; an hour's row is all the counting needs. */
const KEEP_HOURS = 48;

/**
 * Who is visiting, for counting visits: the user of a token, or for an anonymous visitor a keyed hash (the
 * server's secret, so no address can be read back) of the address and the user agent.
 */
export function visitorOf(request: FastifyRequest, hash: (s: string) => string): string {
  if (request.ctx) return `user:${request.ctx.userId}`;
  return `anon:${hash(`visitor\n${request.ip}\n${request.headers['user-agent'] ?? ''}`)}`;
}

/**
 * userClickVisitLog/clickService: a service's visit count rises at most once per visitor, service and UTC hour.
 * The visit row's primary key decides (insert-or-nothing), in the same transaction as the count, so the limit
 * holds under parallel clicks and across nodes sharing the database. A logged-in user's click is still logged
 * every time (their recently used services, 4.4); an anonymous one only when it counts, so the log stays bounded.
 * Returns whether this click counted.
 */
export async function recordVisit(
  db: Db,
  v: { tenantId: string; serviceId: string; userId: string | null; visitor: string; id: string; at: string },
): Promise<boolean> {
  const hour = v.at.slice(0, 13);
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('svc_visits')
      .values({ tenant_id: v.tenantId, service_id: v.serviceId, visitor: v.visitor, hour })
      .onConflict((oc) => oc.columns(['tenant_id', 'service_id', 'visitor', 'hour']).doNothing())
      .executeTakeFirst();
    const counted = Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1;
    if (v.userId || counted)
      await trx
        .insertInto('svc_clicks')
        .values({ id: v.id, tenant_id: v.tenantId, service_id: v.serviceId, user_id: v.userId ?? '', created_at: v.at })
        .execute();
    if (counted) {
      await trx
        .updateTable('svc_services')
        .set((eb) => ({ visit_count: eb('visit_count', '+', 1) }))
        .where('tenant_id', '=', v.tenantId)
        .where('id', '=', v.serviceId)
        .execute();
      const cutoff = new Date(Date.parse(v.at) - KEEP_HOURS * 3600_000).toISOString().slice(0, 13);
      await trx
        .deleteFrom('svc_visits')
        .where('tenant_id', '=', v.tenantId)
        .where('service_id', '=', v.serviceId)
        .where('hour', '<', cutoff)
        .execute();
    }
    return counted;
  });
}

import { LANDING_DATA_ELEMENT_ID, LANDING_LIST_SIZE } from '@portal/contracts/constants';
import { TenantId } from '@portal/contracts/envelope';
import { LandingIndex, type LandingPageData } from '@portal/contracts/services';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defaultTenantOf, visitorTenant } from '../../platform/auth.ts';
import type { PageData } from '../../platform/web.ts';
import { landingAlong, catalogueReadOf } from './catalogue-along.ts';
import { callerFor, landingIndex } from './services.service.ts';

/**
 * The JSON text of each index answer (the same answer object while nothing in it changed: services.service.ts), and
 * that text as the web app reads it, which `/`'s first screen is painted from (ADR 0061).
 */
const texts = new WeakMap<object, { json: string; seed: object }>();

/**
 * `/`'s first-screen data (ADR 0053): what nobody/index/index answers a visitor of the tenant the web app will name
 * on `/` — `?tenantId=` of the address, else the default one (DEFAULT_TENANT: defaultTenantOf) — at the sizes the page asks for. It is made as the
 * call makes it: the same tenant check reading the catalogue version and the tenant's name along (landingAlong),
 * then the same `landingIndex` value, prepared per catalogue version, so a change committed on any node is in the
 * next page asked for on every node. Its text is the route's (the contract's encoding, `JSON.stringify`), made once
 * per answer object. Null for a tenant that does not exist or is disabled: the page goes without, and the web app's
 * call gets the error it always got.
 */
export function landingPageData(app: FastifyInstance): (request: FastifyRequest) => Promise<PageData | null> {
  return async (request) => {
    const named = (request.query as Record<string, unknown> | undefined)?.tenantId;
    // As the web app reads the address: an empty parameter names none. An odd one (repeated) just goes without.
    const asked = named === undefined || named === '' ? defaultTenantOf(app) : named;
    if (typeof asked !== 'string' || !TenantId.safeParse(asked).success) return null;
    const tenant = await visitorTenant(app, asked, landingAlong);
    if (!tenant) return null;
    const caller = callerFor(app.deps.db, tenant.tenantId, null, catalogueReadOf(tenant.along));
    const index = await landingIndex(caller, { size: LANDING_LIST_SIZE, perGroup: LANDING_LIST_SIZE });
    let made = texts.get(index);
    if (made === undefined) {
      const data: LandingPageData = {
        tenantId: tenant.tenantId,
        size: LANDING_LIST_SIZE,
        perGroup: LANDING_LIST_SIZE,
        index: LandingIndex.encode(index),
      };
      const json = JSON.stringify(data);
      // The first screen is painted from the index as the web app reads it: the JSON text parsed (ADR 0061).
      const read = JSON.parse(json) as LandingPageData;
      texts.set(index, (made = { json, seed: { page: 'landing', tenantId: read.tenantId, index: read.index } }));
    }
    // Painted for `/` as it opens, not for a search (its results come from its call).
    const query = Object.keys((request.query ?? {}) as object);
    const painted = query.every((k) => k === 'tenantId');
    return {
      id: LANDING_DATA_ELEMENT_ID,
      json: made.json,
      firstScreen: painted
        ? { url: named ? `/?tenantId=${encodeURIComponent(tenant.tenantId)}` : '/', seed: made.seed }
        : undefined,
    };
  };
}

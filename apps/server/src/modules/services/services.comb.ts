import {
  ACCESS_WAY_COMB,
  COMB_TICKET_TTL_MS,
  SERVICE_TEXTS,
  type CombIdentity,
  type CombTicket,
} from '@portal/contracts/services';
import { randomBytes } from 'node:crypto';
import { nowIso } from '../../db/sql-helpers.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { AppDeps, RequestContext } from '../../platform/http.ts';
import { directory } from '../auth/auth.directory.ts';
import { callerFor } from './services.service.ts';
import { servicesRepository } from './services.repository.ts';

/**
 * combStr of accessWay '5' (4.4) and its redemption (7.3 nobody/weixin/combLoginToMicroService). The combStr a
 * service is opened with is a one-time ticket: 256 random bits, issued to the logged-in user for that one
 * service, redeemable once within COMB_TICKET_TTL_MS. The service calls back with it and learns who opened it —
 * it cannot be forged (unlike an encoding of tenant and account) and a captured URL is worth nothing once used.
 * Only the ticket's HMAC (deps.hashToken) is stored. docs/adr/0009-service-hall-input-icons-and-model-windows.md.
 */

/** POST serverCenter/combTicket: a combStr for opening a service of accessWay '5' the caller may see. */
export async function issueCombTicket(
  deps: AppDeps,
  ctx: RequestContext,
  serviceId: string,
  now = Date.now(),
): Promise<CombTicket> {
  const c = callerFor(deps.db, ctx.tenantId, ctx);
  const [row] = await servicesRepository(deps.db).byIds(ctx.tenantId, c.viewer, [serviceId]);
  if (!row) throw notFound(SERVICE_TEXTS.noSuchService, `serviceId ${serviceId}`);
  if (row.access_way !== ACCESS_WAY_COMB) throw badRequest(SERVICE_TEXTS.notCombService, `accessWay ${row.access_way}`);
  const ticket = randomBytes(32).toString('base64url');
  await deps.db
    .insertInto('svc_comb_tickets')
    .values({
      id: deps.hashToken(ticket),
      tenant_id: ctx.tenantId,
      user_id: ctx.userId,
      service_id: serviceId,
      expires_at: nowIso(now + COMB_TICKET_TTL_MS),
      used_at: null,
      created_at: nowIso(now),
    })
    .execute();
  // Expired tickets of the tenant go now and then, so the table stays small.
  if (Math.random() < 0.05)
    await deps.db
      .deleteFrom('svc_comb_tickets')
      .where('expires_at', '<', nowIso(now - COMB_TICKET_TTL_MS))
      .execute();
  return { combStr: ticket, expiresIn: Math.round(COMB_TICKET_TTL_MS / 1000) };
}

/** nobody/weixin/combLoginToMicroService: who opened the service with this combStr; the combStr is used up. */
export async function redeemCombTicket(
  deps: AppDeps,
  combStr: string,
  serviceId: string | undefined,
  now = Date.now(),
): Promise<CombIdentity> {
  const id = deps.hashToken(combStr);
  const ticket = await deps.db.selectFrom('svc_comb_tickets').where('id', '=', id).selectAll().executeTakeFirst();
  const invalid = (why: string) => badRequest(SERVICE_TEXTS.combInvalid, why);
  if (!ticket) throw invalid('unknown combStr');
  if (serviceId && serviceId !== ticket.service_id) throw invalid('issued for another service');
  // Used once: the update that marks it is the check, so two redemptions at once cannot both succeed.
  const used = await deps.db
    .updateTable('svc_comb_tickets')
    .set({ used_at: nowIso(now) })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso(now))
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw invalid(ticket.used_at ? 'already used' : 'expired');
  const user = await directory.user(deps.db, ticket.tenant_id, ticket.user_id);
  if (!user || user.status !== 1 || user.tenant_status !== 1) throw invalid('user or tenant no longer active');
  return {
    tenantId: user.tenant_id,
    tenantName: user.tenant_name,
    userId: user.id,
    account: user.account,
    userName: user.user_name,
    nickName: user.nick_name,
    roleName: user.role_name,
    serviceId: ticket.service_id,
  };
}

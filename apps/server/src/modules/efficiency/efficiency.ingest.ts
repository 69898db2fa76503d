import { EFFICIENCY_TEXTS, type IngestProcess, type IngestResult } from '@portal/contracts/efficiency';
import { createHash } from 'node:crypto';
import { badRequest } from '../../platform/errors.ts';
import type { AppDeps, RequestContext } from '../../platform/http.ts';
import { storeProcesses } from './efficiency.aggregates.ts';

/**
 * POST efficiencyHomePage/ingestProcesses (this project's): how a workflow engine feeds efficiency supervision
 * (ADR 0011). The engine calls as an account holding the effectivenessMonitoringConfig menu and sends process
 * instances with their steps; an instance is keyed by the engine's own id, so sending it again (a step handled,
 * the process finished) replaces it. Departments, scenes and services are the tenant's own, by id or by name.
 * A batch is stored whole or not at all; a refusal names the instance (its position and external id).
 */

/** The stored id of an engine's instance: stable per tenant and external id, never another tenant's. */
export const ingestedProcessId = (tenantId: string, externalId: string) =>
  `eff-${createHash('sha256').update(`${tenantId}\u0000${externalId}`).digest('hex').slice(0, 40)}`;

export async function ingestProcesses(
  deps: AppDeps,
  ctx: RequestContext,
  processes: IngestProcess[],
): Promise<IngestResult> {
  const db = deps.db;
  const tenantId = ctx.tenantId;
  const [depts, scenes] = await Promise.all([
    db.selectFrom('svc_depts').where('tenant_id', '=', tenantId).select(['id', 'name']).execute(),
    db.selectFrom('svc_scenes').where('tenant_id', '=', tenantId).select(['id', 'name']).execute(),
  ]);
  const serviceIds = [...new Set(processes.map((p) => p.serviceId).filter((x): x is string => !!x))];
  const services = new Set(
    serviceIds.length
      ? (
          await db
            .selectFrom('svc_services')
            .where('tenant_id', '=', tenantId)
            .where('id', 'in', serviceIds)
            .select('id')
            .execute()
        ).map((s) => s.id)
      : [],
  );
  const resolve = (list: { id: string; name: string }[], id: string | undefined, name: string | undefined) =>
    id ? list.find((x) => x.id === id)?.id : name ? list.find((x) => x.name === name)?.id : undefined;

  const seen = new Set<string>();
  const rows = processes.map((p, i) => {
    const where = `第${i + 1}条（${p.externalId}）`;
    if (seen.has(p.externalId)) throw badRequest(EFFICIENCY_TEXTS.duplicateExternalId, where);
    seen.add(p.externalId);
    const deptId = resolve(depts, p.deptId, p.deptName);
    if (!deptId) throw badRequest(`${where}：${EFFICIENCY_TEXTS.noDept}`, p.deptId ?? p.deptName ?? '');
    const sceneId = p.sceneId || p.sceneName ? resolve(scenes, p.sceneId, p.sceneName) : '';
    if (sceneId === undefined)
      throw badRequest(`${where}：${EFFICIENCY_TEXTS.noScene}`, p.sceneId ?? p.sceneName ?? '');
    if (p.serviceId && !services.has(p.serviceId))
      throw badRequest(`${where}：${EFFICIENCY_TEXTS.noService}`, p.serviceId);
    const id = ingestedProcessId(tenantId, p.externalId);
    return {
      process: {
        id,
        tenant_id: tenantId,
        service_id: p.serviceId ?? null,
        dept_id: deptId,
        scene_id: sceneId,
        process_name: p.processName,
        title: p.title,
        applicant_id: p.applicantId,
        applicant_name: p.applicantName,
        started_at: p.startedAt,
        due_at: p.dueAt,
        finished_at: p.finishedAt ?? null,
      },
      nodes: p.nodes.map((n, k) => ({
        id: `${id}-${k + 1}`,
        tenant_id: tenantId,
        process_id: id,
        node_name: n.nodeName,
        handler_id: n.handlerId,
        handler_name: n.handlerName,
        sort: k + 1,
        arrived_at: n.arrivedAt,
        due_at: n.dueAt,
        handled_at: n.handledAt ?? null,
      })),
    };
  });

  // Written with the day aggregates in one transaction (ADR 0036): the reports read those.
  const { inserted, updated } = await storeProcesses(db, tenantId, rows);
  return { received: rows.length, inserted, updated };
}

import { GUIDE_TEXTS, type GuideManageDetail, type GuideSaveRequest } from '@portal/contracts/guides';
import { SERVICE_TEXTS } from '@portal/contracts/services';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { AppDeps, RequestContext } from '../../platform/http.ts';
import { guideText, sanitizeGuide } from './guide-html.ts';
import { guidesRepository } from './guides.repository.ts';

const serviceOf = async (deps: AppDeps, ctx: RequestContext, serviceId: string) => {
  const s = await guidesRepository(deps.db).service(ctx.tenantId, serviceId);
  if (!s) throw notFound(SERVICE_TEXTS.noSuchService, `serviceId ${serviceId}`);
  return s;
};

/** The guide of a service of the caller's tenant as the editor loads it (empty when none is written yet). */
export async function guideDetail(deps: AppDeps, ctx: RequestContext, serviceId: string): Promise<GuideManageDetail> {
  const s = await serviceOf(deps, ctx, serviceId);
  const g = await guidesRepository(deps.db).guide(ctx.tenantId, serviceId);
  return { serviceId, serviceName: s.service_name, content: g?.content ?? '', updatedAt: g?.updated_at ?? null };
}

/**
 * Writes a service's guide: cleaned by the shared allow-list (a script, an event handler or a javascript: link never
 * reaches a student), refused when nothing readable is left; search and hasGuide follow at once (catalogue version).
 */
export async function saveGuide(
  deps: AppDeps,
  ctx: RequestContext,
  input: GuideSaveRequest,
): Promise<GuideManageDetail> {
  const s = await serviceOf(deps, ctx, input.serviceId);
  const content = sanitizeGuide(input.content);
  const text = guideText(content);
  if (!text.trim()) throw badRequest(GUIDE_TEXTS.empty[0], GUIDE_TEXTS.empty[1]);
  const updatedAt = await guidesRepository(deps.db).save(ctx.tenantId, input.serviceId, content, text);
  return { serviceId: input.serviceId, serviceName: s.service_name, content, updatedAt };
}

/** Deletes a service's guide; deleting one that is not there is not an error. */
export async function removeGuide(
  deps: AppDeps,
  ctx: RequestContext,
  serviceId: string,
): Promise<{ removed: boolean }> {
  await serviceOf(deps, ctx, serviceId);
  return { removed: await guidesRepository(deps.db).remove(ctx.tenantId, serviceId) };
}

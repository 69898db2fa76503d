import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import { MESSAGES } from '@portal/contracts/errors';
import { SERVICE_TEXTS, ServiceIconFields, type ServiceIconUploaded } from '@portal/contracts/services';
import { nowIso } from '../../db/sql-helpers.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { GROUPS, type AppDeps, type RequestContext } from '../../platform/http.ts';
import { saveImage } from '../common/common.upload.ts';
import { servicesRepository } from './services.repository.ts';

/** The text fields sent before the file (FormData sends them in the order they were appended). */
function fieldsOf(part: MultipartFile): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(part.fields)) {
    if (name === part.fieldname || value === undefined) continue;
    const one = (v: unknown) => ((v as MultipartValue).type === 'field' ? (v as MultipartValue).value : undefined);
    out[name] = Array.isArray(value) ? value.map(one) : one(value);
  }
  return out;
}

/**
 * serviceInfo/upload: a service icon, for administrators of the service hall or a service center (the route's
 * menu: any of SERVICE_ICON_MENUS). The image is checked and stored exactly as common/upload stores its images
 * (png, jpg, gif, webp by their bytes, SVG refused, 2 MB, in the file store) and is served by the same public
 * image route.
 */
export async function uploadServiceIcon(
  deps: AppDeps,
  user: RequestContext,
  part: MultipartFile | undefined,
): Promise<ServiceIconUploaded> {
  let serviceId: string | null = null;
  if (part) {
    const parsed = ServiceIconFields.safeParse(fieldsOf(part));
    if (!parsed.success)
      throw badRequest(
        parsed.error.issues[0]?.message ?? MESSAGES.badRequest,
        parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
      );
    if (parsed.data.tenantId && parsed.data.tenantId !== user.tenantId)
      throw forbidden(MESSAGES.wrongTenant, `tenantId ${parsed.data.tenantId}`);
    serviceId = parsed.data.serviceId ?? null;
    if (serviceId && !(await servicesRepository(deps.db).findAny(user.tenantId, serviceId)))
      throw notFound(SERVICE_TEXTS.noSuchService, `serviceId ${serviceId}`);
  }
  const saved = await saveImage(
    deps.files,
    user.tenantId,
    part,
    (t, name) => `${GROUPS.osp}/nobody/common/image/${t}/${name}`,
  );
  if (serviceId) await servicesRepository(deps.db).setIcon(user.tenantId, serviceId, saved.url, nowIso());
  return { ...saved, serviceId };
}

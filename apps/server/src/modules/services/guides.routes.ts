import { envelope } from '@portal/contracts/envelope';
import {
  GUIDE_MANAGE_PATHS,
  GUIDE_TEXTS,
  GuideManageDetail,
  GuideManageRequest,
  GuideSaveRequest,
} from '@portal/contracts/guides';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { GROUPS, typed, userOf, type App } from '../../platform/http.ts';
import { guideDetail, removeGuide, saveGuide } from './guides.service.ts';

/** Writing guides (办事指南配置): administrators holding the managementGuideConfig menu. */
export async function guidesRoutes(app: App): Promise<void> {
  const r = typed(app);
  const { deps } = app;
  const W = GROUPS.workbench;
  const config = { access: 'user', menu: 'managementGuideConfig' } as const;
  r.post(
    `${W}${GUIDE_MANAGE_PATHS.detail}`,
    {
      config,
      schema: {
        tags: ['services'],
        summary: 'The guide of a service, for the editor',
        body: GuideManageRequest,
        response: { 200: envelope(GuideManageDetail) },
      },
    },
    async (request) => ok(await guideDetail(deps, userOf(request), request.body.serviceId)),
  );
  r.post(
    `${W}${GUIDE_MANAGE_PATHS.save}`,
    {
      config,
      schema: {
        tags: ['services'],
        summary: "Write a service's guide (cleaned rich text)",
        body: GuideSaveRequest,
        response: { 200: envelope(GuideManageDetail) },
      },
    },
    async (request) => ok(await saveGuide(deps, userOf(request), request.body), GUIDE_TEXTS.saved[0]),
  );
  r.post(
    `${W}${GUIDE_MANAGE_PATHS.remove}`,
    {
      config,
      schema: {
        tags: ['services'],
        summary: "Delete a service's guide",
        body: GuideManageRequest,
        response: { 200: envelope(z.object({ removed: z.boolean() })) },
      },
    },
    async (request) => ok(await removeGuide(deps, userOf(request), request.body.serviceId), GUIDE_TEXTS.removed[0]),
  );
}

import { envelope } from '@portal/contracts/envelope';
import {
  CardService,
  DropListEntry,
  RoleClass,
  RoleEntry,
  ServiceListRequest,
  UploadedImage,
  EmptyRequest,
} from '@portal/contracts/workbench';
import { z } from 'zod';
import { enabledTenant } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { GROUPS, typed, userOf, type App } from '../../platform/http.ts';
import { catalogueReadsOf } from '../services/services.service.ts';
import * as common from './common.service.ts';
import { registerUploadParser, saveImage, sendImage } from './common.upload.ts';
import { limitOf } from '../../platform/rate-limit.ts';

const Empty = EmptyRequest;

/**
 * The common dictionaries of 7.6 (departments, scenes, access ways, roles, services) and image uploads.
 * Every configuration call declares its configurationMenu (`config.menu`), checked by one hook before validation.
 */
export async function commonRoutes(app: App): Promise<void> {
  const r = typed(app);
  const O = GROUPS.osp;
  const tags = ['workbench'];
  const d = app.deps;
  await registerUploadParser(app);

  // ---- common dictionaries ----
  const dict = (
    path: string,
    summary: string,
    fn: (tenantId: string, roleId: string) => Promise<{ dictKey: string; dictValue: string }[]>,
  ) =>
    r.post(
      `${O}/common/${path}`,
      {
        config: { menu: 'any' },
        schema: { tags, summary, body: Empty, response: { 200: envelope(z.array(DropListEntry)) } },
      },
      async (q) => {
        const c = userOf(q);
        return ok(await fn(c.tenantId, c.roleId));
      },
    );
  dict('teacher/dropList', 'Departments as a drop list', async (t) =>
    (await catalogueReadsOf(d.db).depts(t)).map((x) => ({ dictKey: x.id, dictValue: x.name })),
  );
  dict('getAppsDict', 'Service scenes as a drop list', async (t) =>
    (await catalogueReadsOf(d.db).scenes(t)).map((x) => ({ dictKey: x.id, dictValue: x.name })),
  );
  dict('getAccessWayList', 'Access ways', async () =>
    [
      ['1', '直接访问'],
      ['2', '统一认证'],
      ['3', '令牌访问'],
      ['4', '表单代填'],
      ['5', '组合参数'],
    ].map(([k, v]) => ({ dictKey: k!, dictValue: v! })),
  );
  r.post(
    `${O}/common/getRoleList`,
    {
      config: { menu: 'any' },
      schema: { tags, summary: 'Roles of the tenant', body: Empty, response: { 200: envelope(z.array(RoleEntry)) } },
    },
    async (q) => {
      const c = userOf(q);
      return ok((await common.roleClasses(d, c.tenantId)).flatMap((x) => x.roles));
    },
  );
  r.post(
    `${O}/common/getRoleListClass`,
    {
      config: { menu: 'any' },
      schema: {
        tags,
        summary: 'Roles grouped by role type',
        body: Empty,
        response: { 200: envelope(z.array(RoleClass)) },
      },
    },
    async (q) => {
      const c = userOf(q);
      return ok(await common.roleClasses(d, c.tenantId));
    },
  );
  r.post(
    `${O}/common/getServiceInfo`,
    {
      config: { menu: 'any' },
      schema: {
        tags,
        summary: 'Services by keyword',
        body: ServiceListRequest,
        response: { 200: envelope(z.array(CardService)) },
      },
    },
    async (q) => {
      const c = userOf(q);
      return ok(
        await catalogueReadsOf(d.db).services(c.tenantId, c.roleId, { keyword: q.body.keyword, limit: q.body.size }),
      );
    },
  );

  r.post(
    `${O}/common/upload`,
    {
      config: { menu: 'any', rateLimit: limitOf('upload') },
      schema: {
        tags,
        summary: 'Upload an image (png, jpg, gif, webp; 2 MB) for icons, logos and theme pictures',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(UploadedImage) },
      },
    },
    async (q) => {
      const c = userOf(q);
      return ok(
        await saveImage(d.files, c.tenantId, await q.file(), (t, name) => `${O}/nobody/common/image/${t}/${name}`),
      );
    },
  );
  r.get(
    `${O}/nobody/common/image/:tenantId/:name`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'An uploaded image (public: icons and logos show on the landing page)',
        params: z.object({ tenantId: z.string().max(12), name: z.string().max(64) }),
      },
    },
    // A disabled tenant's images go with the rest of it (the path names the tenant, which the platform's check of a
    // visitor's tenant does not read).
    async (q, reply) => {
      await enabledTenant(app, q.params.tenantId);
      return sendImage(reply, d.files, q.params.tenantId, q.params.name);
    },
  );
}

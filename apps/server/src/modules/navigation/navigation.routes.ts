import { envelope } from '@portal/contracts/envelope';
import {
  BusinessConfigMenu,
  DropListEntry,
  IdsRequest,
  NavigationItem,
  NavigationSubmit,
  TopMenu,
  EmptyRequest,
  CountResult,
} from '@portal/contracts/workbench';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { GROUPS, typed, userOf, type App } from '../../platform/http.ts';
import { catalogueReadsOf } from '../services/services.service.ts';
import * as nav from './navigation.service.ts';
import { registerUploadParser } from '../common/common.upload.ts';

/** The configuration menu each administration call needs (section 6; 2.2 on the server). */
const MENU = {
  navigation: 'addNavigation',
} as const;
const Empty = EmptyRequest;
const Count = envelope(CountResult);

/**
 * Navigation items of 7.6 and the caller's configuration menus.
 * Every configuration call declares its configurationMenu (`config.menu`), checked by one hook before validation.
 */
export async function navigationRoutes(app: App): Promise<void> {
  const r = typed(app);
  const O = GROUPS.osp;
  const tags = ['workbench'];
  const d = app.deps;
  await registerUploadParser(app);

  // ---- indexnavigationconfig ----
  r.post(
    `${O}/indexnavigationconfig/list`,
    {
      config: { menu: MENU.navigation },
      schema: {
        tags,
        summary: 'Every navigation item, enabled or not',
        body: Empty,
        response: { 200: envelope(z.array(NavigationItem)) },
      },
    },
    async (q) => {
      const c = userOf(q);
      return ok(await nav.navigationList(d, c.tenantId, false));
    },
  );
  r.post(
    `${O}/indexnavigationconfig/submit`,
    {
      config: { menu: MENU.navigation },
      schema: {
        tags,
        summary: "Add or edit a navigation item (at most 6 custom: '最多可添加6个')",
        body: NavigationSubmit,
        response: { 200: envelope(NavigationItem) },
      },
    },
    async (q) => {
      const c = userOf(q);
      return ok(await nav.submitNavigation(d, c, q.body));
    },
  );
  r.post(
    `${O}/indexnavigationconfig/remove`,
    {
      config: { menu: MENU.navigation },
      schema: { tags, summary: 'Delete custom navigation items', body: IdsRequest, response: { 200: Count } },
    },
    async (q) => {
      const c = userOf(q);
      return ok({ count: await nav.removeNavigation(d, c, q.body.ids) });
    },
  );
  r.post(
    `${O}/indexnavigationconfig/getAllDeptCategory`,
    {
      config: { menu: MENU.navigation },
      schema: {
        tags,
        summary: 'Departments, to link a navigation item to',
        body: Empty,
        response: { 200: envelope(z.array(DropListEntry)) },
      },
    },
    async (q) => {
      const c = userOf(q);
      return ok((await catalogueReadsOf(d.db).depts(c.tenantId)).map((x) => ({ dictKey: x.id, dictValue: x.name })));
    },
  );

  // ---- homePage ----
  r.post(
    `${O}/homePage/getTopMenu`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Enabled navigation items of the top bar',
        body: Empty,
        response: { 200: envelope(TopMenu) },
      },
    },
    async (q) => ok({ navigation: await nav.navigationList(d, userOf(q).tenantId, true) }),
  );
  r.post(
    `${O}/homePage/quickNavigation`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Enabled custom navigation items',
        body: Empty,
        response: { 200: envelope(z.array(NavigationItem)) },
      },
    },
    async (q) => ok((await nav.navigationList(d, userOf(q).tenantId, true)).filter((n) => n.isBuilt === 2)),
  );
  r.post(
    `${O}/homePage/getBusinessConfigMenu`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The caller's configuration menus",
        body: Empty,
        response: { 200: envelope(z.array(BusinessConfigMenu)) },
      },
    },
    async (q) => ok(await nav.businessConfigMenu(d, userOf(q))),
  );
}

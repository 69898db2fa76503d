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
import { GROUPS, type App } from '../../platform/http.ts';
import { catalogueReadsOf } from '../services/services.service.ts';
import * as nav from './navigation.service.ts';
import { registerUploadParser } from '../common/common.upload.ts';
import { postCalls } from '../common/config-routes.ts';

/** The configuration menu each administration call needs (section 6; 2.2 on the server). */
const MENU = {
  navigation: 'addNavigation',
} as const;
const Empty = EmptyRequest;

/**
 * Navigation items of 7.6 and the caller's configuration menus.
 * Every configuration call declares its configurationMenu (`config.menu`), checked by one hook before validation.
 */
export async function navigationRoutes(app: App): Promise<void> {
  const d = app.deps;
  await registerUploadParser(app);
  const config = postCalls(app, { prefix: GROUPS.osp, tags: ['workbench'], guard: { menu: MENU.navigation } });
  const read = postCalls(app, { prefix: GROUPS.osp, tags: ['workbench'], guard: { access: 'user' } });

  // ---- indexnavigationconfig ----
  config(
    'indexnavigationconfig/list',
    { summary: 'Every navigation item, enabled or not', body: Empty, result: z.array(NavigationItem) },
    (c) => nav.navigationList(d, c.tenantId, false),
  );
  config(
    'indexnavigationconfig/submit',
    {
      summary: "Add or edit a navigation item (at most 6 custom: '最多可添加6个')",
      body: NavigationSubmit,
      result: NavigationItem,
    },
    (c, body) => nav.submitNavigation(d, c, body),
  );
  config(
    'indexnavigationconfig/remove',
    { summary: 'Delete custom navigation items', body: IdsRequest, result: CountResult },
    async (c, body) => ({ count: await nav.removeNavigation(d, c, body.ids) }),
  );
  config(
    'indexnavigationconfig/getAllDeptCategory',
    { summary: 'Departments, to link a navigation item to', body: Empty, result: z.array(DropListEntry) },
    async (c) => (await catalogueReadsOf(d.db).depts(c.tenantId)).map((x) => ({ dictKey: x.id, dictValue: x.name })),
  );

  // ---- homePage ----
  read(
    'homePage/getTopMenu',
    { summary: 'Enabled navigation items of the top bar', body: Empty, result: TopMenu },
    async (c) => ({
      navigation: await nav.navigationList(d, c.tenantId, true),
    }),
  );
  read(
    'homePage/quickNavigation',
    { summary: 'Enabled custom navigation items', body: Empty, result: z.array(NavigationItem) },
    async (c) => (await nav.navigationList(d, c.tenantId, true)).filter((n) => n.isBuilt === 2),
  );
  read(
    'homePage/getBusinessConfigMenu',
    { summary: "The caller's configuration menus", body: Empty, result: z.array(BusinessConfigMenu) },
    (c) => nav.businessConfigMenu(d, c),
  );
}

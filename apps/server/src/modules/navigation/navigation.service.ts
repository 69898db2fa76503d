import { CONFIGURATION_MENUS } from '@portal/contracts/routes';
import { CUSTOM_NAVIGATION_LIMIT } from '@portal/contracts/constants';
import { MESSAGES } from '@portal/contracts/errors';
import { WORKBENCH_MESSAGES, type NavigationItem } from '@portal/contracts/workbench';
import type { z } from 'zod';
import type { NavigationSubmit as NavigationSubmitSchema } from '@portal/contracts/workbench';
import type { WbNavigationRow } from '../../db/tables/workbench.ts';
import { newId } from '../../platform/crypto.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { AppDeps, RequestContext } from '../../platform/http.ts';
import { assertNameFree } from '../../platform/unique-name.ts';
import { audited, expectVersion, registerAuditKind, withVersion } from '../audit/audit.service.ts';
import { configurationMenu } from '../auth/auth.service.ts';
import { navigationRepository } from './navigation.repository.ts';

const repo = (deps: AppDeps) => navigationRepository(deps.db);

// The audit log (ADR 0030): a navigation item's state is its row; a revert puts the row back or removes it.
registerAuditKind('navigation', {
  async snapshot(deps, tenantId, id) {
    const row = await repo(deps).navigationItem(tenantId, id);
    return row ? { ...row } : null;
  },
  async restore(deps, tenantId, id, state) {
    const r = repo(deps);
    const existed = await r.navigationItem(tenantId, id);
    await r.removeNavigationRow(tenantId, id);
    if (!state) return;
    const row = state as WbNavigationRow;
    // A deleted custom item put back is an item added: the limit of 6 holds for it too (a revert of a deletion
    // made 7 of 6 when another item had been added since).
    if (row.is_built !== 1 && existed?.is_built !== 2) await assertRoomForCustom(deps, tenantId);
    // Nor may it come back under a name another item has been given since.
    await assertNavigationNameFree(deps, tenantId, row.navigation_name, id);
    await r.insertNavigation({ ...row, id, tenant_id: tenantId });
  },
});

/** 5: "Custom navigation is limited to 6 ('最多可添加6个')." Checked in the transaction that adds one. */
async function assertRoomForCustom(deps: AppDeps, tenantId: string): Promise<void> {
  if ((await repo(deps).customNavigationCount(tenantId)) >= CUSTOM_NAVIGATION_LIMIT)
    throw badRequest(WORKBENCH_MESSAGES.navigationLimit, `limit ${CUSTOM_NAVIGATION_LIMIT}`);
}
export const navSummary = (name: string) => `导航「${name}」`;

// ---- navigation ----

const toNavigation = (r: WbNavigationRow): NavigationItem => ({
  id: r.id,
  navigationName: r.navigation_name,
  navigationNameEn: r.navigation_name_en,
  navigationType: r.navigation_type as NavigationItem['navigationType'],
  isBuilt: r.is_built === 1 ? 1 : 2,
  isAuto: r.is_auto === 1 ? 1 : 0,
  configPath: r.config_path,
  embedded: r.embedded === 1,
  sort: r.sort,
});

export async function navigationList(deps: AppDeps, tenantId: string, enabledOnly: boolean): Promise<NavigationItem[]> {
  // Each with its version (ADR 0075), which indexnavigationconfig/submit may name.
  const rows = (await repo(deps).navigation(tenantId)).map((r) => withVersion(toNavigation(r)));
  return enabledOnly ? rows.filter((n) => n.isAuto === 1) : rows;
}

const BUILT_IN_ROUTES = new Set([
  'homePage',
  'serviceHall',
  'processServiceCenter',
  'applicationServiceCenter',
  'threelists',
  'effectivenessSupervision',
  'PersonalCenter',
]);

/** Two items of one name in the top navigation (a custom 服务大厅 beside the built-in one) could not be told apart. */
export const NAVIGATION_NAME_TAKEN = '已有同名导航';
async function assertNavigationNameFree(deps: AppDeps, tenantId: string, name: string, exceptId?: string) {
  const items = await repo(deps).navigation(tenantId);
  assertNameFree(items, (r) => r.navigation_name, name, exceptId, {
    message: NAVIGATION_NAME_TAKEN,
    kind: 'navigation',
  });
}

export async function submitNavigation(
  deps: AppDeps,
  ctx: RequestContext,
  input: z.output<typeof NavigationSubmitSchema>,
): Promise<NavigationItem> {
  if (input.id) {
    const existing = await repo(deps).navigationItem(ctx.tenantId, input.id);
    if (!existing) throw notFound(MESSAGES.notFound, `navigation ${input.id}`);
    if (existing.is_built !== 1) assertCustomPath(input.configPath);
    // A built-in item opens its page of the portal: an address sent for it must be that page's (the dialog sends it).
    else if (input.configPath !== existing.config_path)
      throw badRequest(WORKBENCH_MESSAGES.builtInNavigationPath, `${existing.config_path} -> ${input.configPath}`);
    const target = { kind: 'navigation' as const, id: input.id, summary: navSummary(input.navigationName) };
    return audited(deps, ctx, target, async (tx) => {
      await expectVersion(tx, `navigation:${ctx.tenantId}:${input.id}`, input.version, async () => {
        const now = await repo(tx).navigationItem(ctx.tenantId, input.id!);
        return now && toNavigation(now);
      });
      await assertNavigationNameFree(tx, ctx.tenantId, input.navigationName, input.id);
      await updateNavigationItem(tx, ctx, existing, input);
      return withVersion(toNavigation((await repo(tx).navigationItem(ctx.tenantId, input.id!))!));
    });
  }
  assertCustomPath(input.configPath);
  const id = newId();
  return audited(deps, ctx, { kind: 'navigation', id, summary: navSummary(input.navigationName) }, async (tx) => {
    await assertRoomForCustom(tx, ctx.tenantId);
    await assertNavigationNameFree(tx, ctx.tenantId, input.navigationName);
    const r = repo(tx);
    // Without a sort a new item goes last: after the highest place (after a deletion the count is a place taken).
    const sort = input.sort || Math.max(0, ...(await r.navigation(ctx.tenantId)).map((n) => n.sort)) + 1;
    await r.insertNavigation({
      id,
      tenant_id: ctx.tenantId,
      navigation_name: input.navigationName,
      navigation_name_en: input.navigationNameEn ?? '',
      navigation_type: 'ADD',
      is_built: 2,
      is_auto: input.isAuto,
      config_path: input.configPath,
      embedded: input.embedded ? 1 : 0,
      sort,
    });
    return toNavigation((await r.navigationItem(ctx.tenantId, id))!);
  });
}

/** A built-in item keeps its route; only its name, order and whether it shows may change. */
async function updateNavigationItem(
  deps: AppDeps,
  ctx: RequestContext,
  existing: WbNavigationRow,
  input: z.output<typeof NavigationSubmitSchema>,
): Promise<void> {
  // Without a sort (0) an item keeps its place, as a home tab does.
  const common = {
    navigation_name: input.navigationName,
    // The spec's callers send no English: the item keeps its own.
    ...(input.navigationNameEn === undefined ? {} : { navigation_name_en: input.navigationNameEn }),
    is_auto: input.isAuto,
    sort: input.sort || existing.sort,
  };
  await repo(deps).updateNavigation(
    ctx.tenantId,
    existing.id,
    existing.is_built === 1 ? common : { ...common, config_path: input.configPath, embedded: input.embedded ? 1 : 0 },
  );
}

/** A custom item opens an http(s) url or a path of this site; never javascript: and the like. */
export function assertCustomPath(path: string): void {
  if (path.startsWith('/') && !path.startsWith('//')) return;
  if (BUILT_IN_ROUTES.has(path)) return;
  try {
    const u = new URL(path);
    if (u.protocol === 'http:' || u.protocol === 'https:') return;
  } catch {
    /* falls through */
  }
  throw badRequest(WORKBENCH_MESSAGES.badUrl, path);
}

export async function removeNavigation(deps: AppDeps, ctx: RequestContext, ids: string[]): Promise<number> {
  const rows = (await repo(deps).navigation(ctx.tenantId)).filter((n) => ids.includes(n.id));
  if (rows.length !== new Set(ids).size) throw notFound(MESSAGES.notFound, 'navigation');
  if (rows.some((n) => n.is_built === 1)) throw badRequest(WORKBENCH_MESSAGES.builtInNavigation);
  const targets = rows.map((n) => ({ kind: 'navigation' as const, id: n.id, summary: navSummary(n.navigation_name) }));
  return audited(deps, ctx, targets, async (tx) =>
    Number((await repo(tx).removeNavigation(ctx.tenantId, ids)).numDeletedRows),
  );
}

// ---- menus of the caller ----

export async function businessConfigMenu(deps: AppDeps, ctx: RequestContext) {
  const mine = await configurationMenu(deps, ctx.tenantId, ctx.roleId);
  return CONFIGURATION_MENUS.filter((m) => mine.some((x) => x.name === m.name)).map((m) => ({
    name: m.name,
    path: m.path,
    title: m.title,
  }));
}

import type { Db } from '../../db/create-db.ts';
import type {
  DeptInfo,
  DeptNodeT,
  Duty,
  DutySaveRequest,
  DutyUpdateRequest,
  ThreeListConfig,
} from '@portal/contracts/transfer';
import { TRANSFER_TEXTS } from '@portal/contracts/transfer';
import { newId } from '../../platform/crypto.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { AppDeps, RequestContext } from '../../platform/http.ts';
import { pageResult } from '../../platform/page.ts';
import { holdsMenu } from '../auth/auth.service.ts';
import { withSubDepartments } from '../services/departments.ts';
import { callerFor, visibleIds } from '../services/services.service.ts';
import { threeListsRepository, type DutyFilter, type ListDept } from './three-lists.repository.ts';

export const DUTY_MENU = 'deptResponsibilityListConfig';
export const CONFIG_MENU = 'threeListsConfig';

const repo = (deps: AppDeps) => threeListsRepository(deps.db);
type DutyRowLike = {
  id: string;
  dept_id: string;
  dept_name: string;
  duty_name: string;
  duty_type: string;
  duty_content: string;
  sort: number;
  updated_at: string;
};

/**
 * Who reads the three lists: `'all'` for the duty configuration (a maintainer edits a duty's whole list of
 * services), else the user (null: an anonymous visitor), who is shown only the services the service list shows
 * them (the services module's visibleIds), so every service the three lists offer can be opened.
 */
export type ListReader = RequestContext | null | 'all';

/**
 * The reader of the duty configuration's lists: its maintainers (administrators, holders of the duty menu) see
 * every service of a duty, as they save its whole list; any other user what the service list shows them.
 */
export async function configReader(deps: AppDeps, ctx: RequestContext): Promise<ListReader> {
  return ctx.roleType === 'admin' || (await holdsMenu(deps, ctx, DUTY_MENU)) ? 'all' : ctx;
}

/** Keeps, of each duty's services, those the reader may see (on the shelf and open to their role). */
async function visibleServices<T extends { serviceId: string }>(
  deps: AppDeps,
  tenantId: string,
  reader: ListReader,
  services: Map<string, T[]>,
): Promise<Map<string, T[]>> {
  if (reader === 'all') return services;
  const ids = [...new Set([...services.values()].flat().map((s) => s.serviceId))];
  if (!ids.length) return services;
  const seen = await visibleIds(callerFor(deps.db, tenantId, reader), ids);
  return new Map([...services].map(([dutyId, list]) => [dutyId, list.filter((s) => seen.has(s.serviceId))]));
}

export async function withServices(
  deps: AppDeps,
  tenantId: string,
  rows: DutyRowLike[],
  reader: ListReader,
): Promise<Duty[]> {
  const services = await visibleServices(
    deps,
    tenantId,
    reader,
    await repo(deps).servicesOf(
      tenantId,
      rows.map((r) => r.id),
    ),
  );
  return rows.map((r) => ({
    id: r.id,
    deptId: r.dept_id,
    deptName: r.dept_name,
    dutyName: r.duty_name,
    dutyType: r.duty_type,
    dutyContent: r.duty_content,
    sort: r.sort,
    services: services.get(r.id) ?? [],
    updateTime: r.updated_at,
  }));
}

/** The department tree of a tenant, optionally cut down to the subtrees rooted at `roots`. */
export function buildTree(depts: ListDept[], counts: Map<string, number>, roots?: Set<string>): DeptNodeT[] {
  const nodes = new Map<string, DeptNodeT>(
    depts.map((d) => [
      d.id,
      { id: d.id, parentId: d.parent_id, title: d.dept_name, dutyNum: counts.get(d.id) ?? 0, children: [] },
    ]),
  );
  const top: DeptNodeT[] = [];
  for (const d of depts) {
    const node = nodes.get(d.id)!;
    const parent = d.parent_id ? nodes.get(d.parent_id) : undefined;
    if (roots ? roots.has(d.id) : !parent) top.push(node);
    if (parent) parent.children.push(node);
  }
  // A department's count holds its sub-departments' duties, as its list does (教务处（2） listed 3 with 考试中心's).
  const total = (n: DeptNodeT, seen: Set<string>): number => {
    if (seen.has(n.id)) return 0;
    seen.add(n.id);
    n.dutyNum += n.children.reduce((sum, c) => sum + total(c, seen), 0);
    return n.dutyNum;
  };
  const seen = new Set<string>();
  for (const n of nodes.values()) if (!n.parentId || !nodes.has(n.parentId)) total(n, seen);
  return top;
}

/** The three lists' department rows in the shape of the one list's (services/departments.ts), for its functions. */
export const asDepartments = (depts: readonly Pick<ListDept, 'id' | 'parent_id'>[]) =>
  depts.map((d) => ({ id: d.id, parentId: d.parent_id }));

export async function deptTree(deps: AppDeps, tenantId: string): Promise<DeptNodeT[]> {
  const r = repo(deps);
  const [depts, counts] = await Promise.all([r.depts(tenantId), r.dutyCounts(tenantId)]);
  return buildTree(depts, counts);
}

/**
 * Departments whose duty list the caller may maintain: all for an administrator, the managed ones and
 * their sub-departments for someone holding the configuration menu, none otherwise.
 */
export async function powerDeptIds(deps: AppDeps, ctx: RequestContext): Promise<Set<string> | 'all'> {
  if (ctx.roleType === 'admin') return 'all';
  const r = repo(deps);
  if (!(await holdsMenu(deps, ctx, DUTY_MENU))) return new Set();
  return withSubDepartments(
    asDepartments(await r.depts(ctx.tenantId)),
    await r.managedDeptIds(ctx.tenantId, ctx.userId),
  );
}

export async function deptTreePower(deps: AppDeps, ctx: RequestContext): Promise<DeptNodeT[]> {
  const r = repo(deps);
  const [depts, counts, power] = await Promise.all([
    r.depts(ctx.tenantId),
    r.dutyCounts(ctx.tenantId),
    powerDeptIds(deps, ctx),
  ]);
  if (power === 'all') return buildTree(depts, counts);
  const visible = depts.filter((d) => power.has(d.id));
  const roots = new Set(visible.filter((d) => !power.has(d.parent_id)).map((d) => d.id));
  return buildTree(visible, counts, roots);
}

/** Refuses a write on a department the caller may not maintain. */
export async function assertDeptPower(deps: AppDeps, ctx: RequestContext, deptId: string): Promise<void> {
  const dept = await repo(deps).dept(ctx.tenantId, deptId);
  if (!dept) throw badRequest(TRANSFER_TEXTS.noDept, `deptId ${deptId}`);
  const power = await powerDeptIds(deps, ctx);
  if (power !== 'all' && !power.has(deptId)) throw forbidden(TRANSFER_TEXTS.noDept, `deptId ${deptId}`);
}

export async function dutyPage(
  deps: AppDeps,
  tenantId: string,
  reader: ListReader,
  q: {
    current: number;
    size: number;
    deptId?: string | null | undefined;
    dutyName?: string | null | undefined;
    keyword?: string | null | undefined;
  },
) {
  const r = repo(deps);
  const f: DutyFilter = { dutyName: q.dutyName ?? null, keyword: q.keyword ?? null };
  if (q.deptId) f.deptIds = [...withSubDepartments(asDepartments(await r.depts(tenantId)), [q.deptId])];
  const { rows, total } = await r.dutyPage(tenantId, f, (q.current - 1) * q.size, q.size);
  return pageResult(await withServices(deps, tenantId, rows, reader), total, q.current, q.size);
}

async function resolveServices(deps: AppDeps, tenantId: string, ids: string[]) {
  const unique = [...new Set(ids)];
  const found = await repo(deps).listServices(tenantId, unique);
  if (found.length !== unique.length)
    throw badRequest(TRANSFER_TEXTS.noService, unique.filter((id) => !found.some((f) => f.id === id)).join(','));
  return found;
}

async function checkDutyType(deps: AppDeps, tenantId: string, dutyType: string) {
  const c = await repo(deps).config(tenantId);
  if (c?.duty_type_must && !dutyType.trim()) throw badRequest('请选择职责类型');
}

/** A department lists a duty once: a second 学籍管理 under 教务处 was two identical rows on the public page. */
export const DUTY_NAME_TAKEN = '该部门已有同名职责';
async function assertDutyNameFree(trx: Db, tenantId: string, deptId: string, dutyName: string, exceptId?: string) {
  if (await threeListsRepository(trx).dutyNameTaken(tenantId, deptId, dutyName.trim(), exceptId))
    throw conflict(DUTY_NAME_TAKEN, `duty ${dutyName} in ${deptId}`);
}

export async function saveDuty(deps: AppDeps, ctx: RequestContext, body: DutySaveRequest): Promise<{ id: string }> {
  await assertDeptPower(deps, ctx, body.deptId);
  await checkDutyType(deps, ctx.tenantId, body.dutyType);
  const services = await resolveServices(deps, ctx.tenantId, body.serviceIds);
  const id = newId();
  await deps.db.transaction().execute(async (trx) => {
    await assertDutyNameFree(trx, ctx.tenantId, body.deptId, body.dutyName);
    await threeListsRepository(trx).insertDuty(
      ctx.tenantId,
      {
        id,
        dept_id: body.deptId,
        duty_name: body.dutyName,
        duty_type: body.dutyType,
        duty_content: body.dutyContent,
        sort: body.sort,
      },
      services,
      trx,
    );
  });
  return { id };
}

export async function updateDuty(deps: AppDeps, ctx: RequestContext, body: DutyUpdateRequest): Promise<void> {
  const existing = await repo(deps).duty(ctx.tenantId, body.id);
  if (!existing) throw notFound(TRANSFER_TEXTS.noDuty, `id ${body.id}`);
  await assertDeptPower(deps, ctx, existing.dept_id);
  if (body.deptId !== existing.dept_id) await assertDeptPower(deps, ctx, body.deptId);
  await checkDutyType(deps, ctx.tenantId, body.dutyType);
  const services = await resolveServices(deps, ctx.tenantId, body.serviceIds);
  await deps.db.transaction().execute(async (trx) => {
    await assertDutyNameFree(trx, ctx.tenantId, body.deptId, body.dutyName, body.id);
    await threeListsRepository(trx).updateDuty(
      ctx.tenantId,
      body.id,
      {
        dept_id: body.deptId,
        duty_name: body.dutyName,
        duty_type: body.dutyType,
        duty_content: body.dutyContent,
        sort: body.sort,
      },
      services,
      trx,
    );
  });
}

export async function removeDuties(deps: AppDeps, ctx: RequestContext, idsText: string): Promise<number> {
  const ids = [
    ...new Set(
      idsText
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ].slice(0, 1000);
  const r = repo(deps);
  const power = await powerDeptIds(deps, ctx);
  for (const id of ids) {
    const duty = await r.duty(ctx.tenantId, id);
    if (!duty) throw notFound(TRANSFER_TEXTS.noDuty, `id ${id}`);
    if (power !== 'all' && !power.has(duty.dept_id)) throw forbidden(TRANSFER_TEXTS.noDept, `deptId ${duty.dept_id}`);
  }
  return r.removeDuties(ctx.tenantId, ids);
}

const deptInfo = (d: ListDept, counts: Map<string, number>): DeptInfo => ({
  id: d.id,
  parentId: d.parent_id,
  deptName: d.dept_name,
  responsibility: d.responsibility,
  phone: d.phone,
  address: d.address,
  dutyNum: counts.get(d.id) ?? 0,
});

/** Departments (within the caller's power) that have no duty yet. */
export async function noSetDutyDept(deps: AppDeps, ctx: RequestContext): Promise<DeptInfo[]> {
  const r = repo(deps);
  const [depts, counts, power] = await Promise.all([
    r.depts(ctx.tenantId),
    r.dutyCounts(ctx.tenantId),
    powerDeptIds(deps, ctx),
  ]);
  return depts.filter((d) => !counts.get(d.id) && (power === 'all' || power.has(d.id))).map((d) => deptInfo(d, counts));
}

export async function deptPage(
  deps: AppDeps,
  tenantId: string,
  q: { current: number; size: number; deptName?: string | null | undefined },
) {
  const r = repo(deps);
  const [depts, counts] = await Promise.all([r.depts(tenantId), r.dutyCounts(tenantId)]);
  const matched = depts.filter((d) => !q.deptName || d.dept_name.includes(q.deptName));
  const start = (q.current - 1) * q.size;
  return pageResult(
    matched.slice(start, start + q.size).map((d) => deptInfo(d, counts)),
    matched.length,
    q.current,
    q.size,
  );
}

export async function updateDept(
  deps: AppDeps,
  ctx: RequestContext,
  body: { id: string; responsibility?: string | undefined; phone?: string | undefined; address?: string | undefined },
) {
  await assertDeptPower(deps, ctx, body.id);
  await repo(deps).updateDept(ctx.tenantId, body.id, body);
}

export async function dutyAndService(deps: AppDeps, tenantId: string, reader: ListReader, deptId: string) {
  const r = repo(deps);
  const dept = await r.dept(tenantId, deptId);
  if (!dept) throw notFound(TRANSFER_TEXTS.noDept, `deptId ${deptId}`);
  const counts = await r.dutyCounts(tenantId);
  const { rows } = await r.dutyPage(tenantId, { deptIds: [deptId] }, 0, 1000);
  return { dept: deptInfo(dept, counts), duties: await withServices(deps, tenantId, rows, reader) };
}

export async function queryDuty(deps: AppDeps, tenantId: string, reader: ListReader, deptId: string): Promise<Duty[]> {
  return (await dutyAndService(deps, tenantId, reader, deptId)).duties;
}

export async function queryService(deps: AppDeps, tenantId: string, reader: ListReader, dutyId: string) {
  const duty = await repo(deps).duty(tenantId, dutyId);
  if (!duty) throw notFound(TRANSFER_TEXTS.noDuty, `dutyId ${dutyId}`);
  const services = await visibleServices(deps, tenantId, reader, await repo(deps).servicesOf(tenantId, [dutyId]));
  return services.get(dutyId) ?? [];
}

export async function servicePage(
  deps: AppDeps,
  tenantId: string,
  q: { current: number; size: number; serviceName?: string | null | undefined; deptId?: string | null | undefined },
) {
  const { rows, total } = await repo(deps).servicePage(tenantId, q, (q.current - 1) * q.size, q.size);
  return pageResult(
    rows.map((s) => ({ serviceId: s.id, serviceName: s.service_name, deptId: s.dept_id, deptName: s.dept_name ?? '' })),
    total,
    q.current,
    q.size,
  );
}

/** Which department each listed service belongs to, for an anonymous visitor: the services open to visitors. */
export async function serviceDeptRelation(deps: AppDeps, tenantId: string) {
  const rows = await repo(deps).serviceDeptRelation(tenantId);
  const open = await visibleServices(
    deps,
    tenantId,
    null,
    new Map([['', rows.map((r) => ({ ...r, serviceId: r.service_id }))]]),
  );
  return (open.get('') ?? []).map((s) => ({
    serviceId: s.service_id,
    serviceName: s.service_name,
    deptId: s.dept_id,
    deptName: s.dept_name,
  }));
}

export async function getConfig(deps: AppDeps, tenantId: string): Promise<ThreeListConfig> {
  const c = await repo(deps).config(tenantId);
  return {
    pageTitle: c?.page_title ?? '三清单',
    introduction: c?.introduction ?? '',
    pageTitleEn: c?.page_title_en ?? '',
    introductionEn: c?.introduction_en ?? '',
    showServices: (c?.show_services ?? 1) === 1,
    dutyTypeMust: (c?.duty_type_must ?? 0) === 1,
  };
}

/** tripleList/saveConfig, and the workbench configuration file's import (with its transaction as `deps`). */
export async function saveConfig(deps: AppDeps, tenantId: string, c: ThreeListConfig): Promise<void> {
  await repo(deps).saveConfig(tenantId, {
    page_title: c.pageTitle,
    introduction: c.introduction,
    page_title_en: c.pageTitleEn ?? '',
    introduction_en: c.introductionEn ?? '',
    show_services: c.showServices ? 1 : 0,
    duty_type_must: c.dutyTypeMust ? 1 : 0,
  });
}

export async function schoolInfo(deps: AppDeps, tenantId: string) {
  return { tenantId, schoolName: await repo(deps).tenantName(tenantId) };
}

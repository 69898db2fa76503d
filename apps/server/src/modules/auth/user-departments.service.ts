import {
  USER_DEPT_MESSAGES,
  type UserDeptItem,
  type UserDeptOptions,
  type UserDeptPage,
  type UserDeptPageRequest,
  type UserDeptSource,
  type UserDeptSubmitRequest,
} from '@portal/contracts/user-departments';
import type { z } from 'zod';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { AppDeps, RequestContext } from '../../platform/http.ts';
import { pageResult } from '../../platform/page.ts';
import { audited, registerAuditKind } from '../audit/audit.service.ts';
import { departments, withSubDepartments } from '../services/departments.ts';
import { directory } from './auth.directory.ts';
import { userDepartmentsRepository } from './user-departments.repository.ts';

/**
 * Users' departments set by hand (issue 14, ADR 0035), behind the configuration menu userDeptConfig: the tenant's
 * users with their departments of the one list (ADR 0032), and setting a user's departments. A change is recorded in
 * the configuration audit log (kind userDepartments, ADR 0030) and can be reverted from it.
 */
const repo = (deps: AppDeps) => userDepartmentsRepository(deps.db);

/** The memberships as the audit log keeps them: department ids with their source, in id order. */
async function membershipState(deps: AppDeps, tenantId: string, userId: string) {
  if (!(await directory.user(deps.db, tenantId, userId))) return null;
  const rows = await repo(deps).memberships(tenantId, [userId]);
  return { departments: rows.map((r) => ({ deptId: r.dept_id, source: r.source })) };
}

registerAuditKind('userDepartments', {
  snapshot: membershipState,
  async restore(deps, tenantId, userId, state) {
    const rows = (state?.departments ?? []) as Array<{ deptId: string; source: string }>;
    // A department removed from the list since cannot come back: it is left out.
    const known = new Set((await departments(deps.db).list(tenantId)).map((d) => d.id));
    await directory.restoreUserDepartments(
      deps.db,
      tenantId,
      userId,
      rows.filter((r) => known.has(r.deptId)),
    );
  },
});

export async function userDeptOptions(deps: AppDeps, ctx: RequestContext): Promise<UserDeptOptions> {
  const depts = await departments(deps.db).list(ctx.tenantId);
  return { depts: depts.map((d) => ({ id: d.id, name: d.name, parentId: d.parentId })) };
}

type UserRow = { id: string; account: string; user_name: string; role_name: string };

/** The users with their departments (names of the one list; memberships of departments removed since left out). */
async function withDepartments(deps: AppDeps, tenantId: string, users: UserRow[]): Promise<UserDeptItem[]> {
  const names = new Map((await departments(deps.db).list(tenantId)).map((d) => [d.id, d.name]));
  const memberships = await repo(deps).memberships(
    tenantId,
    users.map((u) => u.id),
  );
  return users.map((u) => ({
    userId: u.id,
    account: u.account,
    userName: u.user_name,
    roleName: u.role_name,
    departments: memberships
      .filter((m) => m.user_id === u.id && names.has(m.dept_id))
      .map((m) => ({ id: m.dept_id, name: names.get(m.dept_id)!, source: m.source as UserDeptSource })),
  }));
}

export async function userDeptPage(
  deps: AppDeps,
  ctx: RequestContext,
  req: z.output<typeof UserDeptPageRequest>,
): Promise<UserDeptPage> {
  const { current, size } = req;
  // A department's members with those of the departments under it: whom a notice to it reaches (the page says so).
  const deptIds = req.deptId
    ? [...withSubDepartments(await departments(deps.db).list(ctx.tenantId), [req.deptId])]
    : undefined;
  const { rows, total } = await repo(deps).page(ctx.tenantId, {
    ...(req.keyword ? { keyword: req.keyword } : {}),
    ...(deptIds ? { deptIds } : {}),
    offset: (current - 1) * size,
    limit: size,
  });
  return pageResult(await withDepartments(deps, ctx.tenantId, rows), total, current, size);
}

/**
 * Sets a user's departments to exactly these (an empty list clears them). Another tenant's user is not found (404);
 * a department that is not in the tenant's list is a 400 naming the unknown ids, and nothing is written.
 */
export async function submitUserDepts(
  deps: AppDeps,
  ctx: RequestContext,
  req: UserDeptSubmitRequest,
): Promise<UserDeptItem> {
  const user = await directory.user(deps.db, ctx.tenantId, req.userId);
  if (!user) throw notFound(USER_DEPT_MESSAGES.noSuchUser);
  const known = new Set((await departments(deps.db).list(ctx.tenantId)).map((d) => d.id));
  const unknown = [...new Set(req.deptIds)].filter((id) => !known.has(id));
  if (unknown.length) throw badRequest(USER_DEPT_MESSAGES.noSuchDept, unknown.join(','));
  await audited(
    deps,
    ctx,
    { kind: 'userDepartments', id: user.id, summary: `用户「${user.user_name}（${user.account}）」的部门` },
    (tx) => directory.setUserDepartments(tx.db, ctx.tenantId, user.id, req.deptIds, 'admin'),
  );
  return (await withDepartments(deps, ctx.tenantId, [user]))[0]!;
}

import { envelope } from '@portal/contracts/envelope';
import {
  USER_DEPT_MENU,
  USER_DEPT_PATHS,
  UserDeptItem,
  UserDeptOptions,
  UserDeptPage,
  UserDeptPageRequest,
  UserDeptSubmitRequest,
} from '@portal/contracts/user-departments';
import { EmptyRequest } from '@portal/contracts/workbench';
import { ok } from '../../platform/envelope.ts';
import { GROUPS, typed, userOf, type App } from '../../platform/http.ts';
import { submitUserDepts, userDeptOptions, userDeptPage } from './user-departments.service.ts';

/**
 * Users' departments set by hand (issue 14, ADR 0035): administrators holding the configuration menu userDeptConfig
 * (用户部门配置) list the tenant's users with their departments and set them.
 */
export async function userDepartmentsRoutes(app: App): Promise<void> {
  const r = typed(app);
  const { deps } = app;
  const U = GROUPS.user;
  const tags = ['user-departments'];
  const config = { menu: USER_DEPT_MENU } as const;
  r.post(
    `${U}${USER_DEPT_PATHS.page}`,
    {
      config,
      schema: {
        tags,
        summary: "A page of the tenant's users with their departments (search by name or account, one department)",
        body: UserDeptPageRequest,
        response: { 200: envelope(UserDeptPage) },
      },
    },
    async (q) => ok(await userDeptPage(deps, userOf(q), q.body)),
  );
  r.post(
    `${U}${USER_DEPT_PATHS.options}`,
    {
      config,
      schema: {
        tags,
        summary: "The tenant's one department list, for the tree select",
        body: EmptyRequest,
        response: { 200: envelope(UserDeptOptions) },
      },
    },
    async (q) => ok(await userDeptOptions(deps, userOf(q))),
  );
  r.post(
    `${U}${USER_DEPT_PATHS.submit}`,
    {
      config,
      schema: {
        tags,
        summary: "Sets a user's departments to exactly these (an empty list clears them); recorded in the audit log",
        body: UserDeptSubmitRequest,
        response: { 200: envelope(UserDeptItem) },
      },
    },
    async (q) => ok(await submitUserDepts(deps, userOf(q), q.body)),
  );
}

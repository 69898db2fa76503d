import './zod-setup.ts';
import { z } from 'zod';
import { pageOf, PageRequest } from './envelope.ts';

/**
 * Users' departments set by hand (issue 14, ADR 0035): administrators holding the configuration menu
 * userDeptConfig (用户部门配置) list the tenant's users with their departments and set them from the tenant's one
 * department list (ADR 0032), so that a notice addressed to a department reaches them. Not calls of section 7: the
 * portal's own, in BladeX's user group (/api/blade-user).
 */
export const USER_DEPT_MENU = 'userDeptConfig';

export const USER_DEPT_PATHS = {
  page: '/userDept/page',
  options: '/userDept/options',
  submit: '/userDept/submit',
} as const;

/** Server messages (section 8 style: zh-CN in msg). [zh-CN, en-US]. */
export const USER_DEPT_TEXTS = {
  noSuchUser: ['用户不存在', 'No such user'],
  noSuchDept: ['部门不存在', 'No such department'],
} as const satisfies Record<string, readonly [string, string]>;
export const USER_DEPT_MESSAGES = Object.fromEntries(Object.entries(USER_DEPT_TEXTS).map(([k, v]) => [k, v[0]])) as {
  [K in keyof typeof USER_DEPT_TEXTS]: (typeof USER_DEPT_TEXTS)[K][0];
};

const Id = z.string().trim().min(1).max(64);

/** Where a membership comes from: set by an administrator, or by the school's identity sign-in (its attribute). */
export const USER_DEPT_SOURCES = ['admin', 'identity'] as const;
export const UserDeptSource = z.enum(USER_DEPT_SOURCES);
export type UserDeptSource = z.infer<typeof UserDeptSource>;

/** A page of the tenant's users: by name or account (part of either), and/or members of one department. */
export const UserDeptPageRequest = PageRequest.extend({
  keyword: z.string().trim().max(64).optional(),
  /** Only members of this department (itself, not the departments under it); '' or absent: everyone. */
  deptId: z.string().trim().max(64).optional(),
});
export type UserDeptPageRequest = z.input<typeof UserDeptPageRequest>;

export const UserDeptMembership = z.object({ id: z.string(), name: z.string(), source: UserDeptSource });
export type UserDeptMembership = z.infer<typeof UserDeptMembership>;

export const UserDeptItem = z.object({
  userId: z.string(),
  account: z.string(),
  userName: z.string(),
  roleName: z.string(),
  departments: z.array(UserDeptMembership),
});
export type UserDeptItem = z.infer<typeof UserDeptItem>;

export const UserDeptPage = pageOf(UserDeptItem);
export type UserDeptPage = z.infer<typeof UserDeptPage>;

/** The tenant's one department list, for the tree select ('' parent at the top). */
export const UserDeptOptions = z.object({
  depts: z.array(z.object({ id: z.string(), name: z.string(), parentId: z.string() })),
});
export type UserDeptOptions = z.infer<typeof UserDeptOptions>;

/** Sets a user's departments to exactly these (an empty list clears them). */
export const UserDeptSubmitRequest = z.object({
  userId: Id,
  deptIds: z.array(Id).max(50),
});
export type UserDeptSubmitRequest = z.infer<typeof UserDeptSubmitRequest>;

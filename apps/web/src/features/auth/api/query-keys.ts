/**
 * The one query-key factory of the sign-in feature (issue 15). The signed-in user is a shared key
 * (lib/query-keys.ts): the personal center shows it too.
 */
export const authKeys = {
  all: ['auth'] as const,
  /** What the login page reads before anyone is signed in; a logout keeps it (login-page.tsx). */
  signIn: () => [...authKeys.all, 'signIn'] as const,
  tenantDetail: (tenantId: string) => [...authKeys.signIn(), 'tenantDetail', tenantId] as const,
  loginMode: (tenantId: string) => [...authKeys.signIn(), 'loginMode', tenantId] as const,
  roles: () => [...authKeys.all, 'roles'] as const,
  identityProvider: () => [...authKeys.all, 'identityProvider'] as const,
  /** 用户部门配置: the users' pages and the department list (a save invalidates both). */
  userDepts: () => [...authKeys.all, 'userDepts'] as const,
  userDeptPage: (filter: object) => [...authKeys.userDepts(), 'page', filter] as const,
  userDeptOptions: () => [...authKeys.userDepts(), 'options'] as const,
};

/** The query-key factory of the sign-in feature's administration reads (the login page keeps its own keys). */
export const authKeys = {
  all: ['auth'] as const,
  roles: () => [...authKeys.all, 'roles'] as const,
  identityProvider: () => [...authKeys.all, 'identityProvider'] as const,
  /** 用户部门配置: the users' pages and the department list (a save invalidates both). */
  userDepts: () => [...authKeys.all, 'userDepts'] as const,
  userDeptPage: (filter: object) => [...authKeys.userDepts(), 'page', filter] as const,
  userDeptOptions: () => [...authKeys.userDepts(), 'options'] as const,
};

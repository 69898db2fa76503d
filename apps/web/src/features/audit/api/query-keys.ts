/** The one query-key factory of the configuration audit log (configuration menu configAuditLog; issue 15). */
export const auditKeys = {
  all: ['audit'] as const,
  log: () => [...auditKeys.all, 'log'] as const,
  page: (filter: object) => [...auditKeys.log(), 'page', filter] as const,
  users: () => [...auditKeys.log(), 'users'] as const,
};

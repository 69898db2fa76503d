import type { AppDeps } from '../../platform/http.ts';
import { roleList } from '../auth/auth.service.ts';

/** The tenant's roles grouped by role type, in the roles' order (common/getRoleListClass and the card grants). */
export async function roleClasses(deps: AppDeps, tenantId: string) {
  const roles = await roleList(deps, tenantId);
  const types = [...new Set(roles.map((r) => r.roleType))];
  return types.map((roleType) => ({
    roleType,
    roles: roles
      .filter((r) => r.roleType === roleType)
      .map((r) => ({ id: r.id, roleName: r.roleName, roleType: r.roleType })),
  }));
}

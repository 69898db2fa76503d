/** A signed-in student of the demo tenant, as the session store holds one (tests of the shell and the guard). */
export const STUDENT_USER = {
  user_id: 'u3',
  user_name: '张同学',
  account: 'student01',
  nick_name: '张小华',
  tenant_id: '000000',
  tenant_name: '示例大学',
  roleId: '000000-student',
  roleType: 'student',
  roleName: '学生',
  configurationMenu: [],
};

import type { Db } from '../create-db.ts';
import { nowIso } from '../sql-helpers.ts';
import { hashPassword } from '../../platform/crypto.ts';
import { CONFIGURATION_MENUS } from '@portal/contracts/routes';
import { DEFAULT_PASSWORD_RULE, TENANT_ROLES } from '../../modules/auth/auth.tenant-setup.ts';

/** The demo tenant and accounts the README, the docs and the tests use. */
export const DEMO_TENANT_ID = '000000';
export const DEMO_TENANT_NAME = '示例大学';
export const DEMO_PASSWORD = 'Demo@12345';

/** The four roles every tenant gets (modules/auth's TENANT_ROLES), with the demo tenant's ids (000000-admin …). */
export const DEMO_ROLES = TENANT_ROLES.map(({ suffix, ...r }) => ({ ...r, id: `${DEMO_TENANT_ID}-${suffix}` }));

export const DEMO_USERS = [
  {
    id: '1123598821738675201',
    account: 'admin',
    user_name: '系统管理员',
    nick_name: '管理员',
    role_id: '000000-admin',
  },
  {
    id: '1123598821738675202',
    account: 'teacher01',
    user_name: '李老师',
    nick_name: '李明',
    role_id: '000000-teacher',
  },
  {
    id: '1123598821738675203',
    account: 'student01',
    user_name: '张同学',
    nick_name: '张小华',
    role_id: '000000-student',
  },
  // A second student, so that a group of four (a sender and three others) can show 已读 2/3 (issue 14).
  {
    id: '1123598821738675204',
    account: 'student02',
    user_name: '王同学',
    nick_name: '王小明',
    role_id: '000000-student',
  },
] as const;

/** Which configuration menus each demo role holds: the administrator all of them. */
const DEMO_ROLE_MENUS: Record<string, readonly string[]> = {
  '000000-admin': CONFIGURATION_MENUS.map((m) => m.name),
  '000000-teacher': ['deptResponsibilityListConfig'],
};

/** Idempotent: running it again inserts nothing and changes nothing an administrator edited. */
export async function seedDemoTenant(db: Db): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('tenants')
    .values({ tenant_id: DEMO_TENANT_ID, tenant_name: DEMO_TENANT_NAME, status: 1, created_at: now })
    .onConflict((oc) => oc.column('tenant_id').doNothing())
    .execute();
  for (const role of DEMO_ROLES) {
    await db
      .insertInto('roles')
      .values({ ...role, tenant_id: DEMO_TENANT_ID })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
  for (const [roleId, menus] of Object.entries(DEMO_ROLE_MENUS)) {
    for (const menu_name of menus) {
      await db
        .insertInto('role_menus')
        .values({ tenant_id: DEMO_TENANT_ID, role_id: roleId, menu_name })
        .onConflict((oc) => oc.columns(['role_id', 'menu_name']).doNothing())
        .execute();
    }
  }
  const existing = new Set(
    (await db.selectFrom('users').where('tenant_id', '=', DEMO_TENANT_ID).select('account').execute()).map(
      (u) => u.account,
    ),
  );
  for (const user of DEMO_USERS) {
    if (existing.has(user.account)) continue;
    await db
      .insertInto('users')
      .values({
        ...user,
        tenant_id: DEMO_TENANT_ID,
        password_hash: await hashPassword(DEMO_PASSWORD),
        is_demo: 1,
        status: 1,
        created_at: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
  await db
    .insertInto('login_configs')
    .values({
      tenant_id: DEMO_TENANT_ID,
      identity_auth_status: 1,
      is_self_cas: 1,
      out_log_tip: '您已安全退出示例大学网上办事服务大厅',
    })
    .onConflict((oc) => oc.column('tenant_id').doNothing())
    .execute();
  await db
    .insertInto('robot_configs')
    .values({
      tenant_id: DEMO_TENANT_ID,
      robot_name: '小助手',
      robot_avatar: '',
      greeting: '您好，我是示例大学网上办事小助手，请问有什么可以帮您？',
      robot_name_en: 'Assistant',
      greeting_en: 'Hello, I am the online service assistant of Demo University. How can I help you?',
      enabled: 1,
    })
    .onConflict((oc) => oc.column('tenant_id').doNothing())
    .execute();
  await db
    .insertInto('password_configs')
    .values({ tenant_id: DEMO_TENANT_ID, ...DEFAULT_PASSWORD_RULE })
    .onConflict((oc) => oc.column('tenant_id').doNothing())
    .execute();
}

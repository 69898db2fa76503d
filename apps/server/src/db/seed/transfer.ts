import type { Db } from '../create-db.ts';
import { nowIso } from '../sql-helpers.ts';
import { demoDeptIdOf, seedDepartments } from './catalogue.ts';
import { DEMO_TENANT_ID, DEMO_USERS } from './demo.ts';

/**
 * The three lists' demo data: what they add to departments of the one list (ADR 0032; names and parents are the
 * catalogue's, seedDepartments), duty lists and the catalogue services tied to them.
 */
const DEPTS = [
  { key: 'xb', name: '校办', responsibility: '负责学校日常行政事务的组织协调。', phone: '010-62750001' },
  { key: 'jwc', name: '教务处', responsibility: '负责全校本科教学运行与学籍管理。', phone: '010-62750002' },
  {
    key: 'jwc-ks',
    name: '考试中心',
    responsibility: '负责各类考试的组织与成绩管理。',
    phone: '010-62750003',
  },
  {
    key: 'xsc',
    name: '学生工作处',
    responsibility: '负责学生思想教育、资助与日常管理。',
    phone: '010-62750004',
  },
  { key: 'rsc', name: '人事处', responsibility: '负责教职工招聘、考核与薪酬管理。', phone: '010-62750005' },
  {
    key: 'xxzx',
    name: '信息化建设与管理中心',
    responsibility: '负责校园网络与信息系统建设运维。',
    phone: '010-62750006',
  },
] as const;

const SERVICES = [
  { key: 'cjd', name: '成绩单打印', dept: 'jwc' },
  { key: 'xjzm', name: '学籍信息修改', dept: 'jwc' },
  { key: 'hk', name: '补考重修报名', dept: 'jwc-ks' },
  { key: 'jxj', name: '奖学金申请', dept: 'xsc' },
  { key: 'zxdk', name: '家庭经济困难学生认定', dept: 'xsc' },
  { key: 'rzzm', name: '在职证明开具', dept: 'rsc' },
  { key: 'wl', name: '校园网开户', dept: 'xxzx' },
  { key: 'yx', name: '电子邮箱申请', dept: 'xxzx' },
] as const;

const DUTIES = [
  {
    key: 'jwc-1',
    dept: 'jwc',
    name: '本科教学运行管理',
    type: '职责',
    content: '组织编制教学计划，安排课程与教室。',
    services: ['cjd'],
  },
  {
    key: 'jwc-2',
    dept: 'jwc',
    name: '学籍管理',
    type: '职责',
    content: '办理学生注册、学籍异动与证明。',
    services: ['xjzm', 'cjd'],
  },
  {
    key: 'jwc-ks-1',
    dept: 'jwc-ks',
    name: '考试组织',
    type: '职责',
    content: '组织期末考试与补考、缓考。',
    services: ['hk'],
  },
  {
    key: 'xsc-1',
    dept: 'xsc',
    name: '学生资助',
    type: '职责',
    content: '评定奖助学金，办理助学贷款。',
    services: ['jxj', 'zxdk'],
  },
  {
    key: 'rsc-1',
    dept: 'rsc',
    name: '人事证明',
    type: '责任',
    content: '为在职教职工开具各类证明。',
    services: ['rzzm'],
  },
  {
    key: 'xxzx-1',
    dept: 'xxzx',
    name: '网络服务',
    type: '职责',
    content: '校园网与邮箱账号的开通与维护。',
    services: ['wl', 'yx'],
  },
] as const;

/** The one list's id of a department of this seed, by its key here. */
export const demoDeptId = (key: string, tenantId = DEMO_TENANT_ID) =>
  demoDeptIdOf(DEPTS.find((d) => d.key === key)!.name, tenantId);
export const demoDutyId = (key: string, tenantId = DEMO_TENANT_ID) => `${tenantId}-duty-${key}`;
export const demoServiceId = (key: string, tenantId = DEMO_TENANT_ID) => `${tenantId}-svc-${key}`;

/**
 * The id a demo duty links for a service: the service catalogue's service of the same name when the catalogue
 * has one (so a name means one service), else this seed's own entry.
 */
export async function resolveServiceId(db: Db, tenantId: string, key: string): Promise<string> {
  const svc = SERVICES.find((s) => s.key === key)!;
  const found = await db
    .selectFrom('svc_services')
    .where('tenant_id', '=', tenantId)
    .where('service_name', '=', svc.name)
    .where('status', '=', 1)
    .select('id')
    .orderBy('id')
    .executeTakeFirst();
  return found?.id ?? demoServiceId(key, tenantId);
}

/** Idempotent: what exists (and what an administrator edited) is left alone. */
export async function seedTransfer(db: Db, tenantId = DEMO_TENANT_ID): Promise<void> {
  const now = nowIso();
  await seedDepartments(db, tenantId);
  for (const d of DEPTS) {
    await db
      .insertInto('osp_depts')
      .values({
        id: demoDeptId(d.key, tenantId),
        tenant_id: tenantId,
        responsibility: d.responsibility,
        phone: d.phone,
        address: '',
        updated_at: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
  for (const s of SERVICES) {
    if ((await resolveServiceId(db, tenantId, s.key)) !== demoServiceId(s.key, tenantId)) continue;
    await db
      .insertInto('osp_list_services')
      .values({
        id: demoServiceId(s.key, tenantId),
        tenant_id: tenantId,
        service_name: s.name,
        dept_id: demoDeptId(s.dept, tenantId),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
  let sort = 0;
  for (const d of DUTIES) {
    const id = demoDutyId(d.key, tenantId);
    const inserted = await db
      .insertInto('osp_duties')
      .values({
        id,
        tenant_id: tenantId,
        dept_id: demoDeptId(d.dept, tenantId),
        duty_name: d.name,
        duty_type: d.type,
        duty_content: d.content,
        sort: sort++,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) continue;
    for (const key of d.services) {
      const svc = SERVICES.find((s) => s.key === key)!;
      await db
        .insertInto('osp_duty_services')
        .values({
          tenant_id: tenantId,
          duty_id: id,
          service_id: await resolveServiceId(db, tenantId, key),
          service_name: svc.name,
        })
        .onConflict((oc) => oc.columns(['tenant_id', 'duty_id', 'service_id']).doNothing())
        .execute();
    }
  }
  // teacher01 maintains the duty list of 教务处 (and its sub-departments).
  const teacher = DEMO_USERS.find((u) => u.account === 'teacher01')!;
  if (tenantId === DEMO_TENANT_ID) {
    await db
      .insertInto('osp_dept_managers')
      .values({ tenant_id: tenantId, dept_id: demoDeptId('jwc', tenantId), user_id: teacher.id })
      .onConflict((oc) => oc.columns(['tenant_id', 'dept_id', 'user_id']).doNothing())
      .execute();
  }
  await db
    .insertInto('three_list_configs')
    .values({
      tenant_id: tenantId,
      page_title: '三清单',
      introduction: '公开各部门职责清单及对应办事服务。',
      page_title_en: 'Three lists',
      introduction_en: 'The duties of each department and the services that go with them, made public.',
      show_services: 1,
      duty_type_must: 0,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('tenant_id').doNothing())
    .execute();
}

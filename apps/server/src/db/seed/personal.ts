import type { Db } from '../create-db.ts';
import { nowIso } from '../sql-helpers.ts';
import { DEMO_TENANT_ID } from './demo.ts';

/**
 * The demo personal center of 示例大学: the external systems (教务系统, 财务系统, 图书馆, 一卡通, 邮箱, VPN) with
 * the roles that see them, and the school calendar of the 2026-2027 school year. Idempotent: rows are keyed by
 * fixed ids and never overwritten.
 */

const ALL = null;
const STAFF_ROLES = ['000000-admin', '000000-teacher', '000000-staff'];

export const DEMO_ACCESS_LINKS = [
  {
    key: 'jw',
    name: '教务系统',
    url: 'https://jw.demo.edu.cn/',
    description: '选课、课表、成绩与考试安排',
    roles: ALL,
  },
  {
    key: 'cw',
    name: '财务系统',
    url: 'https://cw.demo.edu.cn/',
    description: '报销、酬金与个人收入查询',
    roles: STAFF_ROLES,
  },
  { key: 'lib', name: '图书馆', url: 'https://lib.demo.edu.cn/', description: '馆藏检索、借阅与电子资源', roles: ALL },
  {
    key: 'card',
    name: '一卡通',
    url: 'https://card.demo.edu.cn/',
    description: '校园卡充值、消费记录与挂失',
    roles: ALL,
  },
  { key: 'mail', name: '邮箱', url: 'https://mail.demo.edu.cn/', description: '学校电子邮箱', roles: ALL },
  { key: 'vpn', name: 'VPN', url: 'https://vpn.demo.edu.cn/', description: '校外访问校内资源', roles: ALL },
] as const;

export const demoLinkId = (key: string, tenantId = DEMO_TENANT_ID) => `${tenantId}-link-${key}`;

export const DEMO_SEMESTERS = [
  { term: 1, name: '2026-2027学年第一学期', start: '2026-09-07', end: '2027-01-17' },
  { term: 2, name: '2026-2027学年第二学期', start: '2027-02-22', end: '2027-07-04' },
] as const;

export const DEMO_CALENDAR_EVENTS = [
  { key: 'zq', name: '中秋节', kind: 'holiday', start: '2026-09-25', end: '2026-09-27' },
  { key: 'gq', name: '国庆节', kind: 'holiday', start: '2026-10-01', end: '2026-10-07' },
  { key: 'yd', name: '元旦', kind: 'holiday', start: '2027-01-01', end: '2027-01-03' },
  { key: 'qm1', name: '期末考试', kind: 'exam', start: '2027-01-04', end: '2027-01-17' },
  { key: 'hj', name: '寒假', kind: 'vacation', start: '2027-01-18', end: '2027-02-21' },
  { key: 'qmj', name: '清明节', kind: 'holiday', start: '2027-04-03', end: '2027-04-05' },
  { key: 'ld', name: '劳动节', kind: 'holiday', start: '2027-05-01', end: '2027-05-05' },
  { key: 'dw', name: '端午节', kind: 'holiday', start: '2027-06-09', end: '2027-06-11' },
  { key: 'qm2', name: '期末考试', kind: 'exam', start: '2027-06-21', end: '2027-07-04' },
  { key: 'sj', name: '暑假', kind: 'vacation', start: '2027-07-05', end: '2027-09-05' },
] as const;

export async function seedPersonal(db: Db, tenantId = DEMO_TENANT_ID): Promise<void> {
  const now = nowIso();
  for (const [i, l] of DEMO_ACCESS_LINKS.entries()) {
    const id = demoLinkId(l.key, tenantId);
    await db
      .insertInto('pc_access_links')
      .values({
        id,
        tenant_id: tenantId,
        system_name: l.name,
        system_url: l.url,
        icon: '',
        description: l.description,
        sort: i + 1,
        enabled: 1,
        created_at: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    for (const role of l.roles ?? []) {
      await db
        .insertInto('pc_access_link_roles')
        .values({ tenant_id: tenantId, link_id: id, role_id: role.replace(DEMO_TENANT_ID, tenantId) })
        .onConflict((oc) => oc.columns(['link_id', 'role_id']).doNothing())
        .execute();
    }
  }
  for (const s of DEMO_SEMESTERS) {
    await db
      .insertInto('pc_semesters')
      .values({
        id: `${tenantId}-sem-2026-2027-${s.term}`,
        tenant_id: tenantId,
        school_year: '2026-2027',
        term: s.term,
        name: s.name,
        start_date: s.start,
        end_date: s.end,
      })
      .onConflict((oc) => oc.columns(['tenant_id', 'school_year', 'term']).doNothing())
      .execute();
  }
  for (const e of DEMO_CALENDAR_EVENTS) {
    await db
      .insertInto('pc_calendar_events')
      .values({
        id: `${tenantId}-cal-2026-2027-${e.key}`,
        tenant_id: tenantId,
        school_year: '2026-2027',
        name: e.name,
        kind: e.kind,
        start_date: e.start,
        end_date: e.end,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
}

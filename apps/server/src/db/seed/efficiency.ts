import type { Db } from '../create-db.ts';
import type { EffProcessNodeRow } from '../tables/efficiency.ts';
import { nodesByProcess, storeProcesses, type ProcessInput } from '../../modules/efficiency/efficiency.aggregates.ts';
import { nowIso } from '../sql-helpers.ts';
import { demoServices, DEMO_DEPTS, DEMO_SCENES } from './catalogue.ts';
import { DEMO_TENANT_ID, DEMO_USERS } from './demo.ts';

/**
 * Demo data of efficiency supervision for 示例大学: 90 process instances of five kinds (请假审批, 用印申请,
 * 报销审批 …) started one to sixty days before the seed ran, each with its approval nodes, handlers and
 * timings; some finished late, some still running past their due time. Also a few service ratings and
 * clicks for the likes and heat rankings. Deterministic for a given day, and idempotent.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const DEMO_PROCESS_COUNT = 90;
/** Every demo process starts within this many days before the seed's day. */
export const DEMO_PROCESS_DAYS = 60;

const [ADMIN, TEACHER, STUDENT] = DEMO_USERS;
const person = (id: string, name: string) => ({ id, name });
const admin = person(ADMIN.id, ADMIN.user_name);
const teacher = person(TEACHER.id, TEACHER.user_name);
const student = person(STUDENT.id, STUDENT.user_name);
const staff = (tenantId: string, key: string, name: string) => person(`${tenantId}-staff-${key}`, name);

type NodeSeed = {
  name: string;
  hours: number;
  dueHours: number;
  handler: 'admin' | 'teacher' | 'wang' | 'zhao' | 'chen';
};
type TemplateSeed = {
  processName: string;
  service: string;
  dept: string;
  dueHours: number;
  nodes: NodeSeed[];
  applicant: 'student' | 'teacher';
};

export const DEMO_PROCESS_TEMPLATES: TemplateSeed[] = [
  {
    processName: '请假审批',
    service: '学生请假申请',
    dept: '学生工作处',
    dueHours: 48,
    applicant: 'student',
    nodes: [
      { name: '辅导员审批', hours: 6, dueHours: 24, handler: 'teacher' },
      { name: '学院审批', hours: 10, dueHours: 24, handler: 'admin' },
    ],
  },
  {
    processName: '用印申请',
    service: '在职证明开具',
    dept: '人事处',
    dueHours: 72,
    applicant: 'teacher',
    nodes: [
      { name: '部门负责人审核', hours: 8, dueHours: 24, handler: 'wang' },
      { name: '党政办用印', hours: 20, dueHours: 48, handler: 'admin' },
    ],
  },
  {
    processName: '报销审批',
    service: '网上报销',
    dept: '财务处',
    dueHours: 120,
    applicant: 'teacher',
    nodes: [
      { name: '项目负责人审核', hours: 12, dueHours: 24, handler: 'teacher' },
      { name: '财务初审', hours: 24, dueHours: 48, handler: 'zhao' },
      { name: '出纳付款', hours: 16, dueHours: 48, handler: 'chen' },
    ],
  },
  {
    processName: '宿舍报修',
    service: '宿舍报修',
    dept: '后勤管理处',
    dueHours: 48,
    applicant: 'student',
    nodes: [
      { name: '派单', hours: 2, dueHours: 8, handler: 'chen' },
      { name: '维修完成确认', hours: 20, dueHours: 40, handler: 'wang' },
    ],
  },
  {
    processName: '教职工请假',
    service: '教职工请假申请',
    dept: '人事处',
    dueHours: 48,
    applicant: 'teacher',
    nodes: [
      { name: '部门负责人审批', hours: 5, dueHours: 24, handler: 'wang' },
      { name: '人事处备案', hours: 8, dueHours: 24, handler: 'admin' },
    ],
  },
];

/** Midnight (UTC) of the day `ms` falls in: the seed's anchor. */
export const dayStart = (ms: number) => Math.floor(ms / DAY) * DAY;

/** The demo processes and nodes for a tenant, relative to the day `anchor` (midnight UTC). Pure, for tests. */
export function demoEfficiency(
  tenantId: string,
  anchor: number,
): { processes: ProcessInput[]; nodes: EffProcessNodeRow[] } {
  const services = demoServices();
  const deptIndex = new Map(DEMO_DEPTS.map((d, i) => [d.name, i]));
  const people = {
    admin,
    teacher,
    wang: staff(tenantId, 'wang', '王主任'),
    zhao: staff(tenantId, 'zhao', '赵会计'),
    chen: staff(tenantId, 'chen', '陈师傅'),
  };
  const id = (s: string) => `${tenantId}-${s}`;
  const processes: ProcessInput[] = [];
  const nodes: EffProcessNodeRow[] = [];
  for (let i = 0; i < DEMO_PROCESS_COUNT; i++) {
    const t = DEMO_PROCESS_TEMPLATES[i % DEMO_PROCESS_TEMPLATES.length]!;
    const service = services.find((s) => s.name === t.service)!;
    const running = i % 6 === 0;
    const late = i % 5 === 1;
    let daysAgo = 1 + ((i * 7) % DEMO_PROCESS_DAYS);
    // A running process whose due time falls on the seed's own day would be late or not depending on the hour.
    if (running && Math.ceil(t.dueHours / 24) === daysAgo) daysAgo += 1;
    let started = anchor - daysAgo * DAY + (8 + (i % 8)) * HOUR;
    const applicant =
      t.applicant === 'student'
        ? i % 3 === 0
          ? student
          : person(id(`stu-${i % 7}`), `学生${i % 7}`)
        : i % 2 === 0
          ? teacher
          : person(id(`tch-${i % 5}`), `教师${i % 5}`);
    const pid = id(`proc-${String(i + 1).padStart(3, '0')}`);
    // A running process waits at its last node (or, every other one, its first) since it arrived.
    const stopAt = running ? (i % 12 === 0 ? 0 : t.nodes.length - 1) : t.nodes.length;
    const factor = 1 + (i % 3) * 0.25;
    const nodeHours = (j: number) => t.nodes[j]!.hours * factor * (late && j === t.nodes.length - 1 ? 6 : 1);
    // A finished process finished before the seed's day, never in the future (issue 16): a long one starts earlier.
    if (!running) {
      let total = 0;
      for (let j = 0; j < stopAt; j++) total += nodeHours(j);
      while (started + total * HOUR > anchor) started -= DAY;
    }
    let at = started;
    t.nodes.forEach((n, j) => {
      if (j > stopAt) return;
      const hours = nodeHours(j);
      const handled = j < stopAt ? at + hours * HOUR : null;
      const h = people[n.handler];
      nodes.push({
        id: `${pid}-n${j + 1}`,
        tenant_id: tenantId,
        process_id: pid,
        node_name: n.name,
        handler_id: h.id,
        handler_name: h.name,
        sort: j + 1,
        arrived_at: nowIso(at),
        due_at: nowIso(at + n.dueHours * HOUR),
        handled_at: handled === null ? null : nowIso(handled),
      });
      if (handled !== null) at = handled;
    });
    processes.push({
      id: pid,
      tenant_id: tenantId,
      service_id: service.id.replace(DEMO_TENANT_ID, tenantId),
      dept_id: `${tenantId}-dept-${String(deptIndex.get(t.dept)! + 1).padStart(2, '0')}`,
      scene_id: `${tenantId}-scene-${String(DEMO_SCENES.indexOf(service.scene as (typeof DEMO_SCENES)[number]) + 1).padStart(2, '0')}`,
      process_name: t.processName,
      title: `${applicant.name}的${t.processName}（${String(i + 1).padStart(3, '0')}）`,
      applicant_id: applicant.id,
      applicant_name: applicant.name,
      started_at: nowIso(started),
      due_at: nowIso(started + t.dueHours * HOUR),
      finished_at: running ? null : nowIso(at),
    });
  }
  return { processes, nodes };
}

/** Ratings (score per rater) of a few services, for the likes board; raters are demo people, not accounts. */
export const DEMO_RATINGS: Record<string, number[]> = {
  网上报销: [5, 5, 4, 5],
  校园卡充值: [5, 4, 4],
  图书续借: [4, 4, 3, 5, 4],
  门诊预约: [3, 4],
  座位预约: [5, 5, 5],
  水电费缴纳: [2, 3, 4],
};
/** Clicks during the last days, for the heat ranking's clicks in range. */
export const DEMO_CLICKS: Record<string, number> = {
  网上报销: 9,
  校园卡充值: 14,
  图书续借: 6,
  座位预约: 11,
  学生请假申请: 8,
};

export async function seedEfficiency(db: Db, tenantId = DEMO_TENANT_ID, now = Date.now()): Promise<void> {
  const done = await db
    .selectFrom('eff_processes')
    .where('tenant_id', '=', tenantId)
    .select('id')
    .limit(1)
    .executeTakeFirst();
  if (done) return;
  const { processes, nodes } = demoEfficiency(tenantId, dayStart(now));
  const nodesOf = nodesByProcess(nodes);
  await storeProcesses(
    db,
    tenantId,
    processes.map((process) => ({ process, nodes: nodesOf.get(process.id) ?? [] })),
  );

  const services = demoServices();
  const sid = (name: string) => services.find((s) => s.name === name)!.id.replace(DEMO_TENANT_ID, tenantId);
  const existing = new Set(
    (await db.selectFrom('svc_services').where('tenant_id', '=', tenantId).select('id').execute()).map((r) => r.id),
  );
  const ratings = Object.entries(DEMO_RATINGS)
    .flatMap(([name, scores]) =>
      scores.map((score, k) => ({
        id: `${tenantId}-eff-rate-${sid(name)}-${k}`,
        tenant_id: tenantId,
        service_id: sid(name),
        user_id: `${tenantId}-rater-${k + 1}`,
        user_name: `评价人${k + 1}`,
        score,
        labels: '[]',
        comment: '',
        created_at: nowIso(now - (k + 1) * DAY),
      })),
    )
    .filter((r) => existing.has(r.service_id));
  if (ratings.length)
    await db
      .insertInto('svc_ratings')
      .values(ratings)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  const clicks = Object.entries(DEMO_CLICKS)
    .flatMap(([name, n]) =>
      Array.from({ length: n }, (_, k) => ({
        id: `${tenantId}-eff-click-${sid(name)}-${k}`,
        tenant_id: tenantId,
        service_id: sid(name),
        user_id: '',
        created_at: nowIso(dayStart(now) - (1 + (k % 20)) * DAY + HOUR * 10),
      })),
    )
    .filter((c) => existing.has(c.service_id));
  if (clicks.length)
    await db
      .insertInto('svc_clicks')
      .values(clicks)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
}

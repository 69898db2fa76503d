import type { Db } from '../create-db.ts';
import { nowIso } from '../sql-helpers.ts';
import { DEMO_TENANT_ID, DEMO_TENANT_NAME } from './demo.ts';
import { sanitizeGuide, guideText } from '../../modules/services/guide-html.ts';
import { demoIconOf } from './icons.ts';

/**
 * The demo service catalogue of 示例大学: 15 departments with services (and two without, seedDepartments), 9 scenes, 4 types, 122 services of both business
 * types with every openWay and accessWay, guides, role visibility, shelf labels, quick rating labels,
 * sensitive words, the landing page, footer and comb-cygj tools. Idempotent.
 */

export const DEMO_SCENES = [
  '入学报到',
  '学习教学',
  '科研学术',
  '生活服务',
  '财务资产',
  '人事工作',
  '出行安全',
  '毕业离校',
  '信息网络',
] as const;
export const DEMO_TYPES = ['学生服务', '教职工服务', '公共服务', '管理服务'] as const;

type DeptSeed = {
  name: string;
  scene: (typeof DEMO_SCENES)[number];
  audience: 'student' | 'teacher' | 'public';
  services: string[];
};

export const DEMO_DEPTS: DeptSeed[] = [
  {
    name: '教务处',
    scene: '学习教学',
    audience: 'student',
    services: [
      '成绩查询',
      '成绩单打印',
      '成绩复核申请',
      '课表查询',
      '选课系统',
      '考试安排查询',
      '补考重修报名',
      '转专业申请',
      '辅修学位报名',
      '教室借用申请',
      '教师调停课申请',
      '学籍信息修改',
      '毕业资格审核',
    ],
  },
  {
    name: '学生工作处',
    scene: '生活服务',
    audience: 'student',
    services: [
      '学生请假申请',
      '学生销假登记',
      '奖学金申请',
      '助学金申请',
      '家庭经济困难学生认定',
      '勤工助学岗位申请',
      '学生证补办',
      '心理咨询预约',
      '宿舍调换申请',
      '违纪处分申诉',
      '学生离校手续',
      '学生医保参保',
    ],
  },
  {
    name: '研究生院',
    scene: '学习教学',
    audience: 'student',
    services: [
      '研究生成绩查询',
      '研究生选课',
      '学位论文提交',
      '论文答辩申请',
      '导师双选',
      '研究生学籍异动',
      '研究生中期考核',
      '学位申请',
    ],
  },
  {
    name: '人事处',
    scene: '人事工作',
    audience: 'teacher',
    services: [
      '教职工请假申请',
      '职称评审申报',
      '工资条查询',
      '在职证明开具',
      '收入证明开具',
      '年度考核',
      '人才招聘',
      '退休办理',
      '教职工培训报名',
    ],
  },
  {
    name: '财务处',
    scene: '财务资产',
    audience: 'public',
    services: [
      '学费缴纳',
      '报销预约',
      '网上报销',
      '借款申请',
      '酬金申报',
      '电子发票开具',
      '缴费记录查询',
      '个税查询',
      '财务票据查询',
    ],
  },
  {
    name: '科学技术研究院',
    scene: '科研学术',
    audience: 'teacher',
    services: [
      '科研项目申报',
      '科研经费查询',
      '科研成果登记',
      '学术会议申请',
      '横向合同审批',
      '专利申请',
      '科研诚信承诺',
    ],
  },
  {
    name: '后勤管理处',
    scene: '生活服务',
    audience: 'public',
    services: [
      '宿舍报修',
      '校园卡充值',
      '校园卡挂失',
      '公寓入住登记',
      '餐饮服务评价',
      '快递代收查询',
      '教职工公寓申请',
      '水电费缴纳',
      '班车时刻查询',
    ],
  },
  {
    name: '信息化建设与管理中心',
    scene: '信息网络',
    audience: 'public',
    services: [
      '统一身份认证密码重置',
      '校园网开户',
      'VPN申请',
      '电子邮箱申请',
      '正版软件下载',
      '网站备案',
      '服务器托管申请',
      '网络故障报修',
      '一卡通照片采集',
    ],
  },
  {
    name: '图书馆',
    scene: '学习教学',
    audience: 'public',
    services: [
      '图书借阅查询',
      '图书续借',
      '研讨间预约',
      '座位预约',
      '馆际互借',
      '论文查重申请',
      '电子资源访问',
      '图书荐购',
      '离校图书清还',
    ],
  },
  {
    name: '国际交流合作处',
    scene: '出行安全',
    audience: 'teacher',
    services: ['因公出国(境)申请', '外籍专家聘请', '留学生签证办理', '交换生项目申请', '国际会议报备', '因公护照借用'],
  },
  {
    name: '保卫处',
    scene: '出行安全',
    audience: 'public',
    services: ['车辆入校登记', '访客预约', '学生户籍迁移', '临时身份证明开具', '失物招领', '消防培训报名'],
  },
  {
    name: '资产管理处',
    scene: '财务资产',
    audience: 'teacher',
    services: ['资产登记', '资产调拨', '资产报废', '仪器设备共享预约', '公用房使用申请', '采购申请'],
  },
  {
    name: '招生就业处',
    scene: '毕业离校',
    audience: 'student',
    services: [
      '就业推荐表打印',
      '三方协议办理',
      '就业报到证改派',
      '招聘会预约',
      '生源信息核对',
      '招生咨询',
      '毕业生档案查询',
    ],
  },
  {
    name: '校医院',
    scene: '生活服务',
    audience: 'public',
    services: ['门诊预约', '体检预约', '医保报销', '疫苗接种预约', '健康证明开具', '校医院值班查询'],
  },
  {
    name: '校团委',
    scene: '学习教学',
    audience: 'student',
    services: ['第二课堂学分查询', '社团注册申请', '志愿服务时长认定', '活动场地申请', '团员关系转接', '青年大学习'],
  },
];

const PROCESS_WORDS =
  /申请|申报|审批|办理|报名|登记|预约|认定|补办|开具|改派|审核|转接|报修|挂失|借用|调换|申诉|报销|提交|聘请|报备|迁移|核对|缴纳|充值|修改|手续|参保|考核|双选|荐购|互借|续借|清还|采集|备案|托管|承诺|调拨|报废|评价|招聘|培训/;
const OFFLINE_WORDS = /开具|补办|护照|户籍|体检|签证|打印/;
const TEACHER_WORDS = /教职工|职称|工资|教师|调停课|酬金|科研|横向|外籍专家|采购|公用房|资产/;
const STUDENT_WORDS = /学生|奖学金|助学金|选课|成绩|学位|论文|宿舍|就业|三方|第二课堂|社团|团员|转专业|辅修|补考/;

function sceneOf(name: string, fallback: (typeof DEMO_SCENES)[number]): (typeof DEMO_SCENES)[number] {
  if (/报到|入住|开户|学费|迁移|照片采集|生源/.test(name)) return '入学报到';
  if (/毕业|离校|三方|档案|清还|学位申请|改派/.test(name)) return '毕业离校';
  if (/缴纳|缴费|报销|发票|票据|个税|借款|酬金|充值/.test(name)) return '财务资产';
  return fallback;
}

export const ROLE_IDS = {
  admin: '000000-admin',
  teacher: '000000-teacher',
  staff: '000000-staff',
  student: '000000-student',
} as const;

/** A stable pseudo-random number from a string. */
function hash(s: string): number {
  let h = 2166136261;
  for (const c of s) h = Math.imul(h ^ c.codePointAt(0)!, 16777619) >>> 0;
  return h;
}

export type DemoService = {
  id: string;
  name: string;
  dept: string;
  scene: string;
  type: string;
  businessType: 'APPLICATION' | 'PROCESS';
  processType: 'ONLINE' | 'OFFLINE';
  openWay: string;
  accessWay: string;
  audience: 'student' | 'teacher' | 'public';
  isPublic: boolean;
  hasGuide: boolean;
  visitCount: number;
  labelName: string;
  shelfLabelName: string;
  daysAgo: number;
};

/** The demo services, derived deterministically from the lists above. */
export function demoServices(): DemoService[] {
  const out: DemoService[] = [];
  let i = 0;
  for (const d of DEMO_DEPTS) {
    for (const name of d.services) {
      const audience = TEACHER_WORDS.test(name)
        ? 'teacher'
        : STUDENT_WORDS.test(name) && d.audience !== 'public'
          ? 'student'
          : d.audience;
      const businessType = PROCESS_WORDS.test(name) ? 'PROCESS' : 'APPLICATION';
      const h = hash(name);
      // Open to visitors (and so to every role): everything for everybody, and the student services a visitor may
      // look at; a service for teachers only never is (a visitor must not find 工资条查询 that a student cannot).
      const isPublic =
        audience === 'public' || (audience === 'student' && (/查询|咨询|成绩/.test(name) || i % 4 === 0));
      out.push({
        id: `${DEMO_TENANT_ID}-svc-${String(i + 1).padStart(3, '0')}`,
        name,
        dept: d.name,
        scene: sceneOf(name, d.scene),
        type:
          audience === 'student'
            ? '学生服务'
            : audience === 'teacher'
              ? '教职工服务'
              : i % 5 === 0
                ? '管理服务'
                : '公共服务',
        businessType,
        processType: OFFLINE_WORDS.test(name) ? 'OFFLINE' : 'ONLINE',
        openWay: ['1001', '1002', '1003'][i % 3]!,
        accessWay: String((i % 5) + 1),
        audience,
        isPublic,
        hasGuide: businessType === 'PROCESS' ? i % 2 === 0 : i % 4 === 0,
        visitCount:
          name === '统一身份认证密码重置'
            ? 12_345_678
            : name === '成绩查询'
              ? 986_420
              : (h % 50_000) + (isPublic ? 2_000 : 0),
        labelName: i % 4 === 1 ? '高频' : i % 7 === 3 ? '便捷' : '',
        shelfLabelName: i % 6 === 0 ? '热门推荐' : i % 6 === 3 ? '新上线' : '',
        daysAgo: (i * 7) % 240,
      });
      i++;
    }
  }
  return out;
}

function guideHtml(s: DemoService): string {
  return [
    `<h3>${s.name}办事指南</h3>`,
    `<p><strong>服务部门：</strong>${s.dept}</p>`,
    `<h4>办理条件</h4><p>${s.audience === 'teacher' ? '本校在职教职工' : s.audience === 'student' ? '本校在籍学生' : '本校师生'}均可办理${s.name}。</p>`,
    `<h4>所需材料</h4><ul><li>本人有效身份证件或校园卡</li><li>${s.processType === 'OFFLINE' ? '纸质申请表一份（可在服务大厅下载）' : '无需纸质材料，在线填写即可'}</li></ul>`,
    `<h4>办理流程</h4><ol><li>登录网上办事服务大厅</li><li>${s.businessType === 'PROCESS' ? '在线填写并提交申请，等待审核' : '进入系统在线查询或办理'}</li><li>${s.processType === 'OFFLINE' ? `携带材料到${s.dept}窗口领取结果` : '在线查看办理结果'}</li></ol>`,
    `<h4>办理时限</h4><p>${s.businessType === 'PROCESS' ? '3个工作日' : '即时办理'}</p>`,
    `<h4>咨询电话</h4><p>010-6275${String(hash(s.dept) % 10000).padStart(4, '0')}</p>`,
    `<script>alert('guide')</script>`,
  ].join('');
}

const slug = (s: DemoService) => `s${s.id.slice(-3)}`;

export const DEMO_SHELF_LABELS = [
  { label_name: '热门推荐', color: '#f5222d' },
  { label_name: '新上线', color: '#52c41a' },
];
export const DEMO_QUICK_LABELS = [
  { label_name: '办理便捷', label_name_en: 'Easy to use', min_score: 4, max_score: 5 },
  { label_name: '响应及时', label_name_en: 'Quick response', min_score: 4, max_score: 5 },
  { label_name: '指引清晰', label_name_en: 'Clear guidance', min_score: 4, max_score: 5 },
  { label_name: '服务热情', label_name_en: 'Friendly service', min_score: 4, max_score: 5 },
  { label_name: '基本满意', label_name_en: 'Mostly satisfied', min_score: 3, max_score: 3 },
  { label_name: '有待改进', label_name_en: 'Could be better', min_score: 2, max_score: 3 },
  { label_name: '流程繁琐', label_name_en: 'Too many steps', min_score: 1, max_score: 2 },
  { label_name: '等待太久', label_name_en: 'Waited too long', min_score: 1, max_score: 2 },
  { label_name: '页面卡顿', label_name_en: 'Slow pages', min_score: 1, max_score: 2 },
];
export const DEMO_SENSITIVE_WORDS = ['傻逼', '垃圾学校', '法轮功', '赌博', '代考', '办假证'];
export const DEMO_TOOLS = [
  { tools_name: '校历', tools_type: '常用工具', tools_url: 'https://www.demo.edu.cn/xl' },
  { tools_name: '通讯录', tools_type: '常用工具', tools_url: 'https://www.demo.edu.cn/txl' },
  { tools_name: '校园地图', tools_type: '常用工具', tools_url: 'https://map.demo.edu.cn' },
  { tools_name: '空闲教室', tools_type: '学习工具', tools_url: 'https://jw.demo.edu.cn/kxjs' },
  { tools_name: '图书检索', tools_type: '学习工具', tools_url: 'https://lib.demo.edu.cn/opac' },
  { tools_name: '电费查询', tools_type: '生活工具', tools_url: 'https://hq.demo.edu.cn/df' },
  { tools_name: '网络自助', tools_type: '生活工具', tools_url: 'https://net.demo.edu.cn' },
  { tools_name: '校园邮箱', tools_type: '常用工具', tools_url: 'https://mail.demo.edu.cn' },
  // Model window configurations (2.4) with the opening types of 4.6, and one plain window of a set size.
  {
    tools_name: '一卡通自助',
    tools_type: '生活工具',
    tools_url: JSON.stringify({
      openType: 'openServiceIfram',
      url: 'https://card.demo.edu.cn/self',
      title: '一卡通自助',
    }),
  },
  {
    tools_name: '查成绩',
    tools_type: '学习工具',
    tools_url: JSON.stringify({ openType: 'service', service: '成绩查询' }),
  },
  { tools_name: '办事指南目录', tools_type: '常用工具', tools_url: JSON.stringify({ openType: 'workGuide' }) },
  {
    tools_name: '校园网缴费',
    tools_type: '生活工具',
    tools_url: JSON.stringify({ url: 'https://net.demo.edu.cn/pay', width: 1000, height: 600, title: '校园网缴费' }),
  },
];

/** A demo tool's url for a tenant: a model configuration naming a service by name gets that service's id. */
function demoToolUrl(url: string, services: ReadonlyArray<{ id: string; name: string }>): string {
  if (!url.startsWith('{')) return url;
  const { service, ...config } = JSON.parse(url) as { service?: string };
  const id = service ? services.find((s) => s.name === service)?.id : undefined;
  return JSON.stringify(id ? { ...config, serviceId: id } : config);
}
export const DEMO_NAVIGATION_BARS = [
  { name: '学校主页', name_en: 'University home', url: 'https://www.demo.edu.cn' },
  { name: '信息公开', name_en: 'Public information', url: 'https://xxgk.demo.edu.cn' },
  { name: '办事指南', name_en: 'Service guides', url: '/allServices' },
  { name: '联系我们', name_en: 'Contact us', url: 'https://www.demo.edu.cn/lxwm' },
];

export const DEMO_LANDING_CONFIG = {
  title: `${DEMO_TENANT_NAME}网上办事服务大厅`,
  subtitle: '一网通办 · 让数据多跑路，让师生少跑腿',
  logo: '',
  banner: '',
  searchPlaceholder: '搜索服务，如：成绩查询、请假、cjcx',
  titleEn: 'Demo University Online Service Hall',
  subtitleEn: 'One portal for every service: data travels so that people do not have to',
  searchPlaceholderEn: 'Search services, e.g. 成绩查询, 请假, cjcx',
  showStatistic: true,
  showScenes: true,
  showDepts: true,
  showTypes: true,
  showNewly: true,
  showPopular: true,
  showTools: true,
};
export const DEMO_FOOTER = {
  schoolName: DEMO_TENANT_NAME,
  address: '北京市海淀区示例路1号',
  phone: '010-62750000',
  email: 'ehall@demo.edu.cn',
  copyright: `© 2026 ${DEMO_TENANT_NAME} 版权所有`,
  icp: '京ICP备00000000号',
  links: [
    { name: '学校主页', url: 'https://www.demo.edu.cn' },
    { name: '信息化建设与管理中心', url: 'https://nic.demo.edu.cn' },
  ],
};

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 200): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** Third-party accounts bound to student01 (7.4 accountSecurity): WeChat and DingTalk. */
export const DEMO_BINDINGS = [
  { source: 'wechat', open_id: 'oDemo_wx_5f2a9c1e7b3d4a68', nick_name: '小华' },
  { source: 'dingtalk', open_id: 'ding-demo-0123456789', nick_name: '张小华' },
] as const;

/**
 * The demo bindings of student01, when that account exists in the tenant. Seeded with the catalogue, once:
 * a binding the student removed stays removed when the server starts again.
 */
export async function seedAccountBindings(db: Db, tenantId = DEMO_TENANT_ID): Promise<void> {
  const student = await db
    .selectFrom('users')
    .where('tenant_id', '=', tenantId)
    .where('account', '=', 'student01')
    .select('id')
    .executeTakeFirst();
  if (!student) return;
  const now = nowIso();
  await db
    .insertInto('account_bindings')
    .values(
      DEMO_BINDINGS.map((b) => ({
        ...b,
        id: `${tenantId}-bind-${b.source}-${student.id}`,
        tenant_id: tenantId,
        user_id: student.id,
        bound_at: now,
      })),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/**
 * Departments of the one list (ADR 0032) that offer no service of their own yet: the three lists' 校办 and
 * 考试中心 (under 教务处). Their ids are the ones the three lists' demo data always had.
 */
export const DEMO_EXTRA_DEPTS = [
  { key: 'xb', name: '校办', parent: '' },
  { key: 'jwc-ks', name: '考试中心', parent: '教务处' },
] as const;

/** The id of a demo department of the one list, by name. */
export function demoDeptIdOf(name: string, tenantId = DEMO_TENANT_ID): string {
  const i = DEMO_DEPTS.findIndex((d) => d.name === name);
  if (i >= 0) return `${tenantId}-dept-${String(i + 1).padStart(2, '0')}`;
  const extra = DEMO_EXTRA_DEPTS.find((d) => d.name === name);
  if (!extra) throw new Error(`no demo department ${name}`);
  return `${tenantId}-dept-${extra.key}`;
}

/**
 * The tenant's one department list (the catalogue's 15 and the extras, with parents), used by the catalogue,
 * the three lists, efficiency and notices. Idempotent: what exists is left alone.
 */
export async function seedDepartments(db: Db, tenantId = DEMO_TENANT_ID): Promise<void> {
  const rows = [
    ...DEMO_DEPTS.map((d, i) => ({ name: d.name, parent: '', sort: i + 1 })),
    ...DEMO_EXTRA_DEPTS.map((d, i) => ({ name: d.name, parent: d.parent, sort: DEMO_DEPTS.length + i + 1 })),
  ];
  await db
    .insertInto('svc_depts')
    .values(
      rows.map((d) => ({
        id: demoDeptIdOf(d.name, tenantId),
        tenant_id: tenantId,
        name: d.name,
        icon: '',
        sort: d.sort,
        parent_id: d.parent ? demoDeptIdOf(d.parent, tenantId) : '',
      })),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export async function seedCatalogue(db: Db, tenantId = DEMO_TENANT_ID): Promise<void> {
  const done = await db
    .selectFrom('svc_services')
    .where('tenant_id', '=', tenantId)
    .select('id')
    .limit(1)
    .executeTakeFirst();
  if (done) return;
  const now = nowIso();
  const groupId = (kind: string, i: number) => `${tenantId}-${kind}-${String(i + 1).padStart(2, '0')}`;
  await seedDepartments(db, tenantId);
  const deptIds = new Map(DEMO_DEPTS.map((d) => [d.name, demoDeptIdOf(d.name, tenantId)]));
  const sceneIds = new Map(DEMO_SCENES.map((s, i) => [s as string, groupId('scene', i)]));
  const typeIds = new Map(DEMO_TYPES.map((s, i) => [s as string, groupId('type', i)]));
  await db
    .insertInto('svc_scenes')
    .values(DEMO_SCENES.map((s, i) => ({ id: sceneIds.get(s)!, tenant_id: tenantId, name: s, icon: '', sort: i + 1 })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('svc_types')
    .values(DEMO_TYPES.map((s, i) => ({ id: typeIds.get(s)!, tenant_id: tenantId, name: s, icon: '', sort: i + 1 })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();

  const services = demoServices().map((s) =>
    tenantId === DEMO_TENANT_ID ? s : { ...s, id: s.id.replace(DEMO_TENANT_ID, tenantId) },
  );
  await insertChunks(services, (chunk) =>
    db
      .insertInto('svc_services')
      .values(
        chunk.map((s, i) => ({
          id: s.id,
          tenant_id: tenantId,
          service_name: s.name,
          service_icon: demoIconOf(s.name),
          dept_id: deptIds.get(s.dept)!,
          scene_id: sceneIds.get(s.scene)!,
          type_id: typeIds.get(s.type)!,
          business_type: s.businessType,
          process_type: s.processType,
          access_way: s.accessWay,
          open_way: s.openWay,
          service_url: `https://ehall.demo.edu.cn/${s.businessType === 'PROCESS' ? 'flow' : 'app'}/${slug(s)}`,
          description: `${s.dept}提供的${s.name}服务，${s.processType === 'OFFLINE' ? '线上预约、线下办理' : '全程网上办理'}。`,
          label_name: s.labelName,
          shelf_label_name: s.shelfLabelName,
          is_public: s.isPublic ? 1 : 0,
          status: 1,
          visit_count: s.visitCount,
          sort: i,
          launched_at: nowIso(Date.now() - s.daysAgo * 86_400_000),
          updated_at: now,
        })),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .execute(),
  );
  // A public service is open to every role; role rows restrict the others.
  const roleRows = services.flatMap((s) =>
    s.isPublic
      ? []
      : (s.audience === 'teacher'
          ? [ROLE_IDS.admin, ROLE_IDS.teacher, ROLE_IDS.staff]
          : [ROLE_IDS.admin, ROLE_IDS.student]
        ).map((r) => ({
          tenant_id: tenantId,
          service_id: s.id,
          role_id: tenantId === DEMO_TENANT_ID ? r : r.replace(DEMO_TENANT_ID, tenantId),
        })),
  );
  await insertChunks(roleRows, (chunk) =>
    db
      .insertInto('svc_service_roles')
      .values(chunk)
      .onConflict((oc) => oc.columns(['tenant_id', 'service_id', 'role_id']).doNothing())
      .execute(),
  );
  const guides = services
    .filter((s) => s.hasGuide)
    .map((s) => {
      const content = sanitizeGuide(guideHtml(s));
      return { service_id: s.id, tenant_id: tenantId, content, text: guideText(content), updated_at: now };
    });
  await insertChunks(guides, (chunk) =>
    db
      .insertInto('svc_guides')
      .values(chunk)
      .onConflict((oc) => oc.column('service_id').doNothing())
      .execute(),
  );

  await db
    .insertInto('svc_shelf_labels')
    .values(DEMO_SHELF_LABELS.map((l, i) => ({ ...l, id: `${tenantId}-shelf-${i + 1}`, tenant_id: tenantId, sort: i })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('svc_quick_labels')
    .values(DEMO_QUICK_LABELS.map((l, i) => ({ ...l, id: `${tenantId}-ql-${i + 1}`, tenant_id: tenantId, sort: i })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('svc_sensitive_words')
    .values(DEMO_SENSITIVE_WORDS.map((word, i) => ({ id: `${tenantId}-sw-${i + 1}`, tenant_id: tenantId, word })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('svc_search_words')
    .values(
      ['成绩查询', '请假', '奖学金', '校园卡', '报销', 'VPN', '宿舍报修', '图书续借'].map((keyword, i) => ({
        tenant_id: tenantId,
        keyword,
        hits: 100 - i * 9,
        misses: 0,
        searchers: 40 - i * 4,
        last_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['tenant_id', 'keyword']).doNothing())
    .execute();
  await db
    .insertInto('svc_landing_configs')
    .values({
      tenant_id: tenantId,
      config: JSON.stringify(DEMO_LANDING_CONFIG),
      footer: JSON.stringify(DEMO_FOOTER),
      updated_at: now,
    })
    .onConflict((oc) => oc.column('tenant_id').doNothing())
    .execute();
  await db
    .insertInto('cygj_tools')
    .values(
      DEMO_TOOLS.map((t, i) => ({
        ...t,
        tools_url: demoToolUrl(t.tools_url, services),
        id: `${tenantId}-tool-${i + 1}`,
        tenant_id: tenantId,
        tools_icon: demoIconOf(t.tools_name),
        sort: i,
      })),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('cygj_navigation_bars')
    .values(
      DEMO_NAVIGATION_BARS.map((t, i) => ({ ...t, id: `${tenantId}-nav-${i + 1}`, tenant_id: tenantId, sort: i })),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await seedAccountBindings(db, tenantId);
}

import type { CardType } from '@portal/contracts/workbench';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { Db } from '../create-db.ts';
import { nowIso } from '../sql-helpers.ts';
import { DEMO_TENANT_ID } from './demo.ts';
import { demoIconOf } from './icons.ts';
import { builtInNavigationRows } from '../../modules/navigation/navigation.tenant-setup.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The demo tenant's time zone (the tenants table's default): its announcements of "today" are today there. */
const DEMO_TIME_ZONE = 'Asia/Shanghai';

/**
 * The demo workbench of 示例大学 (issue 4): the ten cards granted to every demo role on one home page,
 * built-in navigation items, footer, theme, pre-login page, tools, to-dos above 99 per user, personal
 * matters, campus news (some under a day old), announcements (today, yesterday, older), holidays and service
 * specials. Idempotent.
 */

export const DEMO_CARD_IDS: Record<CardType, string> = {
  waitHandle: 'card-wait-handle',
  businessExpress: 'card-business-express',
  personalMatters: 'card-personal-matters',
  todoTable: 'card-todo-table',
  myCollection: 'card-my-collection',
  campusNews: 'card-campus-news',
  commonTools: 'card-common-tools',
  recommend: 'card-recommend',
  commonUse: 'card-common-use',
  announcement: 'card-announcement',
};

export const DEMO_FLOW_TYPES = ['请假审批', '报销审批', '用印申请'] as const;
/** The English of the seeded names (ADR 0074): a fresh demo in English reads English. */
const EN: Record<string, string> = {
  请假审批: 'Leave approval',
  报销审批: 'Reimbursement approval',
  用印申请: 'Seal request',
  学校要闻: 'University news',
  通知公告: 'Notices',
  学术动态: 'Academic news',
  常用工具: 'Common tools',
  学习工具: 'Study tools',
  生活工具: 'Life tools',
  学习教学: 'Teaching & learning',
  生活服务: 'Campus life',
  财务资产: 'Finance & assets',
};
/** To-dos of the first flow type per demo user: above the count cap of 99. */
export const DEMO_TODO_COUNT = 120;
export const DEMO_TODO_TIMEOUT = 12;
export const DEMO_NEWS_CATEGORIES = ['学校要闻', '通知公告', '学术动态'] as const;
export const DEMO_TOOL_TYPES = ['常用工具', '学习工具', '生活工具'] as const;

type CardSeed = {
  type: CardType;
  name: string;
  nameEn: string;
  intro: string;
  introEn: string;
  rows: number;
  dataSource?: string;
  config?: Record<string, unknown>;
  columns: Array<{
    name: string;
    nameEn: string;
    source: string;
    category?: string;
    todoTypeName?: string;
    todoTypeNameEn?: string;
    todoTimeoutName?: string;
    todoTimeoutNameEn?: string;
    mapping?: Array<{ field: string; chineseName: string; chineseNameEn: string }>;
  }>;
};

const CARDS: CardSeed[] = [
  {
    type: 'waitHandle',
    name: '待我处理',
    nameEn: 'For me to handle',
    intro: '按流程类型统计的待办与超时',
    introEn: 'To-dos and overdue items by process type',
    rows: 1,
    columns: DEMO_FLOW_TYPES.map((f) => ({
      name: f,
      nameEn: EN[f]!,
      source: 'todo',
      category: f,
      todoTypeName: '待办',
      todoTypeNameEn: 'To do',
      todoTimeoutName: '超时',
      todoTimeoutNameEn: 'Overdue',
    })),
  },
  {
    type: 'businessExpress',
    name: '业务直通车',
    nameEn: 'Business express',
    intro: '常办业务一键直达',
    introEn: 'Frequent services in one click',
    rows: 2,
    columns: [{ name: '业务直通车', nameEn: 'Business express', source: 'services' }],
  },
  {
    type: 'personalMatters',
    name: '个人事项',
    nameEn: 'My matters',
    intro: '我发起的事项及其状态',
    introEn: 'Matters I submitted and their status',
    rows: 1,
    config: {
      currentStatusBackgroundColor: [
        { typeName: '审核中', typeNameEn: 'Under review', colorVal: '#fa8c16' },
        { typeName: '已通过', typeNameEn: 'Approved', colorVal: '#52c41a' },
        { typeName: '已驳回', typeNameEn: 'Rejected', colorVal: '#f5222d' },
      ],
    },
    columns: [
      {
        name: '我的事项',
        nameEn: 'My matters',
        source: 'personalMatters',
        mapping: [
          { field: 'title', chineseName: '事项名称', chineseNameEn: 'Item' },
          { field: 'status', chineseName: '状态', chineseNameEn: 'Status' },
          { field: 'createTime', chineseName: '发起时间', chineseNameEn: 'Submitted at' },
        ],
      },
    ],
  },
  {
    type: 'todoTable',
    name: '待办列表',
    nameEn: 'To-do list',
    intro: '按栏目分页签查看待办',
    introEn: 'To-dos in tabs by column',
    rows: 2,
    columns: [
      {
        name: '待办',
        nameEn: 'To do',
        source: 'todo',
        mapping: [
          { field: 'title', chineseName: '标题', chineseNameEn: 'Title' },
          { field: 'flowType', chineseName: '流程类型', chineseNameEn: 'Process type' },
          { field: 'createTime', chineseName: '到达时间', chineseNameEn: 'Arrival time' },
        ],
      },
      {
        name: '已办',
        nameEn: 'Done',
        source: 'done',
        mapping: [
          { field: 'title', chineseName: '标题', chineseNameEn: 'Title' },
          { field: 'flowType', chineseName: '流程类型', chineseNameEn: 'Process type' },
          { field: 'createTime', chineseName: '办理时间', chineseNameEn: 'Handled at' },
        ],
      },
    ],
  },
  {
    type: 'myCollection',
    name: '我的收藏',
    nameEn: 'My favourites',
    intro: '收藏的服务',
    introEn: 'Services I saved',
    rows: 1,
    columns: [{ name: '我的收藏', nameEn: 'My favourites', source: 'favourites' }],
  },
  {
    type: 'campusNews',
    name: '校园新闻',
    nameEn: 'Campus news',
    intro: '学校要闻、通知公告与学术动态',
    introEn: 'University news, notices and academic news',
    rows: 2,
    config: {
      otherInformationList: [{ label: '更多新闻', labelEn: 'More news', value: 'https://news.demo.edu.cn' }],
    },
    columns: DEMO_NEWS_CATEGORIES.map((c) => ({ name: c, nameEn: EN[c]!, source: 'news', category: c })),
  },
  {
    type: 'commonTools',
    name: '常用工具',
    nameEn: 'Common tools',
    intro: '校历、通讯录、地图等',
    introEn: 'Calendar, directory, map and more',
    rows: 3,
    config: { typeList: DEMO_TOOL_TYPES.map((t) => ({ name: t, serviceSceneName: '', nameEn: EN[t]! })) },
    columns: [{ name: '常用工具', nameEn: 'Common tools', source: 'tools' }],
  },
  {
    type: 'recommend',
    name: '为你推荐',
    nameEn: 'Recommended for you',
    intro: '按热度推荐的服务',
    introEn: 'Services recommended by popularity',
    rows: 2,
    columns: [{ name: '为你推荐', nameEn: 'Recommended for you', source: 'recommend' }],
  },
  {
    type: 'commonUse',
    name: '常用服务',
    nameEn: 'Common services',
    intro: '按服务场景分类的常用服务',
    introEn: 'Common services by scene',
    rows: 2,
    config: {
      typeList: ['学习教学', '生活服务', '财务资产'].map((name) => ({
        name,
        serviceSceneName: name,
        nameEn: EN[name]!,
      })),
    },
    columns: [{ name: '常用服务', nameEn: 'Common services', source: 'services' }],
  },
  {
    type: 'announcement',
    name: '重要公告',
    nameEn: 'Announcements',
    intro: '学校重要公告',
    introEn: 'Important announcements of the university',
    rows: 2,
    dataSource: 'announcement',
    config: {
      otherInformationList: [
        { label: '发布单位', labelEn: 'Issued by', value: '校长办公室' },
        { label: '更多公告', labelEn: 'More announcements', value: 'https://www.demo.edu.cn/tzgg' },
      ],
    },
    columns: [{ name: '重要公告', nameEn: 'Announcements', source: 'announcement' }],
  },
];

/** Service specials (homePage/getServiceSpecial…): a topic and the services of one catalogue scene. */
export const DEMO_SERVICE_SPECIALS = [
  {
    title: '迎新专题',
    titleEn: 'Welcome, freshmen',
    scene: '入学报到',
    description: '新生报到、缴费与入学手续一站办理',
    descriptionEn: 'Registration, fees and enrolment in one place',
  },
  {
    title: '毕业季专题',
    titleEn: 'Graduation',
    scene: '毕业离校',
    description: '毕业离校手续与证明材料',
    descriptionEn: 'Leaving formalities and certificates',
  },
  {
    title: '财务报销专题',
    titleEn: 'Reimbursement',
    scene: '财务资产',
    description: '报销、缴费与资产业务',
    descriptionEn: 'Reimbursements, payments and assets',
  },
] as const;

/** Holidays of the home page greeting (homePage/getHoliday), month-day of next year. */
export const DEMO_HOLIDAYS = [
  { name: '元旦', nameEn: "New Year's Day", date: '01-01', endDate: '01-01', greeting: '' },
  { name: '寒假', nameEn: 'Winter vacation', date: '01-17', endDate: '01-17', greeting: '' },
] as const;

async function sceneServiceIds(db: Db, tenantId: string, scene: string): Promise<string[]> {
  const rows = await db
    .selectFrom('svc_services as s')
    .innerJoin('svc_scenes as sc', 'sc.id', 's.scene_id')
    .where('s.tenant_id', '=', tenantId)
    .where('sc.name', '=', scene)
    .where('s.status', '=', 1)
    .select('s.id')
    .orderBy('s.sort')
    .orderBy('s.id')
    .limit(8)
    .execute();
  return rows.map((r) => r.id);
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export async function seedWorkbench(db: Db, tenantId = DEMO_TENANT_ID): Promise<void> {
  const done = await db
    .selectFrom('wb_cards')
    .where('tenant_id', '=', tenantId)
    .select('id')
    .limit(1)
    .executeTakeFirst();
  if (done) return;
  const now = Date.now();
  const iso = nowIso(now);
  const roles = await db.selectFrom('roles').where('tenant_id', '=', tenantId).select('id').execute();
  const pre = tenantId === DEMO_TENANT_ID ? '' : `${tenantId}-`;
  const typeId = `${pre}type-workbench`;
  await db
    .insertInto('wb_index_types')
    .values({
      id: typeId,
      tenant_id: tenantId,
      type_name: '工作台',
      type_name_en: 'Workbench',
      layout: 'same',
      status: 1,
      sort: 1,
    })
    .execute();

  for (const [i, c] of CARDS.entries()) {
    const id = `${pre}${DEMO_CARD_IDS[c.type]}`;
    await db
      .insertInto('wb_cards')
      .values({
        id,
        tenant_id: tenantId,
        card_type: c.type,
        card_name: c.name,
        card_introduction: c.intro,
        card_name_en: c.nameEn,
        card_introduction_en: c.introEn,
        display_rows: c.rows,
        data_source: c.dataSource ?? '',
        config: JSON.stringify({
          typeList: [],
          currentStatusBackgroundColor: [],
          otherInformationList: [],
          serviceIds: [],
          ...c.config,
        }),
        status: 1,
        sort: i + 1,
        created_at: iso,
        updated_at: iso,
      })
      .execute();
    await db
      .insertInto('wb_card_columns')
      .values(
        c.columns.map((col, j) => ({
          id: `${id}-col-${j + 1}`,
          tenant_id: tenantId,
          card_id: id,
          column_name: col.name,
          data_source: col.source,
          api_id: null,
          category: col.category ?? '',
          todo_type_name: col.todoTypeName ?? '',
          todo_timeout_name: col.todoTimeoutName ?? '',
          column_name_en: col.nameEn,
          todo_type_name_en: col.todoTypeNameEn ?? '',
          todo_timeout_name_en: col.todoTimeoutNameEn ?? '',
          card_mapping: JSON.stringify(col.mapping ?? []),
          sort: j + 1,
        })),
      )
      .execute();
    if (roles.length)
      await db
        .insertInto('wb_card_roles')
        .values(roles.map((r) => ({ tenant_id: tenantId, card_id: id, role_id: r.id })))
        .execute();
    await db
      .insertInto('wb_index_cards')
      .values({ tenant_id: tenantId, type_id: typeId, card_id: id, sort: i + 1 })
      .execute();
  }

  await db
    .insertInto('wb_navigation')
    .values(builtInNavigationRows(tenantId, (i) => `${pre}nav-built-${i + 1}`))
    .execute();

  const settings: Record<string, unknown> = {
    footer: {
      copyright: `© 示例大学 版权所有`,
      address: '北京市海淀区示例路1号',
      phone: '010-62750000',
      email: 'ehall@demo.edu.cn',
      links: [{ name: '学校主页', url: 'https://www.demo.edu.cn' }],
    },
    theme: {
      themeName: '默认蓝',
      themeId: 'default',
      themeColor: '#008cff',
      themeImg: '',
      themeImgBorderColor: '',
      WaitingForMeToHandleBCImg: '',
    },
    // The rest of the pre-login page is the catalogue's landing configuration (svc_landing_configs).
    preLogin: { jumpServerUrl: '/login' },
  };
  await db
    .insertInto('wb_settings')
    .values(
      Object.entries(settings).map(([key, value]) => ({
        tenant_id: tenantId,
        owner_id: '',
        key,
        value: JSON.stringify(value),
        updated_at: iso,
      })),
    )
    .execute();

  const year = new Date(now).getUTCFullYear() + 1;
  await db
    .insertInto('wb_holidays')
    .values(
      DEMO_HOLIDAYS.map((h, i) => ({
        tenant_id: tenantId,
        id: `holiday-${i + 1}`,
        name: h.name,
        date: `${year}-${h.date}`,
        end_date: `${year}-${h.endDate}`,
        greeting: h.greeting,
        name_en: h.nameEn,
        created_at: iso,
        updated_at: iso,
      })),
    )
    .execute();
  for (const [i, x] of DEMO_SERVICE_SPECIALS.entries()) {
    const id = `special-${i + 1}`;
    await db
      .insertInto('wb_service_specials')
      .values({
        tenant_id: tenantId,
        id,
        title: x.title,
        description: x.description,
        title_en: x.titleEn,
        description_en: x.descriptionEn,
        img: '',
        sort: i + 1,
        enabled: 1,
        created_at: iso,
        updated_at: iso,
      })
      .execute();
    const serviceIds = await sceneServiceIds(db, tenantId, x.scene);
    if (serviceIds.length)
      await db
        .insertInto('wb_service_special_items')
        .values(serviceIds.map((service_id, j) => ({ tenant_id: tenantId, special_id: id, service_id, sort: j + 1 })))
        .execute();
  }

  const tools = [
    ['校历', '常用工具'],
    ['通讯录', '常用工具'],
    ['校园地图', '常用工具'],
    ['校园邮箱', '常用工具'],
    ['空闲教室', '学习工具'],
    ['图书检索', '学习工具'],
    ['课表查询', '学习工具'],
    ['电费查询', '生活工具'],
    ['网络自助', '生活工具'],
    ['校车时刻', '生活工具'],
    ['失物招领', '生活工具'],
    ['一卡通', '生活工具'],
  ] as const;
  await db
    .insertInto('wb_tools')
    .values(
      tools.map(([name, type], i) => ({
        id: `${pre}wbtool-${i + 1}`,
        tenant_id: tenantId,
        tools_name: name,
        tools_icon: demoIconOf(name),
        tools_url: `https://www.demo.edu.cn/tools/${i + 1}`,
        tools_type: type,
        sort: i + 1,
      })),
    )
    .execute();

  const users = (
    await db
      .selectFrom('users as u')
      .innerJoin('roles as r', 'r.id', 'u.role_id')
      .where('u.tenant_id', '=', tenantId)
      .select(['u.id', 'r.role_type'])
      .execute()
  ).map((u) => ({ id: u.id, roleType: u.role_type }));
  const todoRows = [];
  for (const { id: userId, roleType } of users) {
    // Approvals are the approvers': the counsellor (teacher) has the students' leave requests (more than the card's
    // cap), the administrator the reimbursements and seals; a student approves nothing and only follows their own
    // matters (issue 16: every user, students included, had the same 120 leave approvals).
    const approvals = roleType === 'teacher' ? DEMO_TODO_COUNT : 0;
    const reimbursements = roleType === 'admin' ? 7 : 0;
    const done = roleType === 'student' ? 0 : 15;
    for (let k = 0; k < approvals; k++) {
      todoRows.push({
        id: `${pre}todo-${userId}-a${k}`,
        tenant_id: tenantId,
        user_id: userId,
        kind: 'todo',
        title: `${DEMO_FLOW_TYPES[0]}：学生${(k % 40) + 1}的请假申请（第${k + 1}号）`,
        flow_type: DEMO_FLOW_TYPES[0],
        matter_status: '',
        is_timeout: k < DEMO_TODO_TIMEOUT ? 1 : 0,
        created_at: nowIso(now - k * HOUR),
      });
    }
    for (let k = 0; k < reimbursements; k++)
      todoRows.push({
        id: `${pre}todo-${userId}-b${k}`,
        tenant_id: tenantId,
        user_id: userId,
        kind: 'todo',
        title: `${DEMO_FLOW_TYPES[1]}：差旅报销单${k + 1}`,
        flow_type: DEMO_FLOW_TYPES[1],
        matter_status: '',
        is_timeout: k < 2 ? 1 : 0,
        created_at: nowIso(now - k * DAY),
      });
    for (let k = 0; k < done; k++)
      todoRows.push({
        id: `${pre}todo-${userId}-d${k}`,
        tenant_id: tenantId,
        user_id: userId,
        kind: 'done',
        title: `${DEMO_FLOW_TYPES[k % 3]}：已办事项${k + 1}`,
        flow_type: DEMO_FLOW_TYPES[k % 3]!,
        matter_status: '',
        is_timeout: 0,
        created_at: nowIso(now - k * DAY),
      });
    const statuses = ['审核中', '已通过', '已驳回'];
    for (let k = 0; k < 6; k++)
      todoRows.push({
        id: `${pre}todo-${userId}-m${k}`,
        tenant_id: tenantId,
        user_id: userId,
        kind: 'matter',
        title: ['在读证明开具', '校园网开户', '宿舍报修', '奖学金申请', '图书续借', '学生证补办'][k]!,
        flow_type: '',
        matter_status: statuses[k % 3]!,
        is_timeout: 0,
        created_at: nowIso(now - k * DAY),
      });
  }
  for (let i = 0; i < todoRows.length; i += 200)
    await db
      .insertInto('wb_todos')
      .values(todoRows.slice(i, i + 200))
      .execute();

  const news = [];
  const titles = [
    '我校举办2026年秋季学期开学典礼',
    '关于做好冬季校园安全工作的通知',
    '我校在全国大学生数学建模竞赛中获佳绩',
    '图书馆寒假开放时间安排',
    '学术报告：人工智能与教育的未来',
    '关于开展2026年度教职工体检的通知',
    '我校新增两个国家级一流本科专业',
    '校园网升级改造期间暂停服务的公告',
  ];
  for (const [ci, category] of DEMO_NEWS_CATEGORIES.entries()) {
    for (let k = 0; k < 8; k++) {
      const released = now - (k === 0 ? 2 * HOUR : k * 1.5 * DAY) - ci * HOUR;
      news.push({
        id: `${pre}news-${ci}-${k}`,
        tenant_id: tenantId,
        kind: 'news',
        category,
        title: `${category}｜${titles[(k + ci) % titles.length]}`,
        field_set: '',
        important: k === 1 ? 1 : 0,
        url: `https://news.demo.edu.cn/${ci}/${k}`,
        release_time: nowIso(released),
        created_at: nowIso(released),
      });
    }
  }
  const annOffsets = [1 * HOUR, 3 * HOUR, DAY + HOUR, DAY + 5 * HOUR, 5 * DAY, 20 * DAY];
  const annTitles = [
    '关于2026年元旦放假安排的通知',
    '关于期末考试工作安排的通知',
    '校园一卡通系统升级公告',
    '关于做好寒假离校工作的通知',
    '2026年度科研项目申报通知',
    '网上办事大厅服务指南更新公告',
  ];
  for (const [k, off] of annOffsets.entries()) {
    // "today" items must stay today in the tenant's zone (not the machine's): clamp to the start of that day.
    const startOfToday = dayjs(now).tz(DEMO_TIME_ZONE).startOf('day').valueOf();
    const t = off < DAY ? Math.max(now - off, startOfToday) : now - off;
    news.push({
      id: `${pre}ann-${k}`,
      tenant_id: tenantId,
      kind: 'announcement',
      category: '',
      title: annTitles[k]!,
      field_set: k % 2 ? '教务处' : '校办',
      important: k < 2 ? 1 : 0,
      url: `https://www.demo.edu.cn/tzgg/${k}`,
      release_time: nowIso(t),
      created_at: nowIso(t),
    });
  }
  for (let k = 0; k < 3; k++)
    news.push({
      id: `${pre}oa-${k}`,
      tenant_id: tenantId,
      kind: 'OfficialAccount',
      category: '',
      title: `公众号推送：${annTitles[k]}`,
      field_set: '官方公众号',
      important: 0,
      url: '',
      release_time: nowIso(now - (k + 3) * DAY),
      created_at: nowIso(now - k * DAY),
    });
  await db.insertInto('wb_news').values(news).execute();

  // Favourites stay the catalogue's (svc_favourites): the card reads them and shows its empty state until a user collects.
}

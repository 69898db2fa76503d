import { MP_TYPE_PUBLIC_ACCOUNT } from '@portal/contracts/chat';
import type { Db } from '../create-db.ts';
import { nowIso } from '../sql-helpers.ts';
import { localBus } from '../../modules/chat/chat.bus.ts';
import { chatRepository } from '../../modules/chat/chat.repository.ts';
import { messagesRepository } from '../../modules/messages/messages.repository.ts';
import { AUDIENCE_EVERYONE, publishNotice } from '../../modules/messages/messages.service.ts';
import { demoDeptIdOf } from './catalogue.ts';
import { DEMO_TENANT_ID, DEMO_USERS } from './demo.ts';

/** Public accounts of the demo tenant. */
export const DEMO_PUBLIC_ACCOUNTS = [
  { id: '000000-mp-jwc', name: '教务处', intro: '发布选课、考试、成绩与学籍等教学通知', sort: 1 },
  { id: '000000-mp-xgc', name: '学生工作处', intro: '奖助学金、评优评先与学生事务通知', sort: 2 },
  { id: '000000-mp-xxzx', name: '信息化建设与管理中心', intro: '校园网、校园卡与信息系统服务公告', sort: 3 },
] as const;

const DEMO_NOTICES = [
  {
    id: '000000-notice-exam',
    mpId: '000000-mp-jwc',
    title: '关于2026—2027学年第一学期期末考试安排的通知',
    summary: '期末考试定于第18至19周进行，请同学们登录教务系统查询个人考试安排。',
    body: '<p>各学院、全体学生：</p><p>本学期期末考试定于第18至19周进行。请同学们登录教务系统“我的考试”查询个人考试时间与考场，考试时须携带学生证或校园卡，按时进入考场。因病或特殊原因不能参加考试者，须在考前办理缓考申请。</p><p>教务处</p>',
    important: true,
    fieldSet: '教学通知',
  },
  {
    id: '000000-notice-network',
    mpId: '000000-mp-xxzx',
    title: '校园网络计划停机维护公告',
    summary: '本周六0:00至6:00升级核心网络设备，期间校园网、VPN与统一身份认证暂停服务。',
    body: '<p>为提升校园网络稳定性，信息化建设与管理中心将于本周六0:00至6:00对核心交换设备进行升级。维护期间校园有线网、无线网、VPN及统一身份认证将暂停服务，请提前做好工作安排。如有疑问请拨打服务热线。</p>',
    important: true,
    fieldSet: '服务公告',
  },
  {
    id: '000000-notice-scholarship',
    mpId: '000000-mp-xgc',
    title: '2026年度国家奖学金评审结果公示',
    summary: '经学院推荐、学校评审委员会审核，拟推荐以下同学获得2026年度国家奖学金，公示期5个工作日。',
    body: '<p>根据《国家奖学金管理办法》，经个人申请、学院推荐、学校评审委员会审核，现将2026年度国家奖学金拟获奖学生名单予以公示。公示期为5个工作日，如有异议，请在公示期内向学生工作处实名反映。</p>',
    important: false,
    fieldSet: '评优公示',
  },
] as const;

const SCENES = [
  { id: '000000-scene-academic', scene_name: '教务教学', sort: 1 },
  { id: '000000-scene-student', scene_name: '学生事务', sort: 2 },
  { id: '000000-scene-card', scene_name: '校园卡', sort: 3 },
  { id: '000000-scene-network', scene_name: '网络与信息化', sort: 4 },
  { id: '000000-scene-finance', scene_name: '财务缴费', sort: 5 },
  { id: '000000-scene-logistics', scene_name: '后勤服务', sort: 6 },
  { id: '000000-scene-library', scene_name: '图书馆', sort: 7 },
] as const;

export type Faq = { scene: (typeof SCENES)[number]['id']; question: string; answer: string; keywords: string };

/** Questions students and staff ask the service hall most, with the answers the offices give. */
export const DEMO_FAQS: Faq[] = [
  {
    scene: '000000-scene-academic',
    question: '如何办理缓考？',
    answer:
      '因病或其他特殊原因不能参加期末考试的学生，应在考试前登录网上办事大厅提交“缓考申请”，上传医院证明等材料，经学院审核、教务处备案后生效。缓考一般安排在下学期开学初的补考时间进行。',
    keywords: '缓考 申请 期末考试 生病 补考',
  },
  {
    scene: '000000-scene-academic',
    question: '选课时间是什么时候？怎么选课？',
    answer:
      '每学期第15至16周开放下学期选课，分为预选、正选和补退选三个阶段。请登录教务系统“网上选课”模块按轮次选课，选课结果以正选结束后公布为准。',
    keywords: '选课 时间 预选 正选 退选 补选 教务系统',
  },
  {
    scene: '000000-scene-academic',
    question: '怎么查询考试成绩和绩点？',
    answer:
      '登录教务系统，进入“成绩查询”即可查看各学期课程成绩、学分与平均学分绩点。对成绩有疑问的，可在成绩公布后10个工作日内提交成绩复核申请。',
    keywords: '成绩 查询 绩点 GPA 复核',
  },
  {
    scene: '000000-scene-academic',
    question: '如何开具在读证明或成绩单？',
    answer:
      '在网上办事大厅搜索“在读证明”或“成绩单打印”，在线提交后可在学生服务中心自助打印机凭校园卡打印，中英文版本均可打印并加盖电子印章。',
    keywords: '在读证明 在校证明 成绩单 打印 学籍证明',
  },
  {
    scene: '000000-scene-academic',
    question: '如何申请转专业？',
    answer:
      '转专业每学年办理一次，通常在第二学期第3周发布通知。符合条件的学生在网上办事大厅提交转专业申请，经转出和转入学院考核、学校审批后，于下学年开始在新专业学习。',
    keywords: '转专业 申请 调换专业',
  },
  {
    scene: '000000-scene-student',
    question: '学生证丢了怎么补办？',
    answer:
      '在网上办事大厅提交“学生证补办”申请并上传一寸证件照，学院审核通过后约5个工作日到学院学工办领取新证；火车票优惠卡需同时补办的，请在申请中注明。',
    keywords: '学生证 补办 丢失 遗失 火车票优惠',
  },
  {
    scene: '000000-scene-student',
    question: '如何申请国家助学金？',
    answer:
      '每年9月开学后，家庭经济困难学生先完成家庭经济困难认定，再在网上办事大厅提交国家助学金申请，经班级评议、学院审核和学校公示后发放，资助标准分为三个档次。',
    keywords: '助学金 国家助学金 困难认定 资助',
  },
  {
    scene: '000000-scene-student',
    question: '请假需要走什么流程？',
    answer:
      '学生请假在网上办事大厅提交“学生请假”流程：3天以内由辅导员审批，3天以上7天以内由学院分管领导审批，超过7天需报学生工作处备案。返校后须及时在线销假。',
    keywords: '请假 销假 辅导员 审批 离校',
  },
  {
    scene: '000000-scene-student',
    question: '生源地助学贷款回执怎么提交？',
    answer:
      '办理生源地信用助学贷款后，请在每年10月15日前将贷款回执校验码录入网上办事大厅“生源地贷款回执”事项，学生资助中心审核后学费将由贷款直接抵扣。',
    keywords: '助学贷款 生源地贷款 回执 校验码',
  },
  {
    scene: '000000-scene-card',
    question: '校园卡丢失了怎么挂失？',
    answer:
      '校园卡丢失后请立即挂失：可在网上办事大厅“校园卡挂失”、校园卡小程序或一卡通服务中心办理，挂失即时生效。找回后可在同一入口解挂；确认丢失的可到一卡通服务中心补办新卡，补卡工本费20元。',
    keywords: '校园卡 一卡通 饭卡 挂失 丢失 解挂 补卡',
  },
  {
    scene: '000000-scene-card',
    question: '校园卡怎么充值？',
    answer:
      '可通过校园卡小程序绑定银行卡或微信、支付宝在线充值，也可在食堂和宿舍楼的自助圈存机充值。在线充值后需在消费机或圈存机上刷卡领款。',
    keywords: '校园卡 充值 圈存 领款 一卡通',
  },
  {
    scene: '000000-scene-network',
    question: '统一身份认证密码忘记了怎么办？',
    answer:
      '在统一身份认证登录页点击“忘记密码”，通过绑定的手机号或邮箱接收验证码重置密码。未绑定手机号的，请携带有效证件到信息化建设与管理中心服务台办理。',
    keywords: '密码 忘记 重置 统一身份认证 登录 账号',
  },
  {
    scene: '000000-scene-network',
    question: '校园网怎么办理和缴费？',
    answer:
      '新生账号即统一身份认证账号，首次使用请在校园网自助服务系统开通套餐并在线缴费。宿舍有线网与无线网共用账号，每个账号最多同时登录3台设备。',
    keywords: '校园网 上网 宽带 无线 WiFi 缴费 开通 连不上 断网',
  },
  {
    scene: '000000-scene-network',
    question: '在校外怎么访问学校内网资源？',
    answer: '校外访问图书馆数据库、教务系统等内网资源，请下载学校VPN客户端，使用统一身份认证账号登录后即可访问。',
    keywords: 'VPN 校外 内网 访问 远程',
  },
  {
    scene: '000000-scene-network',
    question: '如何申请学校邮箱？',
    answer:
      '教职工登录网上办事大厅提交“电子邮箱申请”，审核通过后邮箱地址为工号或姓名拼音；学生邮箱在入学时自动开通，账号为学号。',
    keywords: '邮箱 电子邮箱 申请 开通',
  },
  {
    scene: '000000-scene-finance',
    question: '学费怎么缴纳？',
    answer:
      '学费和住宿费可通过“统一缴费平台”在线缴纳，支持银行卡、微信和支付宝；也可按通知在学校指定银行卡中预存学费，由学校统一代扣。缴费后可在平台下载电子票据。',
    keywords: '学费 缴费 住宿费 交费 电子票据 发票',
  },
  {
    scene: '000000-scene-finance',
    question: '报销需要准备哪些材料？',
    answer:
      '在财务网上报销系统填写报销单，按业务类型上传发票、合同、验收单或审批单等附件，经项目负责人和部门负责人审批后，打印报销单据投递至财务处自助投递柜。',
    keywords: '报销 报账 流程 发票 财务 差旅 投递',
  },
  {
    scene: '000000-scene-finance',
    question: '如何查询工资和个税明细？',
    answer:
      '教职工登录网上办事大厅的“工资查询”事项，可按月份查看应发、实发工资及个人所得税扣缴明细，并可导出年度收入证明。',
    keywords: '工资 薪酬 个税 查询 收入证明',
  },
  {
    scene: '000000-scene-logistics',
    question: '宿舍报修怎么申请？',
    answer:
      '在网上办事大厅或后勤服务小程序提交“宿舍报修”，填写宿舍号、故障描述并上传照片，维修人员一般在24小时内上门；紧急漏水漏电请直接拨打后勤服务热线。',
    keywords: '报修 维修 宿舍 水电 空调 坏了 损坏 漏水 故障',
  },
  {
    scene: '000000-scene-logistics',
    question: '怎么申请调换宿舍？',
    answer:
      '调换宿舍每学期开学后两周内集中办理，学生在网上办事大厅提交“宿舍调整申请”，经辅导员和学院同意、宿管中心审核后安排。',
    keywords: '宿舍 调换 换寝 住宿 调整',
  },
  {
    scene: '000000-scene-library',
    question: '图书馆借书可以借多久？怎么续借？',
    answer:
      '本科生可借20册、借期30天，研究生可借30册、借期60天，教职工可借40册、借期90天。到期前可在图书馆网站“我的图书馆”或小程序续借一次，续借期限与原借期相同。',
    keywords: '图书馆 借书 借阅 续借 期限 还书',
  },
  {
    scene: '000000-scene-library',
    question: '图书馆座位怎么预约？',
    answer:
      '通过图书馆小程序“座位预约”选择楼层和座位，预约后须在30分钟内刷卡签到，临时离开可暂离最长30分钟，违约3次将暂停预约权限7天。',
    keywords: '图书馆 座位 预约 签到 自习',
  },
];

/** Demo public accounts, notices and robot FAQ. Idempotent: existing rows are kept as they are. */
/** Who belongs to which department of the one list (user_depts), as a school's directory would say. */
const DEMO_USER_DEPTS: Array<{ account: string; dept: string }> = [
  { account: 'teacher01', dept: '教务处' },
  { account: 'admin', dept: '信息化建设与管理中心' },
];

export async function seedMessaging(db: Db): Promise<void> {
  const now = nowIso();
  for (const { account, dept } of DEMO_USER_DEPTS) {
    const user = DEMO_USERS.find((u) => u.account === account)!;
    await db
      .insertInto('user_depts')
      .values({ tenant_id: DEMO_TENANT_ID, dept_id: demoDeptIdOf(dept), user_id: user.id })
      .onConflict((oc) => oc.columns(['tenant_id', 'dept_id', 'user_id']).doNothing())
      .execute();
  }
  for (const a of DEMO_PUBLIC_ACCOUNTS) {
    await db
      .insertInto('chat_public_accounts')
      .values({ ...a, tenant_id: DEMO_TENANT_ID, mp_type: MP_TYPE_PUBLIC_ACCOUNT, avatar: '', created_at: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  const store = { repo: chatRepository(db), bus: localBus() };
  const notices = messagesRepository(db);
  const userIds = DEMO_USERS.map((u) => u.id);
  const admin = DEMO_USERS[0].id;
  for (const [i, n] of DEMO_NOTICES.entries()) {
    if (await notices.notice(DEMO_TENANT_ID, n.id)) continue;
    const account = DEMO_PUBLIC_ACCOUNTS.find((a) => a.id === n.mpId)!;
    await publishNotice(store, notices, DEMO_TENANT_ID, {
      id: n.id,
      account: { id: account.id, name: account.name, mp_type: MP_TYPE_PUBLIC_ACCOUNT },
      createdBy: admin,
      file: null,
      userIds,
      // Sent to every demo user: anyone may open it on the detail page.
      audience: AUDIENCE_EVERYONE,
      title: n.title,
      summary: n.summary,
      body: n.body,
      url: '',
      important: n.important,
      fieldSet: n.fieldSet,
      at: nowIso(Date.now() - (DEMO_NOTICES.length - i) * 3600_000),
    });
  }

  for (const s of SCENES) {
    await db
      .insertInto('question_scenes')
      .values({ ...s, tenant_id: DEMO_TENANT_ID, icon: '' })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
  for (const [i, f] of DEMO_FAQS.entries()) {
    await db
      .insertInto('faq_entries')
      .values({
        id: `000000-faq-${String(i + 1).padStart(3, '0')}`,
        tenant_id: DEMO_TENANT_ID,
        scene_id: f.scene,
        question: f.question,
        answer: f.answer,
        keywords: f.keywords,
        url: '',
        sort: i + 1,
        hits: 0,
        enabled: 1,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
}

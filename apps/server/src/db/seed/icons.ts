/**
 * Icons of the demo catalogue (issue 10): every seeded service, tool, scene and type gets an icon of its own kind,
 * served by the web app from `/icons/services/<kind>.webp`. The SVG files are drawn from Ant Design's icon set
 * (@ant-design/icons-svg, MIT) on a coloured tile by `scripts/service-icons.ts`, which reads the kinds below and
 * draws each into the WebP the seed links (a browser makes a document of every SVG image: ADR 0056); a
 * tenant's own services carry whatever icon an administrator uploads. The letter avatar and the default image stay
 * only for a missing or broken icon.
 */

/** An icon kind: the Ant Design outlined icon it is drawn from and its tile's colours. */
export type IconKind = { glyph: string; fg: string; bg: string };

const BLUE = { fg: '#0958d9', bg: '#e6f4ff' };
const GREEN = { fg: '#237804', bg: '#f0fae6' };
const ORANGE = { fg: '#ad4e00', bg: '#fff4e0' };
const PURPLE = { fg: '#531dab', bg: '#f4edff' };
const RED = { fg: '#a8071a', bg: '#fff0f0' };
const CYAN = { fg: '#006d75', bg: '#e6fbfa' };

export const ICON_KINDS = {
  grades: { glyph: 'trophy', ...ORANGE },
  calendar: { glyph: 'calendar', ...BLUE },
  courses: { glyph: 'read', ...BLUE },
  exam: { glyph: 'file-done', ...PURPLE },
  leave: { glyph: 'schedule', ...GREEN },
  aid: { glyph: 'red-envelope', ...RED },
  pay: { glyph: 'pay-circle', ...ORANGE },
  finance: { glyph: 'account-book', ...ORANGE },
  card: { glyph: 'wallet', ...CYAN },
  library: { glyph: 'book', ...PURPLE },
  network: { glyph: 'wifi', ...BLUE },
  mail: { glyph: 'mail', ...BLUE },
  housing: { glyph: 'home', ...GREEN },
  health: { glyph: 'medicine-box', ...RED },
  research: { glyph: 'experiment', ...PURPLE },
  international: { glyph: 'global', ...CYAN },
  security: { glyph: 'safety', ...GREEN },
  vehicle: { glyph: 'car', ...CYAN },
  assets: { glyph: 'database', ...ORANGE },
  purchase: { glyph: 'shopping', ...ORANGE },
  career: { glyph: 'solution', ...BLUE },
  community: { glyph: 'team', ...GREEN },
  print: { glyph: 'printer', ...PURPLE },
  certificate: { glyph: 'audit', ...PURPLE },
  records: { glyph: 'idcard', ...BLUE },
  place: { glyph: 'environment', ...CYAN },
  degree: { glyph: 'crown', ...ORANGE },
  staff: { glyph: 'contacts', ...GREEN },
  account: { glyph: 'key', ...BLUE },
  server: { glyph: 'cloud-server', ...CYAN },
  software: { glyph: 'desktop', ...BLUE },
  counselling: { glyph: 'heart', ...RED },
  contacts: { glyph: 'phone', ...GREEN },
  guide: { glyph: 'compass', ...CYAN },
  search: { glyph: 'file-search', ...PURPLE },
  power: { glyph: 'thunderbolt', ...ORANGE },
  insurance: { glyph: 'insurance', ...RED },
  service: { glyph: 'appstore', ...BLUE },
} as const satisfies Record<string, IconKind>;

export type IconKindKey = keyof typeof ICON_KINDS;

/** Words in a name and the kind they call for; the first that matches wins, so the specific come first. */
const BY_WORD: Array<[RegExp, IconKindKey]> = [
  [/打印/, 'print'],
  [/医保|参保/, 'insurance'],
  [/门诊|体检|疫苗|健康|校医院|医/, 'health'],
  [/心理/, 'counselling'],
  [/成绩|学分|绩点|考核/, 'grades'],
  [/车辆|班车|校车/, 'vehicle'],
  [/课表|校历|时刻|值班|日程/, 'calendar'],
  [/考试|补考|重修|查重/, 'exam'],
  [/选课|调停课|课程|培训|青年大学习|导师/, 'courses'],
  [/请假|销假/, 'leave'],
  [/奖学金|助学金|困难|勤工|酬金/, 'aid'],
  [/缴费|缴纳|充值|电费|水电|个税|学费/, 'pay'],
  [/报销|借款|发票|票据|经费|工资|收入|财务/, 'finance'],
  [/校园卡|一卡通|挂失/, 'card'],
  [/图书|借阅|续借|馆际|电子资源|文献|荐购/, 'library'],
  [/邮箱|邮件/, 'mail'],
  [/密码|身份认证|开户/, 'account'],
  [/服务器|托管|网站/, 'server'],
  [/软件/, 'software'],
  [/网络|校园网|VPN|网/, 'network'],
  [/宿舍|公寓|住/, 'housing'],
  [/科研|专利|成果|合同|学术|论文|答辩|诚信/, 'research'],
  [/出国|国际|签证|交换|外籍|护照|留学/, 'international'],
  [/访客|户籍|身份证明|失物|消防|保卫|安全/, 'security'],
  [/资产|仪器|设备|公用房|报废|调拨/, 'assets'],
  [/采购|快递|餐饮/, 'purchase'],
  [/就业|招聘|三方|报到证|生源|招生|档案/, 'career'],
  [/社团|团员|志愿|活动/, 'community'],
  [/证明|学生证|认定|审核|申诉|处分|备案/, 'certificate'],
  [/学籍|异动|转专业|信息修改|照片/, 'records'],
  [/教室|研讨间|座位|场地|地图/, 'place'],
  [/学位|毕业|辅修|离校/, 'degree'],
  [/职称|人才|退休|教职工|人事/, 'staff'],
  [/通讯录|咨询/, 'contacts'],
  [/指南|目录/, 'guide'],
  [/检索|查询/, 'search'],
];

/** The icon kind of a service, tool, scene or type by its name. */
export function iconKindOf(name: string): IconKindKey {
  return BY_WORD.find(([re]) => re.test(name))?.[1] ?? 'service';
}

/** The icon path of a service, tool, scene or type by its name, as the web app serves it. */
export function demoIconOf(name: string): string {
  return `/icons/services/${iconKindOf(name)}.webp`;
}

/**
 * The route table of section 2.1 and the rules of the navigation guard (2.2),
 * shared by the web router and the server's configuration-menu checks.
 */

export type ServiceType = 'APPLICATION' | 'PROCESS' | '';

/** "advanceLanding, login, allServices, generalDetailsTow and deleteNoPag need no login." */
export const LOGIN_FREE_ROUTE_NAMES = [
  'advanceLanding',
  'login',
  'allServices',
  'generalDetailsTow',
  'deleteNoPag',
] as const;

/** Landing-type routes: a 401 there opens no session-expired dialog (4.3). */
export const LANDING_ROUTE_PATHS = ['/', '/login', '/allServices'] as const;

/** "/userFrameConfig/{name}, where name is one of …" */
export const USER_FRAME_CONFIG_NAMES = [
  'homePageConfig',
  'serviceHallConfig',
  'threeListsConfig',
  'processServiceCenterConfig',
  'applicationServiceCenterConfig',
  'effectivenessMonitoringConfig',
  'preLoginConfig',
  'addNavigation',
] as const;
export type UserFrameConfigName = (typeof USER_FRAME_CONFIG_NAMES)[number];

/** Every configuration menu a user may be granted (configurationMenu entries carry these paths). */
export const CONFIGURATION_MENUS: ReadonlyArray<{ name: string; path: string; title: string }> = [
  { name: 'homePageConfig', path: '/home/userFrameConfig/homePageConfig', title: '首页配置' },
  { name: 'serviceHallConfig', path: '/home/userFrameConfig/serviceHallConfig', title: '服务大厅配置' },
  { name: 'threeListsConfig', path: '/home/userFrameConfig/threeListsConfig', title: '三清单配置' },
  {
    name: 'processServiceCenterConfig',
    path: '/home/userFrameConfig/processServiceCenterConfig',
    title: '办事服务中心配置',
  },
  {
    name: 'applicationServiceCenterConfig',
    path: '/home/userFrameConfig/applicationServiceCenterConfig',
    title: '应用服务中心配置',
  },
  {
    name: 'effectivenessMonitoringConfig',
    path: '/home/userFrameConfig/effectivenessMonitoringConfig',
    title: '效能监督配置',
  },
  { name: 'preLoginConfig', path: '/home/userFrameConfig/preLoginConfig', title: '登录前首页配置' },
  { name: 'addNavigation', path: '/home/userFrameConfig/addNavigation', title: '导航配置' },
  { name: 'cardBusinessConfig', path: '/home/cardBusinessConfig', title: '卡片业务配置' },
  { name: 'deptResponsibilityListConfig', path: '/home/deptResponsibilityListConfig', title: '部门职责清单配置' },
  { name: 'managementGuideConfig', path: '/home/managementGuideConfig', title: '办事指南配置' },
  // The school's identity provider (issue 17, ADR 0023): OpenID Connect, CAS or LDAP.
  { name: 'identityProviderConfig', path: '/home/identityProviderConfig', title: '统一身份认证配置' },
  // Notices written, published, withdrawn and followed by administrators (issue 14).
  { name: 'noticeManageConfig', path: '/home/noticeManageConfig', title: '通知公告管理' },
  // The robot's knowledge: questions, answers, synonyms and scenes (issue 14).
  { name: 'robotKnowledgeConfig', path: '/home/robotKnowledgeConfig', title: '机器人知识库' },
  // Who changed which configuration, when, before and after; a change can be reverted (issue 16, ADR 0030).
  { name: 'configAuditLog', path: '/home/configAuditLog', title: '配置变更记录' },
  // Users' departments set by hand, so that notices to a department reach them (issue 14, ADR 0035).
  { name: 'userDeptConfig', path: '/home/userDeptConfig', title: '用户部门配置' },
];

export type MenuEntry = { name?: string; path: string };

/**
 * 2.2: "cardBusinessConfig and any userFrameConfig path require that the path or name is in the
 * user's configurationMenu list. Otherwise the user goes to noPower."
 * Returns true when the route needs no menu, or the menu list grants it.
 */
export function isRouteAllowedByMenu(pathname: string, menus: ReadonlyArray<MenuEntry>): boolean {
  const name = configMenuNameOf(pathname);
  if (!name) return true;
  return menus.some((m) => m.path === pathname || m.name === name || m.path === name || m.path.endsWith(`/${name}`));
}

/** Whether a path is one of the configuration pages of CONFIGURATION_MENUS (where administrators work on tables). */
export function isConfigurationPage(pathname: string): boolean {
  const clean = pathname.replace(/\/+$/, '');
  return configMenuNameOf(clean) !== null || CONFIGURATION_MENUS.some((m) => m.path === clean);
}

/** The configuration menu a path needs, or null when it needs none. */
export function configMenuNameOf(pathname: string): string | null {
  const clean = pathname.replace(/\/+$/, '');
  const frame = /^\/home\/userFrameConfig\/([^/]+)$/.exec(clean);
  if (frame) return frame[1]!;
  // Every page of the configuration menu needs its menu (办事指南配置 opened for a student by its address, the server
  // refusing each call under an empty page), but 部门职责清单配置: it shows everyone the lists, read-only where the
  // server lets them maintain none.
  const page = CONFIGURATION_MENUS.find((m) => m.path === clean)?.name ?? null;
  return page === 'deptResponsibilityListConfig' ? null : page;
}

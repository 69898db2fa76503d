import type { ServiceType } from '@portal/contracts/routes';

/** What a route tells the shell and the guard (React Router `handle`). */
export type RouteHandle = {
  /** Route name of section 2.1. */
  name: string;
  /** i18n key of the page title. */
  titleKey: string;
  /** 2.2: needs no login. */
  public?: boolean;
  /** 2.2: "The route's serviceType sets the current service business type." */
  serviceType?: ServiceType;
  /** 2.1: the footer is hidden on the configuration and embedded-page routes. */
  hideFooter?: boolean;
  /** Landing-type route: a 401 there opens no session-expired dialog (4.3). */
  landing?: boolean;
};

/** Child routes of the /home shell (2.1), with their handles. */
export const SHELL_PAGES: Array<{ path: string; handle: RouteHandle }> = [
  { path: 'noPower', handle: { name: 'noPower', titleKey: 'noPower.title' } },
  { path: 'homePage', handle: { name: 'homePage', titleKey: 'pages.homePage' } },
  {
    path: 'applicationServiceCenter',
    handle: {
      name: 'applicationServiceCenter',
      titleKey: 'pages.applicationServiceCenter',
      serviceType: 'APPLICATION',
    },
  },
  {
    path: 'processServiceCenter',
    handle: { name: 'processServiceCenter', titleKey: 'pages.processServiceCenter', serviceType: 'PROCESS' },
  },
  { path: 'serviceHall', handle: { name: 'serviceHall', titleKey: 'pages.serviceHall', serviceType: '' } },
  // Public: anonymous visitors browse the three lists through the nobody calls (issue 6).
  { path: 'threelists', handle: { name: 'threelists', titleKey: 'pages.threelists', public: true } },
  {
    path: 'effectivenessSupervision',
    handle: { name: 'effectivenessSupervision', titleKey: 'pages.effectivenessSupervision' },
  },
  { path: 'PersonalCenter', handle: { name: 'PersonalCenter', titleKey: 'pages.PersonalCenter' } },
  { path: 'cardBusinessConfig', handle: { name: 'cardBusinessConfig', titleKey: 'pages.cardBusinessConfig' } },
  {
    path: 'deptResponsibilityListConfig',
    handle: { name: 'deptResponsibilityListConfig', titleKey: 'pages.deptResponsibilityListConfig' },
  },
  {
    path: 'managementGuideConfig',
    handle: { name: 'managementGuideConfig', titleKey: 'pages.managementGuideConfig', hideFooter: true },
  },
  // The school's identity provider (issue 17): configuration menu identityProviderConfig.
  {
    path: 'identityProviderConfig',
    handle: { name: 'identityProviderConfig', titleKey: 'identity.config.title', hideFooter: true },
  },
  // Notices written and followed by administrators (issue 14): configuration menu noticeManageConfig.
  { path: 'noticeManageConfig', handle: { name: 'noticeManageConfig', titleKey: 'messages.noticeAdmin.title' } },
  // The robot's knowledge (issue 14): configuration menu robotKnowledgeConfig.
  { path: 'robotKnowledgeConfig', handle: { name: 'robotKnowledgeConfig', titleKey: 'assistant.knowledge.title' } },
  // Configuration changes and their revert (issue 16, ADR 0030): configuration menu configAuditLog.
  { path: 'configAuditLog', handle: { name: 'configAuditLog', titleKey: 'audit.title' } },
  // Users' departments set by hand (issue 14, ADR 0035): configuration menu userDeptConfig.
  { path: 'userDeptConfig', handle: { name: 'userDeptConfig', titleKey: 'userDept.title' } },
  { path: 'iframPage', handle: { name: 'iframPage', titleKey: 'pages.iframPage', hideFooter: true } },
  { path: 'navIfram', handle: { name: 'navIfram', titleKey: 'pages.navIfram', hideFooter: true } },
  { path: 'messageIfrm', handle: { name: 'messageIfrm', titleKey: 'pages.messageIfrm', hideFooter: true } },
  {
    path: 'serviceIframPage',
    handle: { name: 'serviceIframPage', titleKey: 'pages.serviceIframPage', hideFooter: true },
  },
];

/** Routes outside the shell. */
export const OUTSIDE_PAGES: Array<{ path: string; handle: RouteHandle }> = [
  { path: '/', handle: { name: 'advanceLanding', titleKey: 'pages.advanceLanding', public: true, landing: true } },
  { path: '/login', handle: { name: 'login', titleKey: 'login.title', public: true, landing: true } },
  { path: '/allServices', handle: { name: 'allServices', titleKey: 'pages.allServices', public: true, landing: true } },
  {
    path: '/generalDetailsTow',
    handle: { name: 'generalDetailsTow', titleKey: 'pages.generalDetailsTow', public: true },
  },
  { path: '/deleteNoPag', handle: { name: 'deleteNoPag', titleKey: 'pages.deleteNoPag', public: true } },
  { path: '/lock', handle: { name: 'lock', titleKey: 'lock.title' } },
];

export const USER_FRAME_CONFIG_HANDLE = (name: string): RouteHandle => ({
  name,
  titleKey: `pages.${name}`,
  hideFooter: true,
});

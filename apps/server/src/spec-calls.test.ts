import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabases, type TestApp } from './test/test-app.ts';

/**
 * Every call of section 7 that names its path, as the spec lists them (7.2 to 7.9), and whether the server has
 * registered it. One entry per call the spec names: 'A+B' when the call needs several routes (GET and POST, or a
 * nobody variant beside the logged-in one); a path without /api/ is matched under any path group; 'x/*' is a family.
 * Not counted: 7.1 (encoding), the client actions and instant-messaging calls whose paths 7.3 and 7.8 do not show,
 * 7.9's static JSON files and 7.10's configurable URLs. baseService/getRoleList, listed in 7.2 and 7.3, counts once.
 */
const SPEC_CALLS: ReadonlyArray<readonly [section: string, routes: string]> = [
  // 7.2 Landing, anonymous (platform)
  ['7.2', 'GET nobody/prepareLogin/getStatisticData'],
  ['7.2', 'POST nobody/prepareLogin/searchService'],
  ['7.2', 'POST nobody/prepareLogin/queryThirdParty'],
  ['7.2', 'POST nobody/prepareLogin/queryServiceByType'],
  ['7.2', 'POST nobody/prepareLogin/queryAllServiceByType'],
  ['7.2', 'GET nobody/prepareLogin/bottomConfigDetail'],
  ['7.2', 'GET nobody/prepareLogin/configDetail'],
  ['7.2', 'GET /api/blade-workbench/baseService/getRoleList'],
  ['7.2', 'GET /api/blade-workbench/baseService/getShelfLabel'],
  ['7.2', 'POST /api/blade-platform/nobody/index/index'],
  // 7.3 Authentication and session
  ['7.3', 'POST auth/tokenLogin'],
  ['7.3', 'POST auth/auth/init'],
  ['7.3', 'POST auth/auth/modelLogin'],
  ['7.3', 'POST auth/getAddress'],
  ['7.3', 'GET auth/loginOut'],
  ['7.3', 'GET /api/blade-user/user/getUserInfo'],
  ['7.3', 'POST /api/blade-auth/oauth/token'],
  ['7.3', 'POST nobody/weixin/combLoginToMicroService'],
  ['7.3', 'POST nobody/cas/getSessionValidTime'],
  ['7.3', 'POST nobody/cas/updateSessionValidTime'],
  ['7.3', 'POST nobody/cas/removeSessionValidTime'],
  ['7.3', 'POST serviceItem/getMpList'],
  ['7.3', 'POST eduSystemManagePwdConfig/getPasswordReg'],
  ['7.3', 'POST eduSystemManagePwdConfig/detail'],
  // 7.4 Service center (platform)
  ['7.4', 'POST serverCenter/page'],
  ['7.4', 'POST serverCenter/customPage'],
  ['7.4', 'POST serverCenter/pageRoles'],
  ['7.4', 'POST serverCenter/details'],
  ['7.4', 'POST serverCenter/customDetails'],
  ['7.4', 'POST serverCenter/collect'],
  ['7.4', 'POST serverCenter/cancelCollect'],
  ['7.4', 'POST serverCenter/changeOrder'],
  ['7.4', 'POST serverCenter/giveScore'],
  ['7.4', 'POST serverCenter/checkScore'],
  ['7.4', 'POST serverCenter/CASServiceList'],
  ['7.4', 'POST serverCenter/queryShelfService'],
  ['7.4', 'POST serverCenter/searchService'],
  ['7.4', 'POST serverCenter/OSP/heatService'],
  ['7.4', 'POST nobody/serverCenter/OSP/heatService'],
  ['7.4', 'POST nobody/serverCenter/page'],
  ['7.4', 'POST nobody/serverCenter/NewlyLaunched'],
  ['7.4', 'POST nobody/serverCenter/serviceCount'],
  ['7.4', 'POST serviceScene/listByUser'],
  ['7.4', 'POST serviceDept/listByUser'],
  ['7.4', 'POST serviceType/listByUser'],
  ['7.4', 'GET serverCenter/myCollect'],
  ['7.4', 'POST platformCardServiceConfig/queryServiceCardConfigDetail'],
  ['7.4', 'POST userThemeSetUp/submit'],
  ['7.4', 'POST platformapplyguiselogo/detail'],
  ['7.4', 'POST userClickVisitLog/clickService'],
  ['7.4', 'POST accountSecurity/removeBind'],
  ['7.4', 'POST serviceInfo/upload'],
  // 7.5 Rating, guide and search (workbench)
  ['7.5', 'POST serverCenter/rateService'],
  ['7.5', 'POST serverCenter/canUserRate'],
  ['7.5', 'POST serverCenter/quickScoreLabels'],
  ['7.5', 'POST nobody/serverCenter/serviceRateDetail'],
  ['7.5', 'POST guide/lucene/search'],
  ['7.5', 'POST guide/clientGuideInfo'],
  ['7.5', 'POST nobody/guide/clientGuideInfo'],
  ['7.5', 'POST searchHeatWord'],
  ['7.5', 'POST nobody/searchHeatWord'],
  // 7.6 Cards and navigation (online-service-platform)
  ['7.6', 'POST cardbasicconfig/detail'],
  ['7.6', 'POST cardbasicconfig/submit'],
  ['7.6', 'POST cardcolumnconfig/list'],
  ['7.6', 'POST cardcolumnconfig/detail'],
  ['7.6', 'POST cardcolumnconfig/preview'],
  ['7.6', 'POST cardcolumnconfig/remove'],
  ['7.6', 'POST cardcolumnconfig/submit'],
  ['7.6', 'POST cardcolumnconfig/adjustOrder'],
  ['7.6', 'POST cardcolumnconfig/getServiceList'],
  ['7.6', 'POST cardcolumnconfig/getConfig'],
  ['7.6', 'POST cardcolumnconfig/getApiList'],
  ['7.6', 'POST cardcolumnconfig/getApiDetail'],
  ['7.6', 'POST cardcolumnconfig/getDataSourceList'],
  ['7.6', 'POST cardcolumnconfig/getParamTypeList'],
  ['7.6', 'POST cardcolumnconfig/getReturnParamByDataSource'],
  ['7.6', 'POST cardcolumnconfig/getRequestParamByDataSource'],
  ['7.6', 'POST cardcolumnconfig/getFlowType'],
  ['7.6', 'POST cardcolumnconfig/choseCopyColumnlist'],
  ['7.6', 'POST cardcolumnconfig/getColumnDetail'],
  ['7.6', 'POST cardcolumnconfig/todoNumRemindDetail'],
  ['7.6', 'POST cardcolumnconfig/todoNumRemindField'],
  ['7.6', 'POST cardcolumnconfig/saveTodoNumRemind'],
  ['7.6', 'POST cardcolumnconfig/getRoleListClass'],
  ['7.6', 'POST cardbusinessconfig/list'],
  ['7.6', 'POST indexnavigationconfig/list'],
  ['7.6', 'POST indexnavigationconfig/submit'],
  ['7.6', 'POST indexnavigationconfig/remove'],
  ['7.6', 'POST indexnavigationconfig/getAllDeptCategory'],
  ['7.6', 'POST indextypeconfig/list'],
  ['7.6', 'POST indextypeconfig/under'],
  ['7.6', 'POST indextypeconfig/getCardList'],
  ['7.6', 'POST indextypeconfig/submit'],
  ['7.6', 'POST indextypeconfig/submitCard'],
  ['7.6', 'POST indextypeconfig/authConfig'],
  ['7.6', 'POST indextypeconfig/getAuthConfig'],
  ['7.6', 'POST indextypeconfig/remove'],
  ['7.6', 'POST indextypeconfig/removeType'],
  ['7.6', 'POST indexcardconfig/submit'],
  ['7.6', 'POST indexcardconfig/remove'],
  ['7.6', 'POST indexcardconfig/under'],
  ['7.6', 'POST indexcardconfig/list'],
  ['7.6', 'POST indexfooterinfo/detail'],
  ['7.6', 'POST indexfooterinfo/submit'],
  ['7.6', 'POST commonTool/save'],
  ['7.6', 'POST commonTool/verifyUrl'],
  ['7.6', 'POST themeSetUp/submit'],
  ['7.6', 'POST themeSetUp/detail'],
  ['7.6', 'POST common/teacher/dropList'],
  ['7.6', 'POST common/getRoleList'],
  ['7.6', 'POST common/getServiceInfo'],
  ['7.6', 'POST common/getRoleListClass'],
  ['7.6', 'POST common/getAppsDict'],
  ['7.6', 'POST common/getAccessWayList'],
  ['7.6', 'POST common/upload'],
  ['7.6', 'POST homePage/getTopMenu'],
  ['7.6', 'POST homePage/getBusinessConfigMenu'],
  ['7.6', 'POST homePage/getFooterInfo'],
  ['7.6', 'POST homePage/quickNavigation'],
  ['7.6', 'POST homePage/getHoliday'],
  ['7.6', 'POST homePage/getServiceSpecial'],
  ['7.6', 'POST homePage/getServiceSpecialList'],
  ['7.6', 'POST homePage/getIsShowMsg'],
  ['7.6', 'POST nobody/preLogin/getPreLoginIndex'],
  ['7.6', 'POST nobody/preLogin/getPreLoginPage'],
  ['7.6', 'POST nobody/preLogin/dataOverview'],
  ['7.6', 'POST nobody/preLogin/serviceScenes'],
  ['7.6', 'POST nobody/preLogin/serviceDepts'],
  ['7.6', 'POST nobody/preLogin/preLoginColumn'],
  ['7.6', 'POST nobody/preLogin/messageColumn'],
  ['7.6', 'POST nobody/preLogin/commonTool'],
  ['7.6', 'POST nobody/preLogin/navigationDetail'],
  ['7.6', 'POST nobody/preLogin/getFooterInfo'],
  ['7.6', 'POST nobody/preLogin/getJumpServer'],
  ['7.6', 'POST nobody/preLogin/serviceOverview'],
  ['7.6', 'POST nobody/preLogin/throughService/serviceList'],
  ['7.6', 'POST nobody/preLogin/common/configJson'],
  ['7.6', 'POST nobody/preLogin/tripleList/getConfig'],
  ['7.6', 'GET nobody/preLogin/common/semesterList'],
  ['7.6', 'POST tripleList/saveConfig'],
  ['7.6', 'POST threeInventory/page+POST nobody/threeInventory/page'],
  ['7.6', 'POST threeInventory/queryService+POST nobody/threeInventory/queryService'],
  ['7.6', 'POST threeInventory/queryDuty+POST nobody/threeInventory/queryDuty'],
  ['7.6', 'POST threeInventory/getTree+POST nobody/threeInventory/getTree'],
  ['7.6', 'POST efficiencyHomePage/overView'],
  ['7.6', 'POST efficiencyHomePage/efficiencyReportList'],
  ['7.6', 'POST efficiencyHomePage/processTrending'],
  ['7.6', 'POST efficiencyHomePage/serviceHeatRate'],
  ['7.6', 'POST efficiencyHomePage/topLikesBoard'],
  ['7.6', 'POST efficiencyHomePage/personalEfficiencyReport'],
  ['7.6', 'POST efficiencyHomePage/getReportConfig'],
  ['7.6', 'POST efficiencyHomePage/personalERDetail'],
  ['7.6', 'POST efficiencyHomePage/OAOverview'],
  ['7.6', 'POST efficiencyHomePage/timeoutProcess'],
  ['7.6', 'POST efficiencyHomePage/timeoutNode'],
  ['7.6', 'POST efficiencyHomePage/sceneTree'],
  ['7.6', 'POST efficiencyHomePage/reportTable'],
  ['7.6', 'POST efficiencyHomePage/existReport'],
  ['7.6', 'POST efficiencyHomePage/reportTableDrill'],
  ['7.6', 'POST efficiencyHomePage/deptTree'],
  // 7.7 Department duty lists (workbench)
  ['7.7', 'POST ospDeptDutyListConfig/page'],
  ['7.7', 'POST ospDeptDutyListConfig/save'],
  ['7.7', 'POST ospDeptDutyListConfig/update'],
  ['7.7', 'POST ospDeptDutyListConfig/remove'],
  ['7.7', 'POST ospDeptInfo/noSetDutyDept'],
  ['7.7', 'POST ospDeptInfo/queryServiceInfo'],
  ['7.7', 'POST ospDeptInfo/dutyAndService'],
  ['7.7', 'POST ospDeptInfo/page'],
  ['7.7', 'POST ospDeptInfo/update'],
  ['7.7', 'GET deptTree+POST deptTree'],
  ['7.7', 'GET getDeptTreePower+POST getDeptTreePower'],
  ['7.7', 'GET schoolInfo'],
  ['7.7', 'GET isDutyTypeMust'],
  ['7.7', 'POST nobody/baseService/getServiceDeptRelation'],
  // 7.8 Chat and robot (platform)
  ['7.8', 'POST question/feedBack/saveQuestionFeedbackInfo'],
  ['7.8', 'POST question/user/showProgress'],
  ['7.8', 'POST question/user/progressStatistics'],
  ['7.8', 'POST question/user/progressDetail'],
  ['7.8', 'GET aiquestion/greet'],
  ['7.8', 'GET aiquestion/recommendLIst'],
  ['7.8', 'GET aiquestion/wantAnswer'],
  ['7.8', 'GET questionbasicconfig/baseInfo'],
  ['7.8', 'GET questionScene/list'],
  ['7.8', 'GET questionScene/selectList'],
  ['7.8', 'POST aiquestion/lucene/search'],
  ['7.8', 'POST aiquestion/isSolve'],
  ['7.8', 'POST aiquestion/recordQuestion'],
  ['7.8', 'POST app/userList/*'],
  ['7.8', 'POST app/msg/*'],
  ['7.8', 'POST app/service/mpMsgListByUser'],
  // 7.9 Messages and other
  ['7.9', 'POST messageCenterHistoryMsg/detail'],
  ['7.9', 'POST messageCenterHistoryMsg/downloadFile'],
  ['7.9', 'GET nobody/messageCenter/messageDetail/{id}'],
  ['7.9', 'POST mpManage/readMessage'],
  ['7.9', 'POST /api/comb-cygj/nobody/navigationBar/list'],
  ['7.9', 'POST /api/comb-cygj/nobody/tools/list'],
  ['7.9', 'GET platformApplyGuiseLogoInfo'],
  ['7.9', 'GET personInfo/getSystemAccessLink'],
  ['7.9', 'POST scSemester/getSchoolCalendar'],
];

const SPEC_CALL_COUNT = 199;

describe.each(testDatabases)('the calls of section 7 on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`registers all ${SPEC_CALL_COUNT} calls the spec names, under their spec paths`, async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const registered = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => ({ method: m.toUpperCase(), path })),
    );
    const has = (need: string) => {
      const [method, path] = need.split(' ') as [string, string];
      return registered.some((r) =>
        r.method !== method
          ? false
          : path.startsWith('/api/')
            ? r.path === path
            : path.endsWith('/*')
              ? r.path.includes(`/${path.slice(0, -1)}`)
              : r.path.endsWith(`/${path}`),
      );
    };
    expect(SPEC_CALLS).toHaveLength(SPEC_CALL_COUNT);
    expect(new Set(SPEC_CALLS.map(([, r]) => r)).size).toBe(SPEC_CALL_COUNT);
    const missing = SPEC_CALLS.filter(([, routes]) => !routes.split('+').every(has)).map(([s, r]) => `${s} ${r}`);
    expect(missing, `${SPEC_CALL_COUNT - missing.length} of ${SPEC_CALL_COUNT} covered`).toEqual([]);
  });
});

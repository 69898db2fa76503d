import { TRANSFER_TEXTS } from '@portal/contracts/transfer-texts';

/**
 * Texts of the transfer feature, registered beside the shell's texts by app/i18n-texts.ts. Use top-level keys
 * of this feature only (e.g. `transfer: { … }`); zh-CN exactly as the spec writes it, en-US beside it.
 */
const MESSAGE_TEXTS: Record<keyof typeof TRANSFER_TEXTS, string> = {
  ...TRANSFER_TEXTS,
  fileNameLong: '文件名称不可超过{{max}}个字符',
};

export const transferZhCN = {
  transfer: {
    exportTitle: '批量导出',
    importTitle: '批量导入',
    fileName: '文件名称',
    exportFields: '导出字段',
    dataRange: '数据范围',
    rangeAll: '全部数据',
    rangeSearch: '当前搜索结果',
    rangeChosen: '勾选数据',
    count: '共 {{count}} 条数据',
    export: '导出',
    import: '导入',
    cancel: '取消',
    close: '关闭',
    file: '上传文件',
    chooseFile: '选择文件',
    fileHint: '仅支持 xls、xlsx 格式，文件大小不超过 20MB',
    headerLine: '表头所在行',
    ruleNum: '重复数据规则',
    ruleSkip: '跳过',
    ruleUpdate: '覆盖更新',
    ruleFail: '记为失败',
    checkFields: '校验字段',
    fieldMatching: '字段匹配',
    excelField: '表格列',
    dbField: '系统字段',
    notMatched: '不导入',
    required: '必填',
    templateDownload: '下载模板',
    errorDownload: '下载失败数据',
    next: '下一步',
    previous: '上一步',
    exportRunning: '正在导出',
    importRunning: '正在导入',
    exportSucceeded: '导出成功',
    exportFailed: '导出失败',
    importSucceeded: '导入成功',
    importFailed: '导入失败',
    importPartial: '部分导入成功：成功 {{successNum}} 条，失败 {{failNum}} 条',
    importAllFailed: '导入失败：{{failNum}} 条全部失败',
    download: '下载文件',
    progressSummary: '共 {{totalNum}} 条，已处理 {{finishNum}} 条',
    importSummary: '新增 {{newInsertNum}} 条，更新 {{updateNum}} 条，跳过 {{jumpNum}} 条，失败 {{failNum}} 条',
    useTime: '用时 {{time}}',
    remainTime: '预计剩余 {{time}}',
    durationMinSec: '{{m}}分{{s}}秒',
    durationSec: '{{s}}秒',
    copyDetail: '复制详情',
    copied: '已复制',
    operationFailed: '操作失败',
    // Section 5 verbatim, and the server's own messages of this capability, for transferText(): the contract's
    // texts themselves (the length's limit as a variable).
    ...MESSAGE_TEXTS,
  },
  catalogueData: {
    title: '服务目录数据',
    intro:
      '以表格批量导出或导入本校的服务目录（服务名称、所属部门、场景、类型、业务类型、地址、可见角色、上架标签、图标和办事指南等）。',
    serviceName: '服务名称',
    deptName: '所属部门',
    sceneName: '服务场景',
    typeName: '服务类型',
    businessType: '业务类型',
    /** The values of the business type and status codes. */
    businessTypes: { APPLICATION: '应用服务', PROCESS: '办事服务' },
    listed: '上架',
    unlisted: '下架',
    status: '状态',
    visitCount: '访问量',
    search: '搜索服务名称',
    allDepts: '全部部门',
    selectService: '选择 {{name}}',
    adminOnly: '仅管理员可批量导入导出服务目录。',
  },
  /** A data set's fields are named by the server in zh-CN (their spreadsheet headers); en-US labels them. */
  transferFields: {} as Readonly<Record<string, string>>,
};

import { EXPORT_FILE_NAME_MAX, IMPORT_HEADER_ROW_MAX, IMPORT_HEADER_ROW_MIN } from './constants.ts';

/*
 * The texts of transfer.ts without its schemas: an import's reader thread (the server's import-rows.worker.ts,
 * ADR 0045) needs the messages only, and loading zod and the contracts' schemas was about 400 ms of that thread's
 * 600 ms start (issue 13). transfer.ts re-exports them.
 */

/** Texts of section 5 (verbatim) and the server's own messages of this capability. */
export const TRANSFER_TEXTS = {
  fileNameRequired: '请输入文件名称',
  fileNameChars: '特殊字符只能包括点和下划线',
  fileNameShort: '文件名称不可少于三个字符',
  fileNameLong: `文件名称不可超过${EXPORT_FILE_NAME_MAX}个字符`,
  fieldRequired: '请至少选择一个导出字段',
  badFormat: '上传格式不符合要求，请重新上传',
  badExtension: '只能上传 xls 或 xlsx 格式的文件',
  tooLarge: '上传文件大小不能超过 20MB',
  oneFile: '当前限制选择 1 个文件，请删除后再上传',
  fileRequired: '请上传文件',
  headerLineRequired: '请输入表头所在行',
  headerLineRange: `表头所在行须为${IMPORT_HEADER_ROW_MIN}到${IMPORT_HEADER_ROW_MAX}之间的整数`,
  ruleRequired: '请选择重复数据规则',
  checkFieldsRequired: '请选择校验字段',
  matchRequired: '请匹配所有系统必填字段',
  // Server-side messages this project adds.
  emptyFile: '文件中没有数据',
  noHeader: '表头所在行没有内容',
  zipBomb: '文件解压后过大或结构异常，已拒绝',
  cellTooLong: '单元格内容过长',
  staleFormula: '公式的计算结果未保存在文件中，请用表格软件打开并重新保存后再导入',
  jobNotFound: '任务不存在或已过期',
  jobInterrupted: '任务因服务重启而中断，请重新执行',
  importInterruptedKept: '任务因服务重启而中断，中断前已导入的数据已保存：请以“跳过”重新导入，补齐其余的行',
  jobFailed: '任务执行失败，请重新执行',
  noUpload: '请先上传文件',
  noDataSelected: '请选择要导出的数据',
  requiredMissing: '必填字段为空',
  duplicateRow: '数据重复',
  saveFailed: '数据保存失败',
  duplicateInFile: '与文件中前面的行重复',
  unknownDept: '部门不存在',
  unknownDictValue: '不是可选的值',
  tooLong: '内容过长',
  noDept: '部门不存在或无权操作',
  noDuty: '职责不存在',
  /** A duty links only to services of the catalogue on the shelf (issue 16). */
  noService: '关联的服务不存在或已下架，请重新选择',
  /** A department import naming a department's own sub-department (or itself) as its parent. */
  deptCycle: '上级部门不能是部门本身或其下级部门',
  importUnsupported: '该数据不支持导入',
  adminOnly: '仅管理员可导入导出该数据',
  badServiceUrl: '服务地址：须为 http:// 或 https:// 开头的网址，或本站以 / 开头的路径',
  badServiceIcon: '服务图标：须为 http:// 或 https:// 开头的网址，或本站以 / 开头的路径',
  /** A duty's name and the three lists' page title left empty or only white space: the forms' required messages. */
  dutyNameRequired: '请输入职责名称',
  pageTitleRequired: '请输入页面标题',
  /** Reasons of the failed-rows file, after the field they name (排序：…, 关联服务不存在：…). */
  sortRange: '须为0到99999之间的整数',
  servicesMissing: '关联服务不存在',
  rolesMissing: '可见角色不存在',
  yesOrNo: '请填写“是”或“否”',
} as const;

/** The texts of the files themselves besides their fields (en-US: TRANSFER_FILE_TEXTS_EN of transfer-fields-en.ts). */
export const TRANSFER_FILE_TEXTS = {
  failedRowsSheet: '导入失败数据',
  failedRowsReason: '失败原因',
  failedRowsRowNumber: '原表行号',
  templateValuesSheet: '可选值',
  templateSuffix: '导入模板',
} as const;

import type { TRANSFER_FILE_TEXTS } from './transfer-texts.ts';

/*
 * The en-US label of each field a data set of import and export names (7.10's exportFields and matchField answers).
 * The server names a field by the header its spreadsheet column carries, in zh-CN; the English interface shows a field
 * under this label and still sends its id. A file downloaded from the English interface carries these headers, and an
 * import matches either (the server's transfer.language.ts). A test holds every field of every data set of the server
 * to a label here. Of the web app, only the English interface loads this.
 */
export const TRANSFER_FIELD_LABELS_EN: Readonly<Record<string, string>> = {
  // 服务目录
  服务编码: 'Service code',
  服务名称: 'Service name',
  所属部门: 'Department',
  服务场景: 'Service scene',
  服务类型: 'Service type',
  业务类型: 'Business type',
  办理方式: 'Handling method',
  访问方式: 'Access method',
  打开方式: 'Opening method',
  服务地址: 'Service URL',
  服务描述: 'Description',
  服务标签: 'Service label',
  是否公开: 'Public',
  状态: 'Status',
  排序: 'Sort order',
  可见角色: 'Visible to roles',
  上架标签: 'Shelf label',
  服务图标: 'Service icon',
  办事指南: 'Service guide',
  访问量: 'Visits',
  // 部门职责清单
  职责名称: 'Duty name',
  职责类型: 'Duty type',
  职责内容: 'Duty content',
  关联服务: 'Linked services',
  // 部门信息
  部门名称: 'Department name',
  上级部门: 'Parent department',
  部门职责: 'Responsibilities',
  联系电话: 'Phone',
  办公地址: 'Office address',
  // 机器人知识库
  问题: 'Question',
  答案: 'Answer',
  同义问法: 'Synonymous questions',
  关键词: 'Keywords',
  场景: 'Scene',
  启用: 'Enabled',
};

/** The en-US title of each data set (a file's sheet, a template's name). */
export const TRANSFER_DATASET_TITLES_EN: Readonly<Record<string, string>> = {
  服务目录: 'Service catalogue',
  部门职责清单: 'Department duty list',
  部门信息: 'Departments',
  机器人知识库: 'Robot knowledge base',
};

/**
 * The en-US label of each coded value a column holds in zh-CN (by the column's zh-CN header): a file downloaded from
 * the English interface carries these, and an import takes either (the column's codes too, where it took them).
 * Values that are the tenant's own data (departments, scenes, types, roles, names) are never translated.
 */
export const TRANSFER_VALUE_LABELS_EN: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  业务类型: { 办事服务: 'Process service', 应用服务: 'Application service' },
  办理方式: { 线上办理: 'Online', 线下办理: 'Offline' },
  访问方式: {
    直接访问: 'Direct access',
    '统一身份认证(CAS)': 'Unified authentication (CAS)',
    第三方系统: 'Third-party system',
    在线表单: 'Online form',
    组合参数访问: 'Access with combined parameters',
  },
  打开方式: { 页面内打开: 'Open in the page', 弹窗打开: 'Open in a pop-up', 新标签页打开: 'Open in a new tab' },
  是否公开: { 是: 'Yes', 否: 'No' },
  状态: { 上架: 'Listed', 下架: 'Unlisted' },
  职责类型: { 职责: 'Duty', 责任: 'Responsibility', 权力: 'Power' },
  启用: { 是: 'Yes', 否: 'No' },
};

/** The en-US of the texts a file of import and export carries besides its fields (zh-CN: transfer-texts.ts). */
export const TRANSFER_FILE_TEXTS_EN: { readonly [K in keyof typeof TRANSFER_FILE_TEXTS]: string } = {
  failedRowsSheet: 'Failed import rows',
  failedRowsReason: 'Reason',
  failedRowsRowNumber: 'Row in the uploaded sheet',
  templateValuesSheet: 'Options',
  templateSuffix: ' import template',
};

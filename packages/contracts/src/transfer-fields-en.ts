/*
 * The en-US label of each field a data set of import and export names (7.10's exportFields and matchField answers).
 * The server names a field by the header its spreadsheet column carries, in zh-CN; files keep those headers in every
 * language (an import matches them), so the English interface shows a field under this label and still sends its id.
 * A test holds every field of every data set of the server to a label here. Only the English interface loads this.
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

/**
 * Texts of 用户部门配置 (users' departments set by hand, issue 14, ADR 0035), registered beside the shell's texts by
 * app/i18n-texts.ts. zh-CN first, en-US beside it.
 */
export const userDeptZhCN = {
  userDept: {
    title: '用户部门配置',
    intro:
      '发给某部门的通知，该部门及其下级部门的成员都会收到。统一身份认证登录时只更新由其提供的部门，手动设置的部门保持不变。',
    search: '搜索姓名或账号',
    deptFilter: '按部门筛选',
    refresh: '刷新',
    name: '姓名',
    account: '账号',
    role: '角色',
    departments: '所属部门',
    none: '未设置',
    fromIdentity: '统一身份认证',
    actions: '操作',
    edit: '设置部门',
    dialogTitle: '设置部门',
    user: '用户',
    deptsLabel: '所属部门',
    deptsHelp: '可选择多个部门；不选择则清除该用户的全部部门。',
    save: '保存',
    cancel: '取消',
    saved: '已保存{{name}}的部门',
    total: '共 {{total}} 人',
  },
};

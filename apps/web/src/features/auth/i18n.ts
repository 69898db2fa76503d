import { IDENTITY_MESSAGES } from '@portal/contracts/identity-messages';

export const identityErrors = (lang: 0 | 1) =>
  Object.fromEntries(Object.entries(IDENTITY_MESSAGES).map(([k, v]) => [k, v[lang]])) as Record<
    keyof typeof IDENTITY_MESSAGES,
    string
  >;

/** Signing in with the school's identity provider and its configuration page (issue 17): zh-CN first. */
export const identityZhCN = {
  identity: {
    login: {
      button: '{{name}}登录',
      or: '或使用账号密码登录',
      directoryAccount: '{{name}}账号',
      adminLogin: '管理员本地账号登录',
      backToSchool: '返回统一身份认证登录',
    },
    errors: identityErrors(0),
    config: {
      title: '统一身份认证配置',
      intro:
        '配置本校的统一身份认证（OpenID Connect、CAS 或 LDAP）。学生和教职工将通过学校的登录页登录门户，首次登录时自动创建账号。',
      type: '认证方式',
      name: '登录按钮名称',
      enabled: '启用',
      localLogin: '保留账号密码登录',
      localLoginHelp: '关闭后只有管理员可以使用账号密码登录（应急）',
      issuer: '签发者地址（Issuer）',
      clientId: '客户端 ID',
      clientSecret: '客户端密钥',
      scopes: '授权范围（scope）',
      serverUrl: 'CAS 服务地址',
      version: 'CAS 协议版本',
      ldapUrl: 'LDAP 地址',
      bindDn: '查询账号 DN',
      bindPassword: '查询账号密码',
      searchBase: '查询起点（Base DN）',
      filter: '查询条件',
      groupAttribute: '所属组属性',
      groupSearchBase: '组查询起点',
      startTls: '使用 StartTLS',
      timeoutMs: '超时（毫秒）',
      secretKept: '已保存，留空则不修改',
      secretNone: '未设置',
      mapping: '属性映射',
      mapAccount: '账号',
      mapName: '姓名',
      mapDepartment: '部门',
      mapRole: '角色',
      roleMapping: '角色映射',
      roleValue: '认证系统中的值（角色或组）',
      portalRole: '门户角色',
      addRoleMapping: '添加角色映射',
      removeRoleMapping: '删除角色映射',
      defaultRole: '默认角色',
      redirectUri: '回调地址（请在认证系统中登记）',
      serviceUrl: '退出后返回地址 / CAS 服务地址',
      backchannelLogoutUri: '后端通道退出地址（backchannel_logout_uri）',
      save: '保存',
      saved: '保存成功',
      required: '必填',
    },
  },
};

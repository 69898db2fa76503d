/**
 * Texts of the installable, offline portal (issue 18), registered beside the shell's texts by app/i18n-texts.ts.
 * Top-level key `offline` only; zh-CN first, en-US beside it.
 */
export const offlineZhCN = {
  offline: {
    update: {
      title: '新版本可用',
      body: '门户已更新，刷新页面即可使用新版本。',
      reload: '刷新',
      later: '稍后',
    },
    mark: {
      offline: '离线',
      banner: '当前处于离线状态，显示的是 {{time}} 更新的内容',
      bannerNoTime: '当前处于离线状态，显示的是上次缓存的内容',
    },
  },
};

/**
 * Texts of the chat feature, registered beside the shell's texts by app/i18n-texts.ts. Use top-level keys
 * of this feature only (e.g. `chat: { … }`); zh-CN exactly as the spec writes it, en-US beside it.
 */
export const chatZhCN = {
  chat: {
    entry: '即时通讯',
    fileHelper: '文件传输助手',
    status: {
      connecting: '正在连接…',
      offline: '连接已断开，正在重新连接…',
      conflict: '您的账号已在其他设备登录',
      unauthorized: '登录已失效，无法连接即时通讯',
      reconnect: '重新连接',
    },
    notifications: {
      enable: '开启桌面通知',
      reason: '页面不在前台时，收到新消息会在桌面提醒您（免打扰的会话除外）',
      denied: '浏览器已阻止本站的桌面通知，可在浏览器的网站设置中开启',
      image: '[图片]',
      file: '[文件]',
    },
    unreadCount: '{{count}} 条未读',
  },
};

/**
 * The services feature's administration texts (service icons, search misses, unanswered questions), registered with the
 * Ant Design layout (app/i18n-texts.ts): the landing page, which brings the feature's other texts itself, needs none of
 * them (issue 10).
 */
export const servicesAdminZhCN = {
  services: {
    admin: {
      iconsTitle: '服务图标',
      iconsIntro: '搜索服务，为它上传新的图标。支持 PNG、JPG、GIF、WEBP 格式，大小不超过 {{mb}}MB。',
      iconsSearch: '查找要更换图标的服务',
      currentIcon: '当前图标',
      serviceName: '服务名称',
      action: '操作',
      upload: '上传图标',
      uploadFor: '为“{{name}}”上传图标',
      iconUploaded: '“{{name}}”的图标已更新',
      uploadFailed: '上传失败',
      iconType: '图标只能是 PNG、JPG、GIF 或 WEBP 格式的图片',
      iconSize: '图标大小不能超过 {{mb}}MB',
      missesTitle: '未命中搜索',
      missesIntro: '用户搜索后没有找到服务的关键词，可据此添加服务或热门搜索词。',
      keyword: '搜索关键词',
      missCount: '未命中次数',
      lastAt: '最近搜索时间',
      refresh: '刷新',
      unansweredTitle: '机器人未解答问题',
      unansweredIntro: '智能机器人未能回答、回答未解决或用户转交的问题，可据此补充问答。',
      question: '问题',
      asker: '提问人',
      state: '状态',
      matched: '匹配到的问题',
      askedAt: '提问时间',
      toKnowledge: '写入知识库',
      actions: '操作',
      states: { unanswered: '未回答', unsolved: '未解决', recorded: '用户转交' },
    },
  },
};

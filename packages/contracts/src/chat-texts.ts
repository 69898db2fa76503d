import {
  CHAT_FILE_MAX_BYTES,
  CHAT_GROUP_NAME_MAX_LENGTH,
  CHAT_GROUP_NOTICE_MAX_LENGTH,
  CHAT_IMAGE_MAX_BYTES,
  CHAT_TEXT_MAX_LENGTH,
} from './chat-constants.ts';

/**
 * The chat's texts a user sees (the server's refusals, the group dialogs' checks), in a module of their own: the chat
 * runtime every logged-in page loads needs the constants beside them, not these (issue 10).
 */
export const CHAT_TEXTS = {
  conflict: '您的账号已在其他设备登录',
  unknownType: '不支持的消息类型',
  badFrame: '消息格式不正确',
  notLoggedIn: '请先登录',
  /** The chat socket refuses a token in its URL (issue 11): it goes in Sec-WebSocket-Protocol or the first frame. */
  tokenInUrl: '令牌不能放在地址中，请通过协议头或首个消息登录',
  /** A page of another site may not open the chat socket. */
  originRefused: '不允许从该来源连接聊天服务',
  noSuchUser: '对方不存在或已停用',
  noSuchGroup: '群组不存在或您已不在群中',
  revokeDenied: '只能撤回自己发送的消息',
  revokeExpired: '消息发送已超过2分钟，无法撤回',
  revokeMissing: '要撤回的消息不存在',
  /** A message asked about (who read it) that is not there: none of the caller's tenant, or revoked. */
  messageMissing: '消息不存在或已撤回',
  noSuchFile: '文件不存在',
  publicAccountReadOnly: '公众号不接收消息',
  selfMessage: '不能给自己发消息，请使用文件传输助手',
  textTooLong: `消息内容不能超过${CHAT_TEXT_MAX_LENGTH}个字`,
  badFileType: '不支持的文件类型',
  imageTooLarge: `图片不能超过${CHAT_IMAGE_MAX_BYTES / 1024 / 1024}MB`,
  fileTooLarge: `文件不能超过${CHAT_FILE_MAX_BYTES / 1024 / 1024}MB`,
  /** The upload would take the user's chat files past their storage quota (CHAT_UPLOAD_QUOTA_MB); msgDetail: used / quota. */
  uploadQuotaExceeded: '您的聊天文件存储空间不足，无法上传该文件，请联系管理员',
  noFile: '请选择文件',
  tooFast: '发送过于频繁，请稍后再试',
  groupOwnerOnly: '只有群主可以管理群成员',
  groupRenameOwnerOnly: '只有群主可以修改群名称',
  groupTransferOwnerOnly: '只有群主可以转让群主',
  groupDissolveOwnerOnly: '只有群主可以解散群聊',
  notGroupMember: '该用户不在群中',
  ownerNotRemovable: '群主不能移出自己，请先转让群主',
  groupNameRequired: '请输入群名称',
  groupNameTooLong: `群名称不能超过${CHAT_GROUP_NAME_MAX_LENGTH}个字`,
  groupNameControl: '群名称包含不可见的控制字符，请删除后重试',
  groupDissolved: '该群聊已解散',
  ownerCannotQuit: '群主不能直接退出群聊，请先将群主转让给其他成员，或解散群聊',
  transferToSelf: '您已经是群主，请选择其他成员',
  groupNoticeOwnerOnly: '只有群主可以设置群公告',
  groupNoticeTooLong: `群公告不能超过${CHAT_GROUP_NOTICE_MAX_LENGTH}个字`,
  /** Who read a message is shown to its sender only. */
  readersSenderOnly: '只有发送者可以查看已读情况',
} as const;

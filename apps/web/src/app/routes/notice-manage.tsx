import { uploadChatFile } from '../../features/chat/api/upload-chat-file.ts';
import { NoticeManagePage } from '../../features/messages/components/notice-manage-page.tsx';

/**
 * /home/noticeManageConfig: the message center's notice management; a notice's attachment is uploaded as a chat
 * file (a notice is a public account's chat message).
 */
export function NoticeManageRoute() {
  return <NoticeManagePage uploadFile={uploadChatFile} />;
}

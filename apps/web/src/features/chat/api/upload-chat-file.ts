import type { UploadedFile } from '@portal/contracts/chat';
import { chatHttp } from '../../../lib/http/clients.ts';

/** IM upload: an image (type 2) or a file (8, 9); the server checks type and size. */
export function uploadChatFile(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  return chatHttp.post<UploadedFile>('/upload', form);
}

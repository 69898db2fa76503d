import { ospHttp } from './clients.ts';

/** POST common/upload (multipart): an image for an icon, logo or theme picture; answers its public url. */
export function uploadImage(file: File): Promise<{ url: string; fileName: string; size: number }> {
  const form = new FormData();
  form.append('file', file, file.name);
  return ospHttp.post('/common/upload', form);
}

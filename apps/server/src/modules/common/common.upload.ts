import multipart, { type MultipartFile } from '@fastify/multipart';
import { COMMON_UPLOAD_MAX_BYTES, WORKBENCH_MESSAGES } from '@portal/contracts/workbench';
import { basename } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { newId } from '../../platform/crypto.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import type { FileStore } from '../../platform/file-store.ts';

/**
 * The multipart parser of common/upload, registered in the scope of each module that came out of the workbench
 * (issue 15), so that every one of their routes reads a multipart body as it did when they were one module (the
 * 7.1 transport then refuses it unsealed with 400, not 415).
 */
export async function registerUploadParser(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: COMMON_UPLOAD_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024 },
  });
}

/** Images of common/upload (tool icons, logos, theme pictures): png, jpg, gif and webp by their bytes, 2 MB. */
const KINDS: Array<[string, string, (h: Buffer) => boolean]> = [
  ['png', 'image/png', (h) => h.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
  ['jpg', 'image/jpeg', (h) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff],
  ['gif', 'image/gif', (h) => /^GIF8[79]a$/.test(h.subarray(0, 6).toString('latin1'))],
  [
    'webp',
    'image/webp',
    (h) => h.subarray(0, 4).toString('latin1') === 'RIFF' && h.subarray(8, 12).toString('latin1') === 'WEBP',
  ],
];
export const IMAGE_NAME = /^[0-9a-f-]{36}\.(png|jpg|gif|webp)$/;

/** The file-store key of an image: workbench/{tenant}/{name} (DATA_DIR/files/workbench/… on the local store). */
const keyOf = (tenantId: string, name: string) =>
  ['workbench', tenantId.replace(/[^0-9A-Za-z_-]/g, ''), name].filter(Boolean).join('/');

export async function saveImage(
  files: FileStore,
  tenantId: string,
  part: MultipartFile | undefined,
  publicUrl: (tenantId: string, name: string) => string,
) {
  if (!part) throw badRequest(WORKBENCH_MESSAGES.noImage);
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, WORKBENCH_MESSAGES.imageTooLarge);
    throw err;
  }
  if (part.file.truncated || data.length > COMMON_UPLOAD_MAX_BYTES)
    throw new AppError(413, WORKBENCH_MESSAGES.imageTooLarge);
  if (!data.length) throw badRequest(WORKBENCH_MESSAGES.noImage);
  const kind = KINDS.find(([, , is]) => is(data));
  if (!kind) throw badRequest(WORKBENCH_MESSAGES.badImage, basename(part.filename || ''));
  const name = `${newId()}.${kind[0]}`;
  await files.put(keyOf(tenantId, name), [data]);
  return { url: publicUrl(tenantId, name), fileName: basename(part.filename || name).slice(0, 200), size: data.length };
}

export async function sendImage(
  reply: FastifyReply,
  files: FileStore,
  tenantId: string,
  name: string,
): Promise<FastifyReply> {
  if (!IMAGE_NAME.test(name)) throw notFound();
  const image = await files.get(keyOf(tenantId, name));
  if (!image) throw notFound();
  const mime = KINDS.find(([ext]) => name.endsWith(`.${ext}`))![1];
  return reply
    .header('content-type', mime)
    .header('content-length', image.size)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'public, max-age=31536000, immutable')
    .send(image.stream);
}

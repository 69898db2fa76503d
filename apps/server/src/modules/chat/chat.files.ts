import {
  CHAT_FILE_LINK_TTL_MS,
  CHAT_DOCUMENT_EXTENSIONS,
  CHAT_FILE_MAX_BYTES,
  CHAT_IMAGE_EXTENSIONS,
  CHAT_IMAGE_MAX_BYTES,
  CHAT_MEDIA_EXTENSIONS,
  CHAT_TEXTS,
  MSG_TYPE_FILE,
  MSG_TYPE_IMAGE,
  MSG_TYPE_MEDIA_FILE,
  type UploadedFile,
} from '@portal/contracts/chat';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { basename } from 'node:path';
import type { ChatFileRow } from '../../db/database.ts';
import { nowIso } from '../../db/sql-helpers.ts';
import { newId } from '../../platform/crypto.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { FileKeyError, FileTooLargeError, type FileStore } from '../../platform/file-store.ts';
import type { RequestContext } from '../../platform/http.ts';
import type { ChatRepository } from './chat.repository.ts';

const MIME: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
};

/** The real image type from the first bytes; a renamed file that is not an image is refused. */
function imageMime(head: Buffer): string | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 6 && /^GIF8[79]a$/.test(head.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (
    head.length >= 12 &&
    head.subarray(0, 4).toString('latin1') === 'RIFF' &&
    head.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  if (head.length >= 2 && head.subarray(0, 2).toString('latin1') === 'BM') return 'image/bmp';
  return null;
}

/** The message type and size limit a file name allows, or null for a type the chat does not take. */
export function classify(fileName: string): { ext: string; type: number; limit: number } | null {
  const ext = (/\.([a-z0-9]+)$/i.exec(fileName)?.[1] ?? '').toLowerCase();
  if ((CHAT_IMAGE_EXTENSIONS as readonly string[]).includes(ext))
    return { ext, type: MSG_TYPE_IMAGE, limit: CHAT_IMAGE_MAX_BYTES };
  if ((CHAT_DOCUMENT_EXTENSIONS as readonly string[]).includes(ext))
    return { ext, type: MSG_TYPE_FILE, limit: CHAT_FILE_MAX_BYTES };
  if ((CHAT_MEDIA_EXTENSIONS as readonly string[]).includes(ext))
    return { ext, type: MSG_TYPE_MEDIA_FILE, limit: CHAT_FILE_MAX_BYTES };
  return null;
}

const MiB = 1024 * 1024;
/** "12.3 MB / 500 MB": the msgDetail of a quota refusal, the same in either language. */
const megabytes = (bytes: number) => `${Math.round((bytes / MiB) * 10) / 10} MB`;

/**
 * Stores one uploaded file under the key chat/{tenant}/{id} of the file store (DATA_DIR/files or the database):
 * the extension decides the message type and the limit (images 10 MB, other files 50 MB); images must really
 * be images. The user's chat files together stay within `quotaBytes` (CHAT_UPLOAD_QUOTA_MB): a user at the quota
 * is refused before anything is written, a stream that runs past the room left is cut off there, and the file is
 * recorded only if the sum of the user's files with it is still within the quota, counted in the transaction that
 * records it (ChatRepository.insertFileWithinQuota), so two uploads at once cannot both take the last room.
 * A refused file leaves nothing stored: no row, no file.
 */
export async function saveUpload(
  repo: ChatRepository,
  links: FileLinks,
  files: FileStore,
  ctx: RequestContext,
  part: MultipartFile | undefined,
  quotaBytes: number,
): Promise<UploadedFile> {
  if (!part) throw badRequest(CHAT_TEXTS.noFile);
  const fileName = basename(part.filename || '').slice(0, 200);
  const kind = classify(fileName);
  if (!kind) {
    part.file.resume();
    throw badRequest(CHAT_TEXTS.badFileType, fileName);
  }
  const overQuota = (usedBytes: number) =>
    new AppError(413, CHAT_TEXTS.uploadQuotaExceeded, `${megabytes(usedBytes)} / ${megabytes(quotaBytes)}`);
  const usedBefore = await repo.storedFileBytes(ctx.tenantId, ctx.userId);
  if (usedBefore >= quotaBytes) {
    part.file.resume();
    throw overQuota(usedBefore);
  }
  // The room left, when it is less than the type's limit, is where the stream is cut off.
  const maxBytes = Math.min(kind.limit, quotaBytes - usedBefore);
  const id = newId();
  const key = `chat/${ctx.tenantId}/${id}`;
  let size: number;
  const tooLarge = () =>
    new AppError(413, kind.type === MSG_TYPE_IMAGE ? CHAT_TEXTS.imageTooLarge : CHAT_TEXTS.fileTooLarge);
  try {
    const stored = await files.put(key, part.file, { maxBytes });
    size = stored.size;
    if (part.file.truncated) throw tooLarge();
    if (size === 0) throw badRequest(CHAT_TEXTS.noFile);
    let mime = MIME[kind.ext] ?? 'application/octet-stream';
    if (kind.type === MSG_TYPE_IMAGE) {
      const real = imageMime(stored.head.subarray(0, 16));
      if (!real) throw badRequest(CHAT_TEXTS.badFileType, fileName);
      mime = real;
    }
    const { recorded, usedBytes } = await repo.insertFileWithinQuota(
      {
        id,
        tenant_id: ctx.tenantId,
        owner_id: ctx.userId,
        file_name: fileName,
        file_type_name: kind.ext,
        mime,
        size,
        msg_type: kind.type,
        storage_path: key,
        created_at: nowIso(),
      },
      quotaBytes,
    );
    if (!recorded) throw overQuota(usedBytes);
  } catch (err) {
    await files.remove(key).catch(() => undefined);
    if (err instanceof AppError) throw err;
    if (err instanceof FileTooLargeError && maxBytes < kind.limit) {
      // Cut off by the quota, not by the type's limit. What is left of the stream is drained so the answer can go.
      part.file.resume();
      throw overQuota(usedBefore);
    }
    if (err instanceof FileTooLargeError || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw tooLarge();
    throw err;
  }
  return {
    objectId: id,
    fileName,
    fileTypeName: kind.ext,
    fileSize: size,
    type: kind.type,
    url: links.sign(id, ctx.userId).url,
  };
}

export type FileLinks = ReturnType<typeof fileLinks>;

/**
 * Signed file links: `/api/chat/file/{id}?u=…&exp=…&sig=…` opens without a header for CHAT_FILE_LINK_TTL_MS, so an
 * <img src> can show a chat image while no access token ever appears in a URL (or an access log). The link names the
 * user it was given to (`u`), so that it stops opening once that user or their tenant is disabled (the route checks).
 */
export function fileLinks(secret: string) {
  const key = createHmac('sha256', secret).update('chat-file-link').digest();
  const mac = (id: string, userId: string, exp: number) =>
    createHmac('sha256', key).update(`${id}.${userId}.${exp}`).digest('base64url');
  return {
    sign(id: string, userId: string, now = Date.now()): { url: string; expiresAt: string } {
      const exp = now + CHAT_FILE_LINK_TTL_MS;
      return {
        url: `/api/chat/file/${encodeURIComponent(id)}?u=${encodeURIComponent(userId)}&exp=${exp}&sig=${mac(id, userId, exp)}`,
        expiresAt: new Date(exp).toISOString(),
      };
    },
    verify(id: string, userId: string, exp: number, sig: string, now = Date.now()): boolean {
      if (!Number.isFinite(exp) || exp < now) return false;
      const a = Buffer.from(sig);
      const b = Buffer.from(mac(id, userId, exp));
      return a.length === b.length && timingSafeEqual(a, b);
    },
  };
}

/** Streams a stored file: images inline, everything else as a download; never sniffed by the browser. */
export async function sendStoredFile(reply: FastifyReply, files: FileStore, file: ChatFileRow): Promise<FastifyReply> {
  const stored = await files.get(file.storage_path).catch((err: unknown) => {
    if (err instanceof FileKeyError) return null;
    throw err;
  });
  if (!stored) throw new AppError(404, CHAT_TEXTS.noSuchFile);
  const inline = file.msg_type === MSG_TYPE_IMAGE;
  reply.header('content-type', file.mime);
  reply.header('content-length', String(stored.size));
  reply.header('x-content-type-options', 'nosniff');
  reply.header('cache-control', 'private, max-age=3600');
  reply.header(
    'content-disposition',
    `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.file_name)}`,
  );
  return reply.send(stored.stream);
}

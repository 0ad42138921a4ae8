import { extname } from 'node:path';
import { ResultCode } from '@trialab/api-contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Executor } from '../../db/client.js';
import { files } from '../../db/schema.js';
import { download } from '../../lib/download.js';
import { ApiError } from '../../lib/errors.js';
import { type FileStore, type StagedBlob, StagedTooLarge } from '../../lib/file-store.js';
import { requestLang } from '../../lib/i18n.js';
import { assertSafeText } from '../../lib/input.js';
import type { RawReply } from '../../lib/route.js';

/** Allowed upload types by extension, with a magic-byte check where the format has one. */
const TYPES: Record<string, { mime: string; magic?: number[] }> = {
  '.pdf': { mime: 'application/pdf', magic: [0x25, 0x50, 0x44, 0x46] },
  '.png': { mime: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47] },
  '.jpg': { mime: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
  '.jpeg': { mime: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
  '.gif': { mime: 'image/gif', magic: [0x47, 0x49, 0x46] },
  '.webp': { mime: 'image/webp', magic: [0x52, 0x49, 0x46, 0x46] },
  '.xlsx': { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', magic: [0x50, 0x4b] },
  '.docx': {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    magic: [0x50, 0x4b],
  },
  '.zip': { mime: 'application/zip', magic: [0x50, 0x4b] },
  '.xls': { mime: 'application/vnd.ms-excel', magic: [0xd0, 0xcf, 0x11, 0xe0] },
  '.doc': { mime: 'application/msword', magic: [0xd0, 0xcf, 0x11, 0xe0] },
  '.csv': { mime: 'text/csv' },
  '.txt': { mime: 'text/plain' },
};

export const ALLOWED_EXTENSIONS = Object.keys(TYPES);

/**
 * The MIME type to store, or undefined when the name or the content is not an allowed type. Only
 * the first bytes are looked at (`head`, see HEAD_BYTES), plus whether any byte is 0 (not in text).
 */
export function detectType(
  fileName: string,
  content: { head: Buffer; containsNul: boolean },
): string | undefined {
  const type = TYPES[extname(fileName).toLowerCase()];
  if (!type) return undefined;
  if (type.magic && !type.magic.every((byte, i) => content.head[i] === byte)) return undefined;
  if (!type.magic && content.containsNul) return undefined;
  return type.mime;
}

/** A safe display name: no path, no control characters, at most 128 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'file';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const cleaned = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  // By code points: cutting UTF-16 units could split a surrogate pair (an emoji) in two.
  return Array.from(cleaned || 'file')
    .slice(-128)
    .join('');
}

/**
 * A stored file as an attachment (the download endpoints answer bytes, not an envelope), streamed
 * from the file store once the request has committed.
 */
export async function storedFileDownload(
  store: FileStore,
  file: { name: string; mime: string; size: number; sha256: string },
): Promise<RawReply> {
  return download({ ...file, content: await store.open(file.sha256) });
}

/** An upload staged in the file store and checked, waiting for its metadata row (route.ts `receive`). */
export interface ReceivedUpload {
  name: string;
  mime: string;
  size: number;
  sha256: string;
  commit(): Promise<void>;
  discard(): Promise<void>;
}

/**
 * Streams the multipart field `file` through hashing and size limits into a temp file of the store
 * (never whole in memory, never through the database), then checks Content-MD5 (the signature
 * covers it: for uploads it is the MD5 of the file bytes), the type from the first bytes and the
 * user's quota. Any refusal removes the temp file.
 */
export async function receiveUpload(
  request: FastifyRequest,
  deps: {
    db: Executor;
    files: FileStore;
    config: Pick<Config, 'uploadMaxBytes' | 'uploadQuotaBytes'>;
  },
  userId: number,
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'fileMissing' });
  const part = await request.file();
  if (part?.fieldname !== 'file') throw new ApiError(ResultCode.BAD_REQUEST, { key: 'fileMissing' });
  const { uploadMaxBytes, uploadQuotaBytes } = deps.config;
  const left =
    uploadQuotaBytes > 0 ? uploadQuotaBytes - (await uploadedBytes(deps.db, userId)) : uploadMaxBytes;
  if (left <= 0) {
    part.file.resume();
    throw quotaExceeded(uploadQuotaBytes);
  }
  const maxBytes = Math.min(uploadMaxBytes, left);
  const tooLarge = () =>
    new ApiError(ResultCode.FILE_TOO_LARGE, {
      key: 'fileTooLarge',
      params: { max: Math.round(uploadMaxBytes / 1048576) },
    });
  let staged: StagedBlob;
  try {
    staged = await deps.files.stage(part.file, maxBytes);
  } catch (error) {
    if (error instanceof StagedTooLarge && maxBytes < uploadMaxBytes) throw quotaExceeded(uploadQuotaBytes);
    if (error instanceof StagedTooLarge || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw tooLarge();
    throw error;
  }
  try {
    // The multipart parser cuts a file at UPLOAD_MAX_MB and marks it truncated.
    if (part.file.truncated) throw tooLarge();
    if (request.headers['content-md5'] !== staged.md5Base64) {
      throw new ApiError(ResultCode.CONTENT_MD5_MISMATCH, { key: 'contentMd5Mismatch' });
    }
    // A multipart file name may be declared in UTF-16 (filename*=utf-16le''...): same text check.
    assertSafeText(part.filename, 'body.file.filename', requestLang(request.headers));
    const name = cleanFileName(part.filename);
    const mime = detectType(name, staged);
    if (!mime)
      throw new ApiError(ResultCode.FILE_TYPE_NOT_ALLOWED, {
        key: 'fileTypeNotAllowed',
        params: { type: name },
      });
    return {
      name,
      mime,
      size: staged.size,
      sha256: staged.sha256,
      commit: staged.commit,
      discard: staged.discard,
    };
  } catch (error) {
    await staged.discard();
    throw error;
  }
}

/** Bytes of all files a user has uploaded (what the upload quota counts). */
export async function uploadedBytes(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${files.size}), 0)` })
    .from(files)
    .where(eq(files.uploadedBy, userId));
  return Number(row?.total ?? 0);
}

/** The upload quota refusal (UPLOAD_QUOTA_MB, docs/operations.md). */
export function quotaExceeded(quotaBytes: number): ApiError {
  return new ApiError(ResultCode.UPLOAD_QUOTA_EXCEEDED, {
    key: 'uploadQuotaExceeded',
    params: { quota: Math.round(quotaBytes / 1048576) },
  });
}

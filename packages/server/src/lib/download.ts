import type { Readable } from 'node:stream';
import { rfc3986 } from '@trialab/api-contract';
import type { FastifyReply } from 'fastify';
import { RawReply } from './route.js';

/** Longest file name put into the header (characters); longer names keep their extension. */
const MAX_NAME = 150;

/** Shortens to `max` code points, keeping a short extension (`.xlsx`) at the end. */
function shorten(name: string, max: number): string {
  const chars = [...name];
  if (chars.length <= max) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 10 ? [...name.slice(dot)] : [];
  return [...chars.slice(0, max - extension.length), ...extension].join('');
}

/**
 * `attachment` with both forms of RFC 6266: an ASCII `filename="..."` for old clients (quotes,
 * backslashes, control and non-ASCII characters replaced by `_`) and `filename*=UTF-8''...` with the
 * exact name percent-encoded (RFC 3986 unreserved characters only, a subset of RFC 5987's
 * attr-char: encodeURIComponent alone would leave ' ( ) * ! bare). No character of any name can end the parameter or the header.
 */
export function contentDisposition(fileName: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const cleaned = fileName.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const name = shorten(cleaned || 'download', MAX_NAME);
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${rfc3986(name)}`;
}

type DownloadFile =
  | { name: string; mime: string; content: Buffer }
  | { name: string; mime: string; content: Readable; size: number };

/** Sends bytes as a file download: type, length, disposition and nosniff set one way everywhere. */
export async function sendDownload(reply: FastifyReply, file: DownloadFile): Promise<void> {
  await reply
    .code(200)
    .header('content-type', file.mime)
    .header('content-length', 'size' in file ? file.size : file.content.length)
    .header('content-disposition', contentDisposition(file.name))
    .header('x-content-type-options', 'nosniff')
    .send(file.content);
}

/**
 * A handler's answer that is a file: sent once the request's transaction has committed (so a
 * download's log row is stored before the bytes leave); a stream is closed if it never is.
 */
export function download(file: DownloadFile): RawReply {
  return new RawReply(
    (reply) => sendDownload(reply, file),
    () => {
      if (!Buffer.isBuffer(file.content)) file.content.destroy();
    },
  );
}

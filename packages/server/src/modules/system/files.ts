import { extname } from 'node:path';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../../lib/download.js';

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

/** The MIME type to store, or undefined when the name or the content is not an allowed type. */
export function detectType(fileName: string, content: Buffer): string | undefined {
  const type = TYPES[extname(fileName).toLowerCase()];
  if (!type) return undefined;
  if (type.magic && !type.magic.every((byte, i) => content[i] === byte)) return undefined;
  if (!type.magic && content.includes(0)) return undefined;
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

/** Sends a stored file as an attachment (the download endpoints answer bytes, not an envelope). */
export async function sendStoredFile(
  reply: FastifyReply,
  file: { name: string; mime: string; size: number; content: Buffer },
): Promise<void> {
  await reply
    .code(200)
    .header('content-type', file.mime)
    .header('content-length', file.size)
    .header('content-disposition', contentDisposition(file.name))
    .header('x-content-type-options', 'nosniff')
    .send(file.content);
}

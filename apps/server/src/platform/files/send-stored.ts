import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.js';
import {
  UPLOAD_CONTENT_SECURITY_POLICY,
  UPLOAD_PREVIEW_CONTENT_SECURITY_POLICY,
} from '../http/security-headers.js';
import type { ByteRange, FileStorage } from './file-storage.js';
import { FILE_TYPES, isInline } from './file-types.js';

/**
 * The one range of a `Range: bytes=...` header within a file of `size` bytes: `a-b`, `a-` or `-n`.
 * `undefined` means "send it all" (no header, another unit, several ranges: a full answer is always
 * allowed); `null` means the range lies outside the file (416).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const last = Number(match[2]);
    if (last === 0 || size === 0) return null;
    return { start: Math.max(0, size - last), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return null;
  return { start, end };
}

/** RFC 6266 / 5987: an ASCII fallback name and the real one percent-encoded as UTF-8. */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, '_') || 'file';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export interface SendOptions {
  /** The suffix of the stored file (its content was checked against it on upload). */
  suffix: string;
  /** The name a download gets. */
  fileName: string;
  /** `inline` for previewable types, `attachment` otherwise (or always, for downloads). */
  disposition: 'inline' | 'attachment';
  cacheControl: string;
}

const notThere = () => new AppError(404, 'files.notFound', undefined, { 'cache-control': 'no-store' });

/**
 * Sends a stored file as a stream, whole or the one range the request asks for (video and audio
 * players seek with Range requests; a PDF viewer may too). The content type comes from the checked
 * suffix, never from the upload's claim; nothing in the file may run (nosniff, a CSP without any
 * source), and only inline previews may be framed, by this site's own pages.
 */
export async function sendStored(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  key: string,
  options: SendOptions,
): Promise<FastifyReply> {
  const size = await storage.size(key);
  if (size === undefined) throw notThere();
  const type = FILE_TYPES[options.suffix];
  const inline = options.disposition === 'inline' && isInline(options.suffix);
  reply
    .type(type?.contentType ?? 'application/octet-stream')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', options.fileName))
    .header('cache-control', options.cacheControl)
    .header(
      'content-security-policy',
      inline ? UPLOAD_PREVIEW_CONTENT_SECURITY_POLICY : UPLOAD_CONTENT_SECURITY_POLICY,
    )
    .header('accept-ranges', 'bytes');
  if (!inline) reply.header('x-frame-options', 'DENY');
  const range = parseRange(request.headers.range, size);
  if (range === null) {
    return reply.code(416).header('content-range', `bytes */${size}`).send();
  }
  const stream = await storage.stream(key, range);
  if (!stream) throw notThere();
  if (range) {
    reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
    reply.header('content-length', String(range.end - range.start + 1));
  } else {
    reply.header('content-length', String(size));
  }
  return reply.send(stream);
}

import type { FastifyRequest } from 'fastify';
import { UPLOAD_MAX_BYTES } from '@lintel/contracts';
import type { AiAttachmentKind } from '@lintel/contracts';
import { contentMatches, FILE_TYPES, suffixOf } from '../../platform/files/file-types.js';
import { AppError, badRequest } from '../../platform/http/errors.js';
import { refuseNul } from '../../platform/http/nul-guard.js';

/** What a chat may carry, by suffix; every file's bytes must also be what its suffix says. */
const KINDS: Record<string, AiAttachmentKind> = {
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  webp: 'image',
  gif: 'image',
  pdf: 'pdf',
  txt: 'text',
  md: 'text',
  csv: 'text',
};
export const CHAT_FILE_SUFFIXES = Object.keys(KINDS);

/**
 * The most text one attachment gives the model (about 5,000 to 10,000 tokens): enough for a
 * worksheet or a chapter; longer files are cut and the model is told so.
 */
export const EXTRACT_MAX_CHARS = 20_000;
/** PDF pages read at most (a textbook's worth would be cut by EXTRACT_MAX_CHARS anyway). */
const PDF_MAX_PAGES = 50;

export interface CheckedUpload {
  data: Buffer;
  fileName: string;
  suffix: string;
  kind: AiAttachmentKind;
  contentType: string;
}

/** Reads the one file of an upload form (at most 10 MB) and checks its type from its bytes. */
export async function readChatUpload(request: FastifyRequest): Promise<CheckedUpload> {
  if (!request.isMultipart()) throw badRequest('aiChat.fileRequired');
  let file: { data: Buffer; fileName: string } | undefined;
  try {
    const parts = request.parts({ limits: { files: 1, fields: 0, parts: 1, fileSize: UPLOAD_MAX_BYTES } });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      refuseNul('multipart', { fieldname: part.fieldname, filename: part.filename });
      file = { data: await part.toBuffer(), fileName: part.filename };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'aiChat.fileTooLarge', { size: `${UPLOAD_MAX_BYTES / 1024 / 1024} MB` });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw badRequest('aiChat.oneFileOnly');
    throw error;
  }
  if (!file || file.data.length === 0) throw badRequest('aiChat.fileRequired');
  const suffix = suffixOf(file.fileName);
  const kind = KINDS[suffix];
  if (!kind) throw badRequest('aiChat.fileType', { types: CHAT_FILE_SUFFIXES.join(', ') });
  if (!contentMatches(suffix, file.data)) throw badRequest('aiChat.fileContent', { type: suffix });
  return { ...file, suffix, kind, contentType: FILE_TYPES[suffix]!.contentType };
}

/** Text cut to EXTRACT_MAX_CHARS, and whether it was cut. */
export function truncateText(text: string): { text: string; truncated: boolean } {
  const clean = text.replace(/\r\n?/g, '\n').trim();
  if (clean.length <= EXTRACT_MAX_CHARS) return { text: clean, truncated: false };
  // Cut at a line end near the limit when there is one, so the last line is not half a sentence.
  const cut = clean.lastIndexOf('\n', EXTRACT_MAX_CHARS);
  return { text: clean.slice(0, cut > EXTRACT_MAX_CHARS * 0.8 ? cut : EXTRACT_MAX_CHARS), truncated: true };
}

/**
 * The text a PDF or text file gives the model; null for images. A PDF without a text layer (a scan)
 * is refused: its pages would reach the model as nothing.
 */
export async function extractText(
  upload: CheckedUpload,
): Promise<{ text: string; truncated: boolean } | null> {
  if (upload.kind === 'image') return null;
  if (upload.kind === 'text') return truncateText(upload.data.toString('utf8').replace(/^\uFEFF/, ''));
  // pdf.js behind pdf-parse is heavy to load (half a second): only when a PDF arrives.
  const { PDFParse } = await import('pdf-parse');
  const parser = new PDFParse({ data: new Uint8Array(upload.data) });
  try {
    const result = await parser.getText({ first: PDF_MAX_PAGES });
    // pdf-parse marks each page end with "-- n of m --"; the model does not need them.
    const text = result.text.replace(/^-- \d+ of \d+ --$/gm, '').replace(/\n{3,}/g, '\n\n');
    if (!text.trim()) throw badRequest('aiChat.pdfNoText');
    const cut = truncateText(text);
    return { text: cut.text, truncated: cut.truncated || result.total > PDF_MAX_PAGES };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest('aiChat.pdfUnreadable');
  } finally {
    await parser.destroy().catch(() => undefined);
  }
}

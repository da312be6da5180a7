import type { FastifyRequest } from 'fastify';
import { UPLOAD_MAX_BYTES } from '@lintel/contracts';
import { FOLDER_PATTERN, ID_PATTERN, type UploadFileInput } from '@lintel/contracts/wire';
import { AppError, badRequest } from '../../platform/http/errors.js';
import { refuseNul } from '../../platform/http/nul-guard.js';

export interface UploadedPart {
  data: Buffer;
  fileName: string;
}

/** At most this many files in one uploadFiles request (each at most 10 MB). */
export const MAX_FILES_PER_REQUEST = 10;

const FOLDER = new RegExp(FOLDER_PATTERN, 'u');
const ID = new RegExp(ID_PATTERN);

/** The multipart limits' errors, as the product's messages. */
export function uploadLimitError(error: unknown, oneFile: boolean): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError(413, 'personal.fileTooLarge', { size: `${UPLOAD_MAX_BYTES / 1024 / 1024} MB` });
  if (code === 'FST_FILES_LIMIT')
    return oneFile
      ? badRequest('personal.oneFileOnly')
      : badRequest('files.tooManyFiles', { max: MAX_FILES_PER_REQUEST });
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return badRequest('files.tooManyFields');
  return error;
}

/**
 * The form fields of an upload (Admin.NET's: fileType, isPublic, allowSuffix, dataId, path,
 * fileAlias). They arrive as strings beside the file, after the request's schema validation, so
 * they are checked here by the wire's own rules; an unknown field is refused like in JSON bodies.
 */
export function uploadFields(fields: Record<string, string>): UploadFileInput {
  const input: UploadFileInput = {};
  const text = (name: string, max: number) => {
    const value = fields[name]!;
    if (value.length > max) throw badRequest('files.badField', { field: name });
    return value;
  };
  for (const name of Object.keys(fields)) {
    const value = fields[name]!;
    switch (name) {
      case 'fileType':
        if (value.trim()) input.fileType = text(name, 64).trim();
        break;
      case 'allowSuffix':
        if (value.trim()) input.allowSuffix = text(name, 256);
        break;
      case 'fileAlias':
        if (value.trim()) input.fileAlias = text(name, 256).trim();
        break;
      case 'isPublic':
        if (!/^(true|false|1|0|)$/i.test(value)) throw badRequest('files.badField', { field: name });
        input.isPublic = /^(true|1)$/i.test(value);
        break;
      case 'dataId':
        if (value === '') break;
        if (!ID.test(value)) throw badRequest('files.badField', { field: name });
        input.dataId = value;
        break;
      case 'path':
        if (value.length > 256 || !FOLDER.test(value)) throw badRequest('files.badField', { field: name });
        input.path = value;
        break;
      default:
        throw badRequest('files.badField', { field: name });
    }
  }
  return input;
}

/**
 * Reads an upload form: its files (each whole, at most 10 MB: the multipart plugin's limit) and its
 * text fields. `maxFiles` 1 is uploadFile, more is uploadFiles. Any field name may come before or
 * after the files.
 */
export async function readUploadForm(request: FastifyRequest, maxFiles: number) {
  if (!request.isMultipart()) throw badRequest('personal.fileRequired');
  const files: UploadedPart[] = [];
  const fields: Record<string, string> = {};
  try {
    const parts = request.parts({
      limits: { files: maxFiles, fields: 10, parts: maxFiles + 10, fileSize: UPLOAD_MAX_BYTES },
    });
    for await (const part of parts) {
      // Multipart names arrive after the request's NUL guard ran (nul-guard.ts): the same refusal.
      if (part.type === 'file') {
        refuseNul('multipart', { fieldname: part.fieldname, filename: part.filename });
        files.push({ data: await part.toBuffer(), fileName: part.filename });
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        refuseNul('multipart', { fieldname: part.fieldname, value });
        if (Object.hasOwn(fields, part.fieldname))
          throw badRequest('files.badField', { field: part.fieldname });
        fields[part.fieldname] = value;
      }
    }
  } catch (error) {
    throw uploadLimitError(error, maxFiles === 1);
  }
  if (files.length === 0) throw badRequest('personal.fileRequired');
  return { files, input: uploadFields(fields) };
}

import { createHash } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import { UPLOAD_MAX_BYTES } from '@lintel/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import { created } from '../../platform/audit/stamps.js';
import type { AppContext } from '../../platform/context.js';
import type { Trx } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { fileStorageFor, type FileStorage } from '../../platform/files/file-storage.js';
import { FILE_TYPES } from '../../platform/files/file-types.js';
import { sniffImage, type ImageType } from '../../platform/files/sniff.js';
import {
  newStoredName,
  uploadKey,
  uploadUrl,
  VISIBILITY,
  type UploadKind,
} from '../../platform/files/upload-names.js';
import { AppError, badRequest, notFound } from '../../platform/http/errors.js';
import { refuseNul } from '../../platform/http/nul-guard.js';
import { filePolicy } from './file.policy.js';
import { toUploaded } from './file-rows.js';
import type { UploadBase64Input, UploadFileInput } from './sys-file.schema.js';
import { SysFileRepo } from './sys-file.repo.js';
import { uploadLimitError, type UploadedPart } from './upload-form.js';

/** Which content each kind of image upload accepts (checked from the bytes). */
const ACCEPTED: Record<Exclude<UploadKind, 'file'>, readonly ImageType[]> = {
  avatar: ['png', 'jpg', 'webp'],
  signature: ['png'],
  logo: ['png', 'jpg', 'webp'],
};

/** Reads the one file of a multipart request; a missing file or one above 10 MB is a clear error. */
export async function readUpload(file: () => Promise<MultipartFile | undefined>, isMultipart: boolean) {
  if (!isMultipart) throw badRequest('personal.fileRequired');
  let part: MultipartFile | undefined;
  try {
    part = await file();
    if (!part) throw badRequest('personal.fileRequired');
    // Multipart names arrive after the request's NUL guard ran (nul-guard.ts): the same refusal.
    refuseNul('multipart', { fieldname: part.fieldname, filename: part.filename });
    return { data: await part.toBuffer(), fileName: part.filename };
  } catch (error) {
    throw uploadLimitError(error, true);
  }
}

/** A file checked and named, ready to be stored. */
interface Prepared {
  upload: UploadedPart;
  kind: UploadKind;
  suffix: string;
  key: string;
  url: string;
  name: string;
}

/**
 * Uploads: the avatar, signature and logo images and the file centre's files. Every one is checked
 * from its bytes, stored under a random name, and recorded in sys_file in the tenant.
 */
export class SysFileService {
  private readonly repo = new SysFileRepo();
  private readonly storage: FileStorage;

  constructor(private readonly ctx: AppContext) {
    this.storage = fileStorageFor(ctx.config);
  }

  private prepare(tenantId: string, kind: UploadKind, upload: UploadedPart, suffix: string): Prepared {
    // Not the record's id: ids are time-ordered, and a served name must not be guessable.
    const name = newStoredName(suffix);
    return {
      upload,
      kind,
      suffix,
      name,
      key: uploadKey(tenantId, kind, name),
      url: uploadUrl(tenantId, kind, name),
    };
  }

  /**
   * Stores checked files for a tenant and records them in one transaction. The files first: a record
   * never points at a file that is not there; when anything fails, the stored files are removed again.
   */
  private async store(
    principal: Principal,
    tenantId: string,
    files: Prepared[],
    input: UploadFileInput,
    link?: (trx: Trx, url: string) => Promise<void>,
  ) {
    const saved: string[] = [];
    const ids = files.map(() => newId());
    try {
      for (const file of files) {
        await this.storage.save(file.key, file.upload.data);
        saved.push(file.key);
      }
      await this.ctx.db.tenant(tenantId, async (trx) => {
        for (const [i, file] of files.entries()) {
          await this.repo.insert(trx, {
            id: ids[i]!,
            tenantId,
            provider: this.storage.provider,
            bucketName: this.storage.bucket ?? null,
            kind: file.kind,
            fileName: file.upload.fileName.slice(0, 256) || file.name,
            suffix: file.suffix,
            contentType: FILE_TYPES[file.suffix]!.contentType,
            sizeBytes: file.upload.data.length,
            storagePath: file.key,
            url: file.url,
            fileMd5: createHash('md5').update(file.upload.data).digest('hex'),
            fileAlias: files.length === 1 ? (input.fileAlias ?? null) : null,
            fileType: input.fileType ?? null,
            folder: input.path ?? '',
            isPublic: file.kind === 'file' ? (input.isPublic ?? false) : VISIBILITY[file.kind] === 'public',
            dataId: input.dataId ?? null,
            ...created(principal),
            createUserName: (principal.realName || principal.account).slice(0, 64),
          });
          await link?.(trx, file.url);
        }
      });
    } catch (error) {
      await Promise.all(saved.map((key) => this.storage.remove(key).catch(() => undefined)));
      throw error;
    }
    return files.map((file, i) => toUploaded(ids[i]!, file));
  }

  /** An avatar, signature or logo: one of the kind's image types, by content. */
  private async storeImage(
    principal: Principal,
    tenantId: string,
    kind: Exclude<UploadKind, 'file'>,
    upload: UploadedPart,
    link?: (trx: Trx, url: string) => Promise<void>,
  ) {
    const type = sniffImage(upload.data);
    if (!type || !ACCEPTED[kind].includes(type)) {
      throw badRequest('personal.fileTypeRefused', { types: ACCEPTED[kind].join(', ') });
    }
    const [stored] = await this.store(
      principal,
      tenantId,
      [this.prepare(tenantId, kind, upload, type)],
      {},
      link,
    );
    return { id: stored!.id, url: stored!.url };
  }

  /** The caller's own avatar or signature: stored in the account's tenant and set on the account. */
  async uploadUserImage(principal: Principal, kind: 'avatar' | 'signature', upload: UploadedPart) {
    const result = await this.storeImage(
      principal,
      principal.homeTenantId,
      kind,
      upload,
      async (trx, url) => {
        if (!(await this.repo.setUserImage(trx, principal.userId, kind, url))) throw notFound();
      },
    );
    await this.ctx.sessions.touchUser(principal.userId);
    return result;
  }

  /** A tenant logo for the system-info settings: the form saves the returned URL with saveSysInfo. */
  async uploadLogo(principal: Principal, upload: UploadedPart) {
    return this.storeImage(principal, principal.tenantId, 'logo', upload);
  }

  /**
   * File centre uploads (uploadFile, uploadFiles): every file is checked before any is stored, so
   * a refused file stores none of the request's files.
   */
  async uploadFiles(principal: Principal, uploads: UploadedPart[], input: UploadFileInput) {
    const tenantId = principal.tenantId;
    const prepared = uploads.map((upload) =>
      this.prepare(
        tenantId,
        'file',
        upload,
        filePolicy.acceptedSuffix(upload.fileName, upload.data, input.allowSuffix),
      ),
    );
    return this.store(principal, tenantId, prepared, input);
  }

  /** uploadFileFromBase64: the bytes as base64 (or a data URL), under the same rules as a form upload. */
  async uploadBase64(principal: Principal, body: UploadBase64Input) {
    const { fileDataBase64, fileName, contentType: _claimed, ...input } = body;
    const encoded = fileDataBase64.replace(/^data:[^,]{0,200};base64,/i, '').replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded) || encoded.length % 4 === 1)
      throw badRequest('files.badBase64');
    const data = Buffer.from(encoded, 'base64');
    if (data.length > UPLOAD_MAX_BYTES)
      throw new AppError(413, 'personal.fileTooLarge', { size: `${UPLOAD_MAX_BYTES / 1024 / 1024} MB` });
    refuseNul('body', { fileName });
    const [stored] = await this.uploadFiles(principal, [{ data, fileName }], input);
    return stored!;
  }
}

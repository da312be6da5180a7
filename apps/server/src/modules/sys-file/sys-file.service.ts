import type { MultipartFile } from '@fastify/multipart';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import type { Trx } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { fileStorageFor, type FileStorage } from '../../platform/files/file-storage.js';
import { newStoredName, uploadKey, uploadUrl, type UploadKind } from '../../platform/files/upload-names.js';
import { CONTENT_TYPES, sniffImage, type ImageType } from '../../platform/files/sniff.js';
import { AppError, badRequest, notFound } from '../../platform/http/errors.js';
import { refuseNul } from '../../platform/http/nul-guard.js';
import { SysFileRepo } from './sys-file.repo.js';

/** Which content each kind of upload accepts (checked from the bytes). */
const ACCEPTED: Record<UploadKind, readonly ImageType[]> = {
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
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'personal.fileTooLarge', { size: '10 MB' });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw badRequest('personal.oneFileOnly');
    throw error;
  }
}

/** Avatar, signature and logo uploads: sniffed, stored, recorded in sys_file, linked where they belong. */
export class SysFileService {
  private readonly repo = new SysFileRepo();
  private readonly storage: FileStorage;

  constructor(private readonly ctx: AppContext) {
    this.storage = fileStorageFor(ctx.config);
  }

  /** Stores an image for the tenant and records it; returns the record's id and served URL. */
  private async store(
    principal: Principal,
    tenantId: string,
    kind: UploadKind,
    upload: { data: Buffer; fileName: string },
    link?: (trx: Trx, url: string) => Promise<void>,
  ) {
    const type = sniffImage(upload.data);
    if (!type || !ACCEPTED[kind].includes(type)) {
      throw badRequest('personal.fileTypeRefused', { types: ACCEPTED[kind].join(', ') });
    }
    const id = newId();
    // Not the record's id: ids are time-ordered, and a served name must not be guessable.
    const name = newStoredName(type);
    const key = uploadKey(tenantId, kind, name);
    const url = uploadUrl(tenantId, kind, name);
    // The file first: a record never points at a file that is not there. A failed insert
    // removes the file again.
    await this.storage.save(key, upload.data);
    try {
      await this.ctx.db.tenant(tenantId, async (trx) => {
        await this.repo.insert(trx, {
          id,
          tenantId,
          provider: this.storage.provider,
          kind,
          fileName: upload.fileName.slice(0, 256) || name,
          suffix: type,
          contentType: CONTENT_TYPES[type],
          sizeBytes: upload.data.length,
          storagePath: key,
          url,
          createUserId: principal.userId,
          createUserName: (principal.realName || principal.account).slice(0, 64),
        });
        await link?.(trx, url);
      });
    } catch (error) {
      await this.storage.remove(key).catch(() => undefined);
      throw error;
    }
    return { id, url };
  }

  /** The caller's own avatar or signature: stored in the account's tenant and set on the account. */
  async uploadUserImage(
    principal: Principal,
    kind: 'avatar' | 'signature',
    upload: { data: Buffer; fileName: string },
  ) {
    const result = await this.store(principal, principal.homeTenantId, kind, upload, async (trx, url) => {
      if (!(await this.repo.setUserImage(trx, principal.userId, kind, url))) throw notFound();
    });
    await this.ctx.sessions.touchUser(principal.userId);
    return result;
  }

  /** A tenant logo for the system-info settings: the form saves the returned URL with saveSysInfo. */
  async uploadLogo(principal: Principal, upload: { data: Buffer; fileName: string }) {
    return this.store(principal, principal.tenantId, 'logo', upload);
  }
}

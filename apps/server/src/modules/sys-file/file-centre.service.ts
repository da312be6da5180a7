import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../../platform/auth/principal.js';
import { updated } from '../../platform/audit/stamps.js';
import type { AppContext } from '../../platform/context.js';
import { fileStorageFor, type FileStorage } from '../../platform/files/file-storage.js';
import { sendStored } from '../../platform/files/send-stored.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { filePolicy } from './file.policy.js';
import { folderTree, toFileRow } from './file-rows.js';
import type { FileFilter, FileUpdate } from './sys-file.schema.js';
import { SysFileRepo, type StoredFile } from './sys-file.repo.js';

const missing = () => notFound('files.notFound');

/**
 * The file centre's records: the page, folders, one file or several by id, changes, deletion, and
 * the file's bytes (preview, download). Everything runs in the caller's tenant, so row-level
 * security keeps other tenants' files out of every query.
 */
export class FileCentreService {
  private readonly repo = new SysFileRepo();
  private readonly storage: FileStorage;

  constructor(private readonly ctx: AppContext) {
    this.storage = fileStorageFor(ctx.config);
  }

  async page(principal: Principal, filter: FileFilter) {
    const page = await this.ctx.db.tenant(principal.tenantId, (trx) => this.repo.page(trx, filter));
    return { ...page, items: page.items.map(toFileRow) };
  }

  async folders(principal: Principal) {
    const folders = await this.ctx.db.tenant(principal.tenantId, (trx) => this.repo.folders(trx));
    return folderTree(folders);
  }

  private async find(principal: Principal, id: string): Promise<StoredFile> {
    const file = await this.ctx.db.tenant(principal.tenantId, (trx) => this.repo.find(trx, id));
    if (!file) throw missing();
    return file;
  }

  async file(principal: Principal, id: string) {
    return toFileRow(await this.find(principal, id));
  }

  async fileByIds(principal: Principal, ids: string[]) {
    const files = await this.ctx.db.tenant(principal.tenantId, (trx) =>
      this.repo.findMany(trx, [...new Set(ids)]),
    );
    return files.map(toFileRow);
  }

  async update(principal: Principal, input: FileUpdate) {
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const file = await this.repo.find(trx, input.id);
      if (!file) throw missing();
      filePolicy.assertVisibilityChange(file, input.isPublic);
      await this.repo.update(trx, input.id, {
        ...(input.fileAlias !== undefined ? { fileAlias: input.fileAlias } : {}),
        ...(input.fileType !== undefined ? { fileType: input.fileType?.trim() || null } : {}),
        ...(input.isPublic !== undefined ? { isPublic: input.isPublic } : {}),
        ...(input.filePath !== undefined ? { folder: input.filePath } : {}),
        ...updated(principal),
      });
    });
  }

  /**
   * The record first, then the stored object: a record never points at a missing object. An object
   * the storage fails to remove is logged and left behind (an orphan costs space, not correctness).
   */
  async delete(principal: Principal, id: string, log: (error: unknown) => void) {
    const tenantId = principal.tenantId;
    // The logo is a setting of the tenant row, a platform table outside the tenant's transaction
    // (transactions do not nest): checked first.
    const before = await this.find(principal, id);
    if (before.kind === 'logo')
      filePolicy.assertDeletable(
        await this.ctx.db.platform((trx) => this.repo.usedAsLogo(trx, tenantId, before.url)),
      );
    const file = await this.ctx.db.tenant(tenantId, async (trx) => {
      const found = await this.repo.find(trx, id);
      if (!found) throw missing();
      const isImage = found.kind === 'avatar' || found.kind === 'signature';
      filePolicy.assertDeletable(isImage && (await this.repo.usedByAccount(trx, found.url)));
      await this.repo.delete(trx, id);
      return found;
    });
    await this.storage.remove(file.storagePath).catch(log);
  }

  /** A file by id or by its served address (downloadFileBase64 is called with either). */
  async findRef(principal: Principal, ref: { id?: string; url?: string }): Promise<StoredFile> {
    if (ref.id) return this.find(principal, ref.id);
    if (!ref.url) throw badRequest('files.idOrUrl');
    const url = ref.url.replace(/^https?:\/\/[^/]+/i, '');
    const file = await this.ctx.db.tenant(principal.tenantId, (trx) => this.repo.findByUrl(trx, url));
    if (!file) throw missing();
    return file;
  }

  async base64(principal: Principal, ref: { id?: string; url?: string }) {
    const file = await this.findRef(principal, ref);
    const data = await this.storage.read(file.storagePath);
    if (!data) throw missing();
    return data.toString('base64');
  }

  /** Streams a file: inline for a preview (with Range support), as an attachment for a download. */
  async send(
    principal: Principal,
    id: string,
    disposition: 'inline' | 'attachment',
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const file = await this.find(principal, id);
    return sendStored(request, reply, this.storage, file.storagePath, {
      suffix: file.suffix,
      fileName: downloadName(file),
      disposition,
      cacheControl: 'private, no-cache',
    });
  }
}

/** The alias when there is one (given its suffix back if the rename dropped it), else the uploaded name. */
export function downloadName(file: Pick<StoredFile, 'fileAlias' | 'fileName' | 'suffix'>): string {
  const alias = file.fileAlias?.trim();
  if (!alias) return file.fileName;
  return alias.toLowerCase().endsWith(`.${file.suffix}`) ? alias : `${alias}.${file.suffix}`;
}

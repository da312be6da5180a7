import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { AppError } from '../http/errors.js';
import { UPLOAD_CONTENT_SECURITY_POLICY } from '../http/security-headers.js';
import { FileAccess } from './file-access.js';
import { FileCookie, registerFileCookie } from './file-cookie.js';
import { fileStorageFor } from './file-storage.js';
import { FileRecordsRepo } from './file-records.repo.js';
import { FILE_TYPES } from './file-types.js';
import { sendStored } from './send-stored.js';
import { parseUploadAddress, uploadKey, VISIBILITY, type UploadAddress } from './upload-names.js';

/**
 * Every refusal is the same 404, never cached: a malformed address, a file that is not there, and a
 * file the caller may not read answer alike, so an outsider learns neither which files nor which
 * tenants exist. (A 401 would add nothing here: an <img> cannot act on it, and API clients renew
 * their tokens on their API calls.)
 */
const refused = () => new AppError(404, 'files.notFound', undefined, { 'cache-control': 'no-store' });

/** Tenant files stay in the browser's own cache, briefly; shared caches never keep them. */
const PRIVATE_CACHE = 'private, max-age=3600';
/** Public files (logos) never change under a name. */
const PUBLIC_CACHE = 'public, max-age=31536000, immutable';

/**
 * Serves stored uploads at `/upload/<tenantId>/<kind>/<name>`. Each part must match its exact shape,
 * so nothing but a stored file's own key reaches the storage: no traversal, no listing. Public kinds
 * go to anyone; tenant kinds only to a live session of that tenant (see FileAccess), checked before
 * the storage is read. The file centre's files (`file`) are public when their record says so, and
 * are streamed with Range support (video seeking). Registers the file cookie's hook too (call it on
 * the root instance).
 */
export function registerUploads(app: FastifyInstance, ctx: AppContext): void {
  const storage = fileStorageFor(ctx.config);
  const cookie = new FileCookie(ctx.keys.jwtSecret);
  const access = new FileAccess(ctx.sessions, ctx.codec, cookie);
  const records = new FileRecordsRepo();
  registerFileCookie(app, cookie, ctx.codec);

  /** A file centre's file: its record decides who reads it and the name a download gets. */
  const serveRecorded = async (request: FastifyRequest, reply: FastifyReply, address: UploadAddress) => {
    const key = uploadKey(address.tenantId, address.kind, address.name);
    const record = await ctx.db.tenant(address.tenantId, (trx) => records.byStoragePath(trx, key));
    if (!record) throw refused();
    if (!record.isPublic && !(await access.admits(request, address.tenantId))) throw refused();
    return sendStored(request, reply, storage, key, {
      suffix: address.type,
      fileName: record.fileAlias || record.fileName,
      disposition: 'inline',
      // Briefly: a file made private again must stop being served from shared caches soon.
      cacheControl: record.isPublic ? 'public, max-age=300' : PRIVATE_CACHE,
    });
  };

  app.get<{ Params: { tenantId: string; kind: string; file: string } }>(
    '/upload/:tenantId/:kind/:file',
    // Ranges of a stream: compressing them would change what the byte offsets count.
    { schema: { hide: true }, compress: false },
    async (request, reply) => {
      const { tenantId, kind, file } = request.params;
      const address = parseUploadAddress(tenantId, kind, file);
      if (!address) throw refused();
      if (VISIBILITY[address.kind] === 'record') return serveRecorded(request, reply, address);
      const isPublic = VISIBILITY[address.kind] === 'public';
      if (!isPublic && !(await access.admits(request, address.tenantId))) throw refused();
      const data = await storage.read(uploadKey(address.tenantId, address.kind, address.name));
      if (!data) throw refused();
      return (
        reply
          .type(FILE_TYPES[address.type]!.contentType)
          .header('x-content-type-options', 'nosniff')
          // Shown in the page, never run; a download gets a plain name, not the stored one.
          .header('content-disposition', `inline; filename="${address.kind}.${address.type}"`)
          .header('cache-control', isPublic ? PUBLIC_CACHE : PRIVATE_CACHE)
          .header('content-security-policy', UPLOAD_CONTENT_SECURITY_POLICY)
          .send(data)
      );
    },
  );
}

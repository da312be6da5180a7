import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/errors.js';
import { CONTENT_TYPES, type ImageType } from './sniff.js';
import type { FileStorage } from './file-storage.js';

/** The kinds of stored files and the shape of their names: a snowflake id and an accepted suffix. */
export const UPLOAD_KINDS = ['avatar', 'signature', 'logo'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
const TENANT = /^[1-9]\d{0,18}$/;
const NAME = /^([1-9]\d{0,18})\.(png|jpg|webp)$/;

/** The served address of a stored file (also the storage key below /upload). */
export const uploadUrl = (tenantId: string, kind: UploadKind, name: string) =>
  `/upload/${tenantId}/${kind}/${name}`;

/**
 * Serves stored uploads at `/upload/<tenantId>/<kind>/<id>.<ext>`, public like the default logo
 * beside it (images are shown by <img> tags, which carry no token). Each part must match its exact
 * shape, so nothing but a stored file's own key reaches the storage: no traversal, no listing.
 * Names never change content, hence the year-long cache.
 */
export function registerUploads(app: FastifyInstance, storage: FileStorage): void {
  app.get<{ Params: { tenantId: string; kind: string; file: string } }>(
    '/upload/:tenantId/:kind/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const { tenantId, kind, file } = request.params;
      const name = NAME.exec(file);
      const data =
        TENANT.test(tenantId) && (UPLOAD_KINDS as readonly string[]).includes(kind) && name
          ? await storage.read(`${tenantId}/${kind}/${file}`)
          : undefined;
      if (!data) throw notFound('error.notFound');
      return reply
        .type(CONTENT_TYPES[name![2] as ImageType])
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'")
        .send(data);
    },
  );
}

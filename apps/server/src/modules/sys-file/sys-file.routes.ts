import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { ok, Wrapped } from '../../platform/http/result.js';
import { UploadResult, uploadDoc } from './sys-file.schema.js';
import { readUpload, SysFileService } from './sys-file.service.js';

const tags = ['sysFile'];
const upload = (request: FastifyRequest) => readUpload(() => request.file(), request.isMultipart());

export const sysFileRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new SysFileService(ctx);

    app.post(
      '/uploadAvatar',
      {
        config: { permission: 'user' },
        schema: {
          tags,
          summary: 'Upload the own avatar (png, jpeg or webp)',
          ...uploadDoc('the avatar image'),
          response: { 200: Wrapped(UploadResult) },
        },
      },
      async (request) =>
        ok(await service.uploadUserImage(principalOf(request), 'avatar', await upload(request))),
    );

    app.post(
      '/uploadSignature',
      {
        config: { permission: 'user' },
        schema: {
          tags,
          summary: 'Upload the own electronic signature (png)',
          ...uploadDoc('the signature as PNG'),
          response: { 200: Wrapped(UploadResult) },
        },
      },
      async (request) =>
        ok(await service.uploadUserImage(principalOf(request), 'signature', await upload(request))),
    );

    app.post(
      '/uploadLogo',
      {
        config: { permission: 'sysTenant:saveSysInfo' },
        schema: {
          tags,
          summary: 'Upload a tenant logo; save its URL with sysTenant/saveSysInfo',
          ...uploadDoc('the logo image'),
          response: { 200: Wrapped(UploadResult) },
        },
      },
      async (request) => ok(await service.uploadLogo(principalOf(request), await upload(request))),
    );
  };

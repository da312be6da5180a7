import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { ok, Wrapped } from '../../platform/http/result.js';
import { IdInput } from '../../platform/http/schemas.js';
import { standardRoutes } from '../../platform/http/standard-routes.js';
import { PageOf } from '../../platform/http/paging.js';
import { FileCentreService } from './file-centre.service.js';
import {
  FileIdsQuery,
  FileOutput,
  FilePreviewParams,
  FileRefBody,
  FolderNode,
  PageFileBody,
  UpdateFileBody,
  UploadBase64Body,
  UploadedFile,
  UploadResult,
  uploadDoc,
} from './sys-file.schema.js';
import { readUpload, SysFileService } from './sys-file.service.js';
import { MAX_FILES_PER_REQUEST, readUploadForm } from './upload-form.js';

const tags = ['sysFile'];
const upload = (request: FastifyRequest) => readUpload(() => request.file(), request.isMultipart());

const FORM_FIELDS =
  'Fields: fileType, isPublic (true/false), allowSuffix (e.g. ".jpg,.png"), dataId, path (folder, ' +
  'e.g. "contracts/2026"), fileAlias. Each file at most 10 MB; its content must be what its extension says.';

/** Streams are sent as they are: compressing would change what Range offsets count. */
const stream = { compress: false } as const;

export const sysFileRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new SysFileService(ctx);
    const centre = new FileCentreService(ctx);

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

    app.post(
      '/uploadFile',
      {
        config: { permission: 'sysFile:uploadFile' },
        schema: {
          tags,
          summary: 'Upload one file to the file centre',
          consumes: ['multipart/form-data'],
          description: `multipart/form-data with one file field \`file\`. ${FORM_FIELDS}`,
          response: { 200: Wrapped(UploadedFile) },
        },
      },
      async (request) => {
        const { files, input } = await readUploadForm(request, 1);
        const [stored] = await service.uploadFiles(principalOf(request), files, input);
        return ok(stored!);
      },
    );

    app.post(
      '/uploadFiles',
      {
        config: { permission: 'sysFile:uploadFile' },
        schema: {
          tags,
          summary: `Upload up to ${MAX_FILES_PER_REQUEST} files at once; one refused file stores none`,
          consumes: ['multipart/form-data'],
          description: `multipart/form-data with file fields \`files\`. ${FORM_FIELDS}`,
          response: { 200: Wrapped(Type.Array(UploadedFile)) },
        },
      },
      async (request) => {
        const { files, input } = await readUploadForm(request, MAX_FILES_PER_REQUEST);
        return ok(await service.uploadFiles(principalOf(request), files, input));
      },
    );

    app.post(
      '/uploadFileFromBase64',
      {
        config: { permission: 'sysFile:uploadFile' },
        // A 10 MB file is 13.4 MB of base64: the body may exceed the 10 MB of other JSON bodies.
        bodyLimit: 15 * 1024 * 1024,
        schema: {
          tags,
          summary: 'Upload a file sent as base64 (or a data URL), under the same rules as uploadFile',
          body: UploadBase64Body,
          response: { 200: Wrapped(UploadedFile) },
        },
      },
      async (request) => ok(await service.uploadBase64(principalOf(request), request.body)),
    );

    const routes = standardRoutes(app, { controller: 'sysFile', tags });

    routes.page({
      summary: 'Files of the tenant: by name or alias, suffix, type, folder (with subfolders), upload time',
      body: PageFileBody,
      response: PageOf(FileOutput),
      handler: (request) => centre.page(principalOf(request), request.body),
    });

    routes.update({
      summary: 'Rename (fileAlias), recategorise, move to a folder, make public or private',
      body: UpdateFileBody,
      handler: (request) => centre.update(principalOf(request), request.body),
    });

    routes.delete({
      summary:
        'Delete a file: its record and its stored object (refused while used as avatar, signature or logo)',
      body: IdInput,
      handler: (request) =>
        centre.delete(principalOf(request), request.body.id, (error) =>
          request.log.error({ err: error }, 'stored file not removed'),
        ),
    });

    app.get(
      '/folder',
      {
        config: { permission: 'sysFile:page' },
        schema: {
          tags,
          summary: 'The folder tree of the tenant’s files, with the number of files directly in each',
          response: { 200: Wrapped(Type.Array(FolderNode)) },
        },
      },
      async (request) => ok(await centre.folders(principalOf(request))),
    );

    app.get(
      '/file',
      {
        config: { permission: 'user' },
        schema: {
          tags,
          summary: 'One file of the tenant by id',
          querystring: IdInput,
          response: { 200: Wrapped(FileOutput) },
        },
      },
      async (request) => ok(await centre.file(principalOf(request), request.query.id)),
    );

    app.get(
      '/fileByIds',
      {
        config: { permission: 'user' },
        schema: {
          tags,
          summary: 'Files of the tenant by id (`ids=1&ids=2`); ids that are not there are left out',
          querystring: FileIdsQuery,
          response: { 200: Wrapped(Type.Array(FileOutput)) },
        },
      },
      async (request) => ok(await centre.fileByIds(principalOf(request), request.query.ids)),
    );

    app.get(
      '/preview/:id',
      {
        config: { permission: 'user' },
        ...stream,
        schema: {
          tags,
          summary: 'The file inline with its checked content type; Range requests for seeking (206)',
          params: FilePreviewParams,
        },
      },
      async (request, reply) =>
        centre.send(principalOf(request), request.params.id, 'inline', request, reply),
    );

    app.post(
      '/downloadFile',
      {
        config: { permission: 'user' },
        ...stream,
        schema: {
          tags,
          summary: 'The file as an attachment under its alias (RFC 5987 name); Range requests allowed',
          body: IdInput,
        },
      },
      async (request, reply) =>
        centre.send(principalOf(request), request.body.id, 'attachment', request, reply),
    );

    app.post(
      '/downloadFileBase64',
      {
        config: { permission: 'user' },
        schema: {
          tags,
          summary: 'The file’s bytes as base64, by id or by its address',
          body: FileRefBody,
          response: { 200: Wrapped(Type.String()) },
        },
      },
      async (request) => ok(await centre.base64(principalOf(request), request.body)),
    );
  };

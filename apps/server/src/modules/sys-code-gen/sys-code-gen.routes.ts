import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { attachmentHeaders } from '../../platform/http/download.js';
import { PageOf } from '../../platform/http/paging.js';
import { done, ok, Wrapped } from '../../platform/http/result.js';
import {
  ColumnListPath,
  ColumnOutput,
  DatabaseOutput,
  TableOutput,
  TablePath,
} from '../sys-database/sys-database.schema.js';
import {
  AddCodeGenBody,
  CodeGenConfigListQuery,
  CodeGenConfigOutput,
  CodeGenIdBody,
  CodeGenIdQuery,
  CodeGenOutput,
  CodeGenPageBody,
  DeleteCodeGenBody,
  GeneratedFile,
  RunLocalOutput,
  UpdateCodeGenBody,
  UpdateCodeGenConfigBody,
} from './sys-code-gen.schema.js';
import { SysCodeGenService } from './sys-code-gen.service.js';

const tags = ['sysCodeGen'];

/** The code generator (Admin.NET's sysCodeGen): records, previews, zips and runLocal. */
export const sysCodeGenRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new SysCodeGenService(ctx);

    app.post(
      '/page',
      {
        config: { permission: 'sysCodeGen:page' },
        schema: {
          tags,
          summary: 'Code generator records',
          body: CodeGenPageBody,
          response: { 200: Wrapped(PageOf(CodeGenOutput)) },
        },
      },
      async (request) => ok(await service.page(principalOf(request), request.body)),
    );

    app.get(
      '/detail',
      {
        config: { permission: 'sysCodeGen:detail' },
        schema: {
          tags,
          summary: 'One record',
          querystring: CodeGenIdQuery,
          response: { 200: Wrapped(CodeGenOutput) },
        },
      },
      async (request) => ok(await service.detail(principalOf(request), request.query.id)),
    );

    app.get(
      '/applicationNamespaces',
      {
        config: { permission: 'sysCodeGen:page' },
        schema: {
          tags,
          summary: 'The web areas a page can go in (features/<area>/): those in use and business',
          response: { 200: Wrapped(Type.Array(Type.String())) },
        },
      },
      async (request) => ok(await service.nameSpaces(principalOf(request))),
    );

    app.get(
      '/databaseList',
      {
        config: { permission: 'sysCodeGen:page' },
        schema: {
          tags,
          summary: 'The databases a module can be generated from',
          response: { 200: Wrapped(Type.Array(DatabaseOutput)) },
        },
      },
      async (request) => ok(await service.databaseList(principalOf(request))),
    );

    app.get(
      '/tableList/:configId',
      {
        config: { permission: 'sysCodeGen:page' },
        schema: {
          tags,
          summary: "The database's own tables (not the product's)",
          params: TablePath,
          response: { 200: Wrapped(Type.Array(TableOutput)) },
        },
      },
      async (request) => ok(await service.tableList(principalOf(request), request.params.configId)),
    );

    app.get(
      '/columnListByTableName/:tableName/:configId',
      {
        config: { permission: 'sysCodeGen:page' },
        schema: {
          tags,
          summary: 'Columns of a table',
          params: ColumnListPath,
          response: { 200: Wrapped(Type.Array(ColumnOutput)) },
        },
      },
      async (request) =>
        ok(await service.columnList(principalOf(request), request.params.configId, request.params.tableName)),
    );

    app.post(
      '/add',
      {
        config: { permission: 'sysCodeGen:add' },
        schema: {
          tags,
          summary: "Add a record; its column configuration starts from the table's columns",
          body: AddCodeGenBody,
          response: { 200: Wrapped(Type.String()) },
        },
      },
      async (request) => ok(await service.add(principalOf(request), request.body)),
    );

    app.post(
      '/update',
      {
        config: { permission: 'sysCodeGen:update' },
        schema: {
          tags,
          summary: 'Update a record',
          body: UpdateCodeGenBody,
          response: { 200: Wrapped(Type.Null()) },
        },
      },
      (request) => done(service.update(principalOf(request), request.body)),
    );

    app.post(
      '/delete',
      {
        config: { permission: 'sysCodeGen:delete' },
        schema: {
          tags,
          summary: 'Delete records',
          body: DeleteCodeGenBody,
          response: { 200: Wrapped(Type.Null()) },
        },
      },
      (request) =>
        done(
          service.delete(
            principalOf(request),
            request.body.map((row) => row.id),
          ),
        ),
    );

    app.post(
      '/syncField',
      {
        config: { permission: 'sysCodeGen:syncField' },
        schema: {
          tags,
          summary: 'Bring the column configuration up to the table (new, dropped and changed columns)',
          body: CodeGenIdBody,
          response: { 200: Wrapped(Type.Null()) },
        },
      },
      (request) => done(service.syncField(principalOf(request), request.body.id)),
    );

    app.post(
      '/preview',
      {
        config: { permission: 'sysCodeGen:preview' },
        schema: {
          tags,
          summary: 'Every file of the module, by its path in the repository',
          body: CodeGenIdBody,
          response: { 200: Wrapped(Type.Array(GeneratedFile)) },
        },
      },
      async (request) => ok(await service.preview(principalOf(request), request.body.id)),
    );

    app.post(
      '/download',
      {
        config: { permission: 'sysCodeGen:download' },
        schema: { tags, summary: 'The module as a zip', body: CodeGenIdBody },
      },
      async (request, reply) => {
        const { name, zip } = await service.download(principalOf(request), request.body.id);
        return reply.headers(attachmentHeaders(name, 'application/zip')).send(Buffer.from(zip));
      },
    );

    app.post(
      '/runLocal',
      {
        config: { permission: 'sysCodeGen:runLocal' },
        schema: {
          tags,
          summary: 'Write the module into the workspace (development) and join it to the shared lists',
          body: CodeGenIdBody,
          response: { 200: Wrapped(RunLocalOutput) },
        },
      },
      async (request) => ok(await service.runLocal(principalOf(request), request.body.id)),
    );
  };

/** Column configurations of a record (Admin.NET's sysCodeGenConfig). */
export const sysCodeGenConfigRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new SysCodeGenService(ctx);
    const configTags = ['sysCodeGenConfig'];

    app.get(
      '/detail',
      {
        config: { permission: 'sysCodeGenConfig:list' },
        schema: {
          tags: configTags,
          summary: "One column's configuration",
          querystring: CodeGenIdQuery,
          response: { 200: Wrapped(CodeGenConfigOutput) },
        },
      },
      async (request) => ok(await service.configDetail(principalOf(request), request.query.id)),
    );

    app.get(
      '/list',
      {
        config: { permission: 'sysCodeGenConfig:list' },
        schema: {
          tags: configTags,
          summary: "A record's column configurations",
          querystring: CodeGenConfigListQuery,
          response: { 200: Wrapped(Type.Array(CodeGenConfigOutput)) },
        },
      },
      async (request) => ok(await service.configList(principalOf(request), request.query.codeGenId)),
    );

    app.post(
      '/update',
      {
        config: { permission: 'sysCodeGenConfig:update' },
        schema: {
          tags: configTags,
          summary: 'Save column configurations',
          body: UpdateCodeGenConfigBody,
          response: { 200: Wrapped(Type.Null()) },
        },
      },
      (request) => done(service.configUpdate(principalOf(request), request.body)),
    );
  };

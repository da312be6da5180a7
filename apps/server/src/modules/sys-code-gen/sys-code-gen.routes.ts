import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { attachmentHeaders } from '../../platform/http/download.js';
import { PageOf } from '../../platform/http/paging.js';
import { standardRoutes } from '../../platform/http/standard-routes.js';
import { done, ok, Wrapped } from '../../platform/http/result.js';
import { IdInput } from '../../platform/http/schemas.js';
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
    const routes = standardRoutes(app, { controller: 'sysCodeGen', tags });

    routes.page({
      summary: 'Code generator records',
      body: CodeGenPageBody,
      response: PageOf(CodeGenOutput),
      handler: (request) => service.page(principalOf(request), request.body),
    });

    routes.detail({
      summary: 'One record',
      querystring: IdInput,
      response: CodeGenOutput,
      handler: (request) => service.detail(principalOf(request), request.query.id),
    });

    routes.add({
      summary: "Add a record; its column configuration starts from the table's columns",
      body: AddCodeGenBody,
      response: Type.String(),
      handler: (request) => service.add(principalOf(request), request.body),
    });

    routes.update({
      summary: 'Update a record',
      body: UpdateCodeGenBody,
      handler: (request) => service.update(principalOf(request), request.body),
    });

    routes.delete({
      summary: 'Delete records (a list of ids, as Admin.NET takes them)',
      body: DeleteCodeGenBody,
      handler: (request) =>
        service.delete(
          principalOf(request),
          request.body.map((row) => row.id),
        ),
    });

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
          querystring: IdInput,
          response: { 200: Wrapped(CodeGenConfigOutput) },
        },
      },
      async (request) => ok(await service.configDetail(principalOf(request), request.query.id)),
    );

    const routes = standardRoutes(app, { controller: 'sysCodeGenConfig', tags: configTags });

    routes.list({
      summary: "A record's column configurations",
      querystring: CodeGenConfigListQuery,
      response: Type.Array(CodeGenConfigOutput),
      handler: (request) => service.configList(principalOf(request), request.query.codeGenId),
    });

    routes.update({
      summary: 'Save column configurations',
      body: UpdateCodeGenConfigBody,
      handler: (request) => service.configUpdate(principalOf(request), request.body),
    });
  };

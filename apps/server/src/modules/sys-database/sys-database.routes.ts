import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { attachmentHeaders } from '../../platform/http/download.js';
import { ok, Wrapped } from '../../platform/http/result.js';
import {
  AddColumnBody,
  AddTableBody,
  ChangeOutput,
  ColumnBody,
  ColumnListPath,
  ColumnOutput,
  DatabaseOutput,
  MAIN_CONFIG_ID,
  TableBody,
  TableDetailOutput,
  TableOutput,
  TablePath,
  UpdateColumnBody,
  UpdateTableBody,
  VisualOutput,
  VisualQuery,
} from './sys-database.schema.js';
import { SysDatabaseService } from './sys-database.service.js';

const tags = ['sysDatabase'];
const change = (summary: string) => ({ tags, summary, response: { 200: Wrapped(ChangeOutput) } });

/** The database tools (Admin.NET's sysDatabase): schema browsing and changes, super admin only. */
export const sysDatabaseRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new SysDatabaseService(ctx);

    app.get(
      '/list',
      {
        config: { permission: 'sysDatabase:list' },
        schema: {
          tags,
          summary: 'The main database and the databases of database-type tenants',
          response: { 200: Wrapped(Type.Array(DatabaseOutput)) },
        },
      },
      async (request) => ok(await service.list(principalOf(request))),
    );

    app.get(
      '/tableList/:configId',
      {
        config: { permission: 'sysDatabase:tableList' },
        schema: {
          tags,
          summary: 'Tables of a database with their descriptions',
          params: TablePath,
          response: { 200: Wrapped(Type.Array(TableOutput)) },
        },
      },
      async (request) => ok(await service.tableList(principalOf(request), request.params.configId)),
    );

    app.get(
      '/dbTypeList/:configId',
      {
        config: { permission: 'sysDatabase:tableList' },
        schema: {
          tags,
          summary: 'The column types the tools create (the same for every database)',
          params: TablePath,
          response: { 200: Wrapped(Type.Array(Type.String())) },
        },
      },
      async (request) => ok(await service.columnTypes(principalOf(request), request.params.configId)),
    );

    app.get(
      '/columnList/:tableName/:configId',
      {
        config: { permission: 'sysDatabase:columnList' },
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

    app.get(
      '/tableDetail/:tableName/:configId',
      {
        config: { permission: 'sysDatabase:columnList' },
        schema: {
          tags,
          summary: 'Columns, indexes and foreign keys of a table',
          params: ColumnListPath,
          response: { 200: Wrapped(TableDetailOutput) },
        },
      },
      async (request) =>
        ok(
          await service.tableDetail(principalOf(request), request.params.configId, request.params.tableName),
        ),
    );

    app.get(
      '/visualDbTable',
      {
        config: { permission: 'sysDatabase:visualDbTable' },
        schema: {
          tags,
          summary: 'Every table, column and foreign key of a database, for the diagram',
          querystring: VisualQuery,
          response: { 200: Wrapped(VisualOutput) },
        },
      },
      async (request) =>
        ok(await service.visual(principalOf(request), request.query.configId ?? MAIN_CONFIG_ID)),
    );

    app.post(
      '/createSeedData',
      {
        config: { permission: 'sysDatabase:createSeedData' },
        schema: { tags, summary: "A table's rows as a JSON seed file (up to 10 000)", body: TableBody },
      },
      async (request, reply) => {
        const body = await service.seedData(principalOf(request), request.body);
        return reply
          .headers(
            attachmentHeaders(`${request.body.tableName}.seed.json`, 'application/json; charset=utf-8'),
          )
          .send(body);
      },
    );

    app.post(
      '/addTable',
      {
        config: { permission: 'sysDatabase:addTable' },
        schema: {
          ...change('Create a tenant table (id, tenant column with row-level security, audit columns)'),
          body: AddTableBody,
        },
      },
      async (request) => ok(await service.addTable(principalOf(request), request.body)),
    );

    app.post(
      '/updateTable',
      {
        config: { permission: 'sysDatabase:updateTable' },
        schema: { ...change('Rename a table or change its description'), body: UpdateTableBody },
      },
      async (request) => ok(await service.alterTable(principalOf(request), request.body)),
    );

    app.post(
      '/deleteTable',
      {
        config: { permission: 'sysDatabase:deleteTable' },
        schema: { ...change('Drop a table (never a product table)'), body: TableBody },
      },
      async (request) => ok(await service.deleteTable(principalOf(request), request.body)),
    );

    app.post(
      '/addColumn',
      {
        config: { permission: 'sysDatabase:addColumn' },
        schema: { ...change('Add a column'), body: AddColumnBody },
      },
      async (request) => ok(await service.addColumn(principalOf(request), request.body)),
    );

    app.post(
      '/updateColumn',
      {
        config: { permission: 'sysDatabase:updateColumn' },
        schema: {
          ...change('Rename or retype a column, set its default, nullability and description'),
          body: UpdateColumnBody,
        },
      },
      async (request) => ok(await service.updateColumn(principalOf(request), request.body)),
    );

    app.post(
      '/deleteColumn',
      {
        config: { permission: 'sysDatabase:deleteColumn' },
        schema: { ...change('Drop a column'), body: ColumnBody },
      },
      async (request) => ok(await service.deleteColumn(principalOf(request), request.body)),
    );
  };

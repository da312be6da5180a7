import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { NoQuery } from '@lintel/contracts/wire';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { ok, Wrapped } from '../../platform/http/result.js';
import { PageOf } from '../../platform/http/paging.js';
import { IdInput } from '../../platform/http/schemas.js';
import { standardRoutes } from '../../platform/http/standard-routes.js';
import {
  AddReportSourceBody,
  PageReportSourceBody,
  ReportSourceOption,
  ReportSourceOutput,
  ReportSourceTestBody,
  ReportSourceTestResult,
  ReportViewQuery,
  UpdateReportSourceBody,
} from './sys-report.schema.js';
import { ReportSourceService } from './report-source.service.js';

const tags = ['sysReportDataSource'];

/** `/api/sysReportDataSource/*`: where reports read (the product's database or external PostgreSQL). */
export const sysReportDataSourceRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new ReportSourceService(ctx);
    const routes = standardRoutes(app, { controller: 'sysReportDataSource', tags });

    routes.page({
      summary:
        'Page of the tenant’s report data sources (passwords never included: hasPassword says one is saved)',
      body: PageReportSourceBody,
      response: PageOf(ReportSourceOutput),
      handler: (request) => service.page(principalOf(request), request.body),
    });
    routes.list({
      summary: 'Every data source as id, name and kind (the report editor’s picker)',
      querystring: NoQuery,
      response: Type.Array(ReportSourceOption),
      handler: (request) => service.list(principalOf(request)),
    });
    routes.detail({
      summary: 'One data source (without its password)',
      querystring: ReportViewQuery,
      response: ReportSourceOutput,
      handler: (request) => service.detail(principalOf(request), request.query.id),
    });
    routes.add({
      summary:
        'Add a data source; an external password is sealed at rest; returns its id. The host is judged ' +
        'by the outbound policy when it is used',
      body: AddReportSourceBody,
      response: Type.String(),
      handler: (request) => service.add(principalOf(request), request.body),
    });
    routes.update({
      summary: 'Update a data source; an empty password keeps the saved one',
      body: UpdateReportSourceBody,
      handler: (request) => service.update(principalOf(request), request.body),
    });
    routes.delete({
      summary: 'Delete a data source no report reads from (409 otherwise)',
      body: IdInput,
      handler: (request) => service.delete(principalOf(request), request.body.id),
    });
    app.post(
      '/testConnection',
      {
        config: { permission: 'sysReportDataSource:testConnection' },
        schema: {
          tags,
          summary:
            'Connect to a saved source or the form’s values (private hosts only where ALLOW_PRIVATE_HOSTS ' +
            'names them) and read the server version; a failure is answered with its localized reason',
          body: ReportSourceTestBody,
          response: { 200: Wrapped(ReportSourceTestResult) },
        },
      },
      async (request) => ok(await service.testConnection(principalOf(request), request.body, request.locale)),
    );
  };

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
  AddReportConfigBody,
  PageReportConfigBody,
  ReportCatalog,
  ReportConfigDetail,
  ReportConfigOutput,
  ReportExportBody,
  ReportPreviewBody,
  ReportResult,
  ReportRunBody,
  ReportViewOutput,
  ReportViewQuery,
  UpdateReportConfigBody,
} from './sys-report.schema.js';
import { ReportConfigService } from './report-config.service.js';

const tags = ['sysReportConfig'];

/**
 * `/api/sysReportConfig/*`: reports (SQL or builder), the builder's catalogue, preview of a draft, the
 * viewer's definition and run, and export. Runs on the product's database go through the report role
 * (tenant-confined, read-only); SQL there only for accounts that see the whole tenant.
 */
export const sysReportConfigRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new ReportConfigService(ctx);
    const routes = standardRoutes(app, { controller: 'sysReportConfig', tags });

    routes.page({
      summary: 'Page of the tenant’s reports with their data source',
      body: PageReportConfigBody,
      response: PageOf(ReportConfigOutput),
      handler: (request) => service.page(principalOf(request), request.body),
    });
    routes.detail({
      summary: 'One report with its SQL or builder definition, parameters, chart and columns',
      querystring: ReportViewQuery,
      response: ReportConfigDetail,
      handler: (request) => service.detail(principalOf(request), request.query.id),
    });
    routes.add({
      summary:
        'Add a report; SQL must be one SELECT naming declared parameters (`:name`), and on the product’s ' +
        'database is only for accounts that see the whole tenant; returns its id',
      body: AddReportConfigBody,
      response: Type.String(),
      handler: (request) => service.add(principalOf(request), request.body),
    });
    routes.update({
      summary: 'Update a report (the same checks as add)',
      body: UpdateReportConfigBody,
      handler: (request) => service.update(principalOf(request), request.body),
    });
    routes.delete({
      summary: 'Delete a report',
      body: IdInput,
      handler: (request) => service.delete(principalOf(request), request.body.id),
    });
    routes.export({
      summary: 'Run a report with parameter values and download its rows as xlsx, csv, html, xml or txt',
      body: ReportExportBody,
      handler: (request) =>
        service.export(principalOf(request), request.body, (error) =>
          request.log.error({ err: error }, 'report export failed'),
        ),
    });
    app.get(
      '/catalog',
      {
        config: { permission: 'sysReportConfig:detail' },
        schema: {
          tags,
          summary:
            'The builder’s reportable tables and the fields the caller may pick (field blacklist applied)',
          querystring: NoQuery,
          response: { 200: Wrapped(ReportCatalog) },
        },
      },
      async (request) => ok(service.catalog(principalOf(request))),
    );
    app.post(
      '/preview',
      {
        config: { permission: 'sysReportConfig:preview' },
        schema: {
          tags,
          summary: 'Run the editor’s unsaved definition with parameter values (at most 10 000 rows)',
          body: ReportPreviewBody,
          response: { 200: Wrapped(ReportResult) },
        },
      },
      async (request) => ok(await service.preview(principalOf(request), request.body)),
    );
    app.get(
      '/view',
      {
        config: { permission: 'sysReportConfig:view' },
        schema: {
          tags,
          summary: 'What the viewer shows of a report: name, parameters, chart and columns (never its SQL)',
          querystring: ReportViewQuery,
          response: { 200: Wrapped(ReportViewOutput) },
        },
      },
      async (request) => ok(await service.view(principalOf(request), request.query.id)),
    );
    app.post(
      '/run',
      {
        config: { permission: 'sysReportConfig:view' },
        schema: {
          tags,
          summary:
            'Run a saved report with parameter values (bound, never spliced): tenant-confined, read-only, ' +
            'statement timeout REPORT_TIMEOUT_SECONDS (10 s by default), at most 10 000 rows (`truncated` says ' +
            'when more matched)',
          body: ReportRunBody,
          response: { 200: Wrapped(ReportResult) },
        },
      },
      async (request) => ok(await service.run(principalOf(request), request.body)),
    );
  };

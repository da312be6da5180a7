import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { PageOf } from '../../platform/http/paging.js';
import { ok, Wrapped } from '../../platform/http/result.js';
import { standardRoutes } from '../../platform/http/standard-routes.js';
import {
  AddFormBody,
  FormDataDetailQuery,
  FormDataExportBody,
  FormDataIdInput,
  FormDataOutput,
  FormDetailQuery,
  FormIdInput,
  FormOutput,
  FormVersionOutput,
  FormVersionsQuery,
  PageFormBody,
  PageFormDataBody,
  PublishFormOutput,
  SubmitFormDataBody,
  UpdateFormBody,
} from './sys-form.schema.js';
import { SysFormDataService } from './sys-form-data.service.js';
import { SysFormService } from './sys-form.service.js';

/** `/api/sysForm/*`: forms of the designer, their drafts and published versions. */
export const sysFormRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = ['sysForm'];
    const service = new SysFormService(ctx);
    const routes = standardRoutes(app, { controller: 'sysForm', tags });

    routes.page({
      summary: 'Page of the tenant’s forms, with published version, draft state and submission count',
      body: PageFormBody,
      response: PageOf(FormOutput),
      handler: (request) => service.page(principalOf(request), request.body),
    });
    routes.detail({
      summary: 'One form with its draft schema and uiSchema',
      querystring: FormDetailQuery,
      response: FormOutput,
      handler: (request) => service.detail(principalOf(request), request.query.id),
    });
    routes.add({
      summary: 'Add a form (code unique in the tenant) with its draft; returns its id',
      body: AddFormBody,
      response: Type.String(),
      handler: (request) => service.add(principalOf(request), request.body),
    });
    routes.update({
      summary: 'Save a form and its draft (published versions are never changed)',
      body: UpdateFormBody,
      handler: (request) => service.update(principalOf(request), request.body),
    });
    routes.delete({
      summary: 'Delete a form with its versions and submissions',
      body: FormIdInput,
      handler: (request) => service.delete(principalOf(request), request.body.id),
    });

    app.post(
      '/publish',
      {
        config: { permission: 'sysForm:publish' },
        schema: {
          tags,
          summary:
            'Check the draft (allowed keywords, ajv compiles it, dictionaries exist) and write it as the ' +
            'next immutable version; answers the version number',
          body: FormIdInput,
          response: { 200: Wrapped(PublishFormOutput) },
        },
      },
      async (request) => ok(await service.publish(principalOf(request), request.body.id)),
    );
    app.get(
      '/versions',
      {
        config: { permission: 'sysForm:versions' },
        schema: {
          tags,
          summary: 'The versions of a form, newest first; with `version`, that one version and its schema',
          querystring: FormVersionsQuery,
          response: { 200: Wrapped(Type.Array(FormVersionOutput)) },
        },
      },
      async (request) => ok(await service.versions(principalOf(request), request.query)),
    );
  };

/** `/api/sysFormData/*`: submissions of a form, in the caller's data scope. */
export const sysFormDataRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = ['sysFormData'];
    const service = new SysFormDataService(ctx);
    const routes = standardRoutes(app, { controller: 'sysFormData', tags });

    routes.page({
      summary:
        'Page of one form’s submissions (data scope: the submitter’s organisation, or the caller’s own)',
      body: PageFormDataBody,
      response: PageOf(FormDataOutput),
      handler: (request) => service.page(principalOf(request), request.body),
    });
    routes.detail({
      summary: 'One submission with its answers and the version it was made with',
      querystring: FormDataDetailQuery,
      response: FormDataOutput,
      handler: (request) => service.detail(principalOf(request), request.query.id),
    });
    routes.delete({
      summary: 'Delete a submission (within the data scope)',
      body: FormDataIdInput,
      handler: (request) => service.delete(principalOf(request), request.body.id),
    });

    app.post(
      '/submit',
      {
        config: { permission: 'sysFormData:submit' },
        schema: {
          tags,
          summary:
            'Submit answers to a form: validated against its latest published version (ajv, strict, unknown ' +
            'fields refused, dictionary-bound answers checked); a 400 names the failing fields; returns the id',
          body: SubmitFormDataBody,
          response: { 200: Wrapped(Type.String()) },
        },
      },
      async (request) => ok(await service.submit(principalOf(request), request.body)),
    );
    // Not through standardRoutes' export: the file's columns come from the published version, read first.
    app.post(
      '/export',
      {
        config: { permission: 'sysFormData:export' },
        schema: {
          tags,
          summary:
            'One form’s submissions as xlsx, csv, html, xml or txt (page shown or all), one column per field ' +
            'titled as in the form, then submitter, organisation, version and time; within the data scope',
          body: FormDataExportBody,
        },
      },
      async (request, reply) => {
        const { stream, headers } = await service.export(
          principalOf(request),
          request.body,
          request.locale,
          (error) => request.log.error({ err: error }, 'form data export failed'),
        );
        return reply.headers(headers).send(stream);
      },
    );
  };

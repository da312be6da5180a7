import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { ok, Wrapped } from '../../platform/http/result.js';
import { IdInput } from '../../platform/http/schemas.js';
import { standardRoutes } from '../../platform/http/standard-routes.js';
import {
  AddLangBody,
  LangDetailQuery,
  LangOption,
  LangOutput,
  LangPage,
  LangPageBody,
  UpdateLangBody,
} from './sys-lang.schema.js';
import { SysLangService } from './sys-lang.service.js';

const tags = ['sysLang'];

export const sysLangRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new SysLangService(ctx);
    const routes = standardRoutes(app, { controller: 'sysLang', tags });

    app.post(
      '/dropdownData',
      {
        // The sign-in page offers the languages before anyone has signed in.
        config: { permission: 'public' },
        schema: {
          tags,
          summary: 'The active languages, in order: code, name in itself, name',
          response: { 200: Wrapped(Type.Array(LangOption)) },
        },
      },
      async () => ok(await service.dropdownData()),
    );

    routes.page({
      summary: 'Page of languages (keyword matches code, name or native name; filter by active)',
      body: LangPageBody,
      response: LangPage,
      handler: (request) => service.page(request.body),
    });

    routes.detail({
      summary: 'One language',
      querystring: LangDetailQuery,
      response: LangOutput,
      handler: (request) => service.detail(request.query.id),
    });

    routes.add({
      summary: 'Add a language (code unique, case-insensitive); returns its id',
      body: AddLangBody,
      response: Type.String(),
      handler: (request) => service.add(principalOf(request), request.body),
    });

    routes.update({
      summary: 'Update a language (the last active language stays active)',
      body: UpdateLangBody,
      handler: (request) => service.update(principalOf(request), request.body),
    });

    routes.delete({
      summary: 'Delete a language (not the last active one)',
      body: IdInput,
      handler: (request) => service.delete(principalOf(request), request.body.id),
    });
  };

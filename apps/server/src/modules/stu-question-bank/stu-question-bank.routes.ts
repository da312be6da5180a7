import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Id } from '@lintel/contracts/wire';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { PageOf } from '../../platform/http/paging.js';
import { IdInput } from '../../platform/http/schemas.js';
import { standardRoutes } from '../../platform/http/standard-routes.js';
import {
  PageQuestionBankBody,
  PageStuInfoBody,
  QuestionBankExportBody,
  QuestionBankOutput,
  StuInfoDetailOutput,
  StuInfoExportBody,
  StuInfoOutput,
} from './stu-question-bank.schema.js';
import { StuQuestionBankService } from './stu-question-bank.service.js';

const DetailQuery = Type.Object({ id: Id }, { additionalProperties: false });

/** `/api/stuQuestionBank/*`: question-bank records under the caller's data scope. */
export const stuQuestionBankRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new StuQuestionBankService(ctx);
    const routes = standardRoutes(app, { controller: 'stuQuestionBank', tags: ['stuQuestionBank'] });
    routes.page({
      summary: 'Page of question-bank records within the data scope (students: their own)',
      body: PageQuestionBankBody,
      response: PageOf(QuestionBankOutput),
      handler: (request) => service.page(principalOf(request), request.body),
    });
    routes.detail({
      summary: 'One record, with the photographed question’s image',
      querystring: DetailQuery,
      response: QuestionBankOutput,
      handler: (request) => service.detail(principalOf(request), request.query.id),
    });
    routes.delete({
      summary: 'Delete a record (soft delete; within the data scope)',
      body: IdInput,
      handler: (request) => service.delete(principalOf(request), request.body.id),
    });
    routes.export({
      summary: 'The filtered records as xlsx, csv, html, xml or txt (the page shown or all), streamed',
      body: QuestionBankExportBody,
      handler: (request) =>
        service.export(principalOf(request), request.body, request.locale, (error) =>
          request.log.error({ err: error }, 'question bank export failed'),
        ),
    });
  };

/** `/api/stuInfo/*`: the students within the caller's data scope with their question-bank figures. */
export const stuInfoRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new StuQuestionBankService(ctx);
    const routes = standardRoutes(app, { controller: 'stuInfo', tags: ['stuInfo'] });
    routes.page({
      summary:
        'Students within the data scope (member accounts, and accounts with visible records): counts, ' +
        'accuracy, last activity',
      body: PageStuInfoBody,
      response: PageOf(StuInfoOutput),
      handler: (request) => service.studentPage(principalOf(request), request.body),
    });
    routes.detail({
      summary: 'One student: figures per subject and the latest records',
      querystring: DetailQuery,
      response: StuInfoDetailOutput,
      handler: (request) => service.studentDetail(principalOf(request), request.query.id),
    });
    routes.export({
      summary: 'The filtered students as a file, streamed',
      body: StuInfoExportBody,
      handler: (request) =>
        service.studentExport(principalOf(request), request.body, request.locale, (error) =>
          request.log.error({ err: error }, 'student export failed'),
        ),
    });
  };

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { ok, Wrapped } from '../../platform/http/result.js';
import { PaperService } from './paper.service.js';
import { ReportService } from './report.service.js';
import { SolveService } from './solve.service.js';
import { sendEvents } from '../../platform/http/sse-reply.js';
import {
  AnalyseBody,
  CheckBody,
  GeneratePaperBody,
  PaperDetailQuery,
  PaperListItem,
  PaperListQuery,
  PaperOutput,
  RunResultQuery,
  SolveBody,
  StatsBody,
  StatsOutput,
  SubmitPaperBody,
  WorkflowRunOutput,
} from './stu-workflow.schema.js';

const STREAM =
  'Answers text/event-stream (events meta, reasoning, content, progress, usage, done, error); ' +
  'a refusal before the stream starts is an ordinary JSON error. ';

/** `/api/stuWorkFlow/*`: problem solving, checking the student's answer, and stored run results. */
export const stuWorkFlowRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new SolveService(ctx);
    const tags = ['stuWorkFlow'];
    app.post(
      '/solve',
      {
        config: { permission: 'stuWorkFlow:solve' },
        schema: {
          tags,
          summary:
            STREAM +
            'Solves a question (text and/or image for a vision model) step by step through the Dify ' +
            'workflow configured for the grade and subject, or the tenant’s chat model; the attempt is ' +
            'stored as a question-bank record (done: recordId, correctAnswer, knowledgePoint). A Dify run ' +
            'goes on when the browser leaves; fetch it with /result.',
          body: SolveBody,
        },
      },
      async (request, reply) => {
        const run = await service.solve(principalOf(request), request.body, request.locale);
        return sendEvents(reply, run.channel, run.onGone);
      },
    );
    app.post(
      '/check',
      {
        config: { permission: 'stuWorkFlow:check' },
        schema: {
          tags,
          summary:
            STREAM +
            'Checks the student’s own answer to one of their records: a streamed verdict; the record ' +
            'keeps studentAnswer and isCorrect (done: isCorrect)',
          body: CheckBody,
        },
      },
      async (request, reply) => {
        const run = await service.check(principalOf(request), request.body, request.locale);
        return sendEvents(reply, run.channel, run.onGone);
      },
    );
    app.get(
      '/result',
      {
        config: { permission: 'stuWorkFlow:result' },
        schema: {
          tags,
          summary: 'A stored run of the caller (async workflow result): running, succeeded or failed',
          querystring: RunResultQuery,
          response: { 200: Wrapped(WorkflowRunOutput) },
        },
      },
      async (request) => ok(await service.result(principalOf(request), request.query.id)),
    );
  };

/** `/api/stuWorkFlowReport/*`: learning statistics and the written analysis. */
export const stuWorkFlowReportRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new ReportService(ctx);
    const tags = ['stuWorkFlowReport'];
    app.post(
      '/stats',
      {
        config: { permission: 'stuWorkFlowReport:stats' },
        schema: {
          tags,
          summary:
            'Accuracy, counts, weak points and the weekly trend of a student’s question bank (the caller’s ' +
            'own, or a student within the data scope), by subject, grade, knowledge point and time',
          body: StatsBody,
          response: { 200: Wrapped(StatsOutput) },
        },
      },
      async (request) => ok(await service.stats(principalOf(request), request.body)),
    );
    app.post(
      '/analyse',
      {
        config: { permission: 'stuWorkFlowReport:analyse' },
        schema: { tags, summary: STREAM + 'A written analysis of the same statistics', body: AnalyseBody },
      },
      async (request, reply) => {
        const run = await service.analyse(principalOf(request), request.body, request.locale);
        return sendEvents(reply, run.channel, run.onGone);
      },
    );
  };

/** `/api/stuWorkFlowPaper/*`: similar-question papers. */
export const stuWorkFlowPaperRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new PaperService(ctx);
    const tags = ['stuWorkFlowPaper'];
    app.get(
      '/list',
      {
        config: { permission: 'stuWorkFlowPaper:list' },
        schema: {
          tags,
          summary: 'The caller’s papers, newest first',
          querystring: PaperListQuery,
          response: { 200: Wrapped(Type.Array(PaperListItem)) },
        },
      },
      async (request) => ok(await service.list(principalOf(request), request.query.subject)),
    );
    app.get(
      '/detail',
      {
        config: { permission: 'stuWorkFlowPaper:detail' },
        schema: {
          tags,
          summary: 'One paper of the caller (answers shown once submitted)',
          querystring: PaperDetailQuery,
          response: { 200: Wrapped(PaperOutput) },
        },
      },
      async (request) => ok(await service.detail(principalOf(request), request.query.id)),
    );
    app.post(
      '/generate',
      {
        config: { permission: 'stuWorkFlowPaper:generate' },
        schema: {
          tags,
          summary:
            STREAM +
            'Writes a paper of 3 to 10 questions like a record or on a weak point (JSON from the model, ' +
            'validated, retried once); done: paperId',
          body: GeneratePaperBody,
        },
      },
      async (request, reply) => {
        const run = await service.generate(principalOf(request), request.body, request.locale);
        return sendEvents(reply, run.channel, run.onGone);
      },
    );
    app.post(
      '/submit',
      {
        config: { permission: 'stuWorkFlowPaper:submit' },
        schema: {
          tags,
          summary: 'Grades the answers of an open paper and records each question in the question bank',
          body: SubmitPaperBody,
          response: { 200: Wrapped(PaperOutput) },
        },
      },
      async (request) => ok(await service.submit(principalOf(request), request.body)),
    );
  };

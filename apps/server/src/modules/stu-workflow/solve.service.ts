import type { CheckInput, Locale, SolveInput } from '@lintel/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import { created, iso, updated } from '../../platform/audit/stamps.js';
import type { AppContext } from '../../platform/context.js';
import { newId } from '../../platform/db/ids.js';
import type { AiContentPart } from '../../platform/ai/types.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { formatIso } from '../../platform/http/result.js';
import { t } from '../../platform/i18n/index.js';
import { resolveDataScope } from '../../platform/permission/data-scope.js';
import { beginAiRequest } from '../ai-provider/ai-access.js';
import { orgStamp, promptText } from '../ai-workflow-config/ai-workflow-config.service.js';
import { StuQuestionBankRepo } from '../stu-question-bank/stu-question-bank.repo.js';
import { parseSolveTail, parseVerdict, sameAnswer } from './answer-tail.js';
import { renderPrompt } from './prompts/index.js';
import { openStudyEngine } from './study-engine.js';
import { startRun } from './study-run.js';
import { StuWorkflowRepo } from './stu-workflow.repo.js';
import type { WorkflowRun } from './stu-workflow.table.js';

const outputString = (outputs: Record<string, unknown> | undefined, ...keys: string[]) => {
  for (const key of keys) {
    const value = outputs?.[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
    if (typeof value === 'number') return String(value);
  }
  return null;
};

const outputBoolean = (outputs: Record<string, unknown> | undefined) => {
  for (const key of ['isCorrect', 'correct']) {
    const value = outputs?.[key];
    if (typeof value === 'boolean') return value;
    if (value === 'true' || value === 'false') return value === 'true';
  }
  return null;
};

export const studentNameOf = (principal: Principal) => principal.realName ?? principal.account;

const toRunOutput = (run: WorkflowRun) => ({
  id: run.id,
  kind: run.kind,
  status: run.status as 'running' | 'succeeded' | 'failed',
  content: run.content,
  outputs: run.outputs,
  error: run.error,
  recordId: run.recordId,
  createTime: formatIso(run.createTime),
  finishTime: iso(run.finishTime),
});

/**
 * Problem solving (stuWorkFlow): a question, typed or photographed, is solved step by step and kept
 * as a question-bank record with the model's final answer; the student's own answer is then checked.
 * Each run is stored (ai_workflow_run) so a Dify run that outlives the request can be fetched.
 */
export class SolveService {
  private readonly bank = new StuQuestionBankRepo();
  private readonly runs = new StuWorkflowRepo();

  constructor(private readonly ctx: AppContext) {}

  async solve(principal: Principal, input: SolveInput, locale: Locale) {
    const question = input.question?.trim() ?? '';
    if (!question && !input.image) throw badRequest('aiStudy.solve.empty');
    await beginAiRequest(this.ctx, principal);
    const runId = newId();
    const { engine } = await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const engine = await openStudyEngine(this.ctx, trx, principal, {
        kind: 'solve',
        grade: input.grade,
        subject: input.subject,
        modelId: input.modelId,
        image: !!input.image,
        inputs: { mode: 'solve', grade: input.grade, subject: input.subject, question },
        messages: async () => {
          const system = renderPrompt(await promptText(trx, 'solve'), {
            grade: input.grade,
            subject: input.subject,
          });
          const parts: AiContentPart[] = [];
          if (question) parts.push({ type: 'text', text: question });
          if (input.image) parts.push({ type: 'image', url: input.image });
          return [
            { role: 'system', content: system },
            { role: 'user', content: parts },
          ];
        },
      });
      await this.runs.createRun(trx, {
        id: runId,
        tenantId: principal.tenantId,
        userId: principal.userId,
        kind: 'solve',
        engine: engine.engine,
      });
      return { engine };
    });

    return startRun({
      ctx: this.ctx,
      principal,
      engine,
      locale,
      runId,
      meta: { runId, engine: engine.engine, model: engine.model?.name ?? null },
      onSuccess: async ({ content, outputs }) => {
        const tail = parseSolveTail(content);
        const correctAnswer = outputString(outputs, 'answer', 'correctAnswer') ?? tail.answer;
        const knowledgePoint =
          outputString(outputs, 'knowledgePoint', 'knowledge_point')?.slice(0, 64) ?? tail.knowledgePoint;
        const recordId = newId();
        const text = question || t(locale, 'aiStudy.solve.photographed');
        await this.ctx.db.tenant(principal.tenantId, (trx) =>
          this.bank.insert(trx, {
            id: recordId,
            tenantId: principal.tenantId,
            studentName: studentNameOf(principal),
            grade: input.grade,
            subject: input.subject,
            question: text,
            studentAnswer: null,
            correctAnswer,
            isCorrect: null,
            otherStem: input.image ?? null,
            code: 'solve',
            name: text.replace(/\s+/g, ' ').slice(0, 60),
            description: content,
            knowledgePoint,
            paperId: null,
            ...created(principal),
            ...orgStamp(principal),
          }),
        );
        return { recordId, correctAnswer, knowledgePoint };
      },
    });
  }

  /** The student's own answer to one of their records, judged by the model (or the workflow). */
  async check(principal: Principal, input: CheckInput, locale: Locale) {
    const studentAnswer = input.studentAnswer.trim();
    if (!studentAnswer) throw badRequest('aiStudy.check.empty');
    const record = await this.ctx.db.tenant(principal.tenantId, async (trx) =>
      this.bank.find(trx, await resolveDataScope(trx, principal), input.id),
    );
    // Only the student who asked may answer: a teacher seeing the record must not overwrite it.
    if (!record || record.createUserId !== principal.userId) throw notFound();
    if (!record.correctAnswer) throw badRequest('aiStudy.check.noAnswer');
    await beginAiRequest(this.ctx, principal);
    const runId = newId();
    const values = {
      grade: record.grade ?? '',
      subject: record.subject ?? '',
      question: record.question,
      correctAnswer: record.correctAnswer,
      studentAnswer,
    };
    const engine = await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const engine = await openStudyEngine(this.ctx, trx, principal, {
        kind: 'solve',
        grade: record.grade,
        subject: record.subject,
        inputs: { mode: 'check', ...values },
        messages: async () => [
          { role: 'user', content: renderPrompt(await promptText(trx, 'check'), values) },
        ],
      });
      await this.runs.createRun(trx, {
        id: runId,
        tenantId: principal.tenantId,
        userId: principal.userId,
        kind: 'check',
        engine: engine.engine,
      });
      return engine;
    });

    return startRun({
      ctx: this.ctx,
      principal,
      engine,
      locale,
      runId,
      meta: { runId, recordId: record.id, engine: engine.engine, model: engine.model?.name ?? null },
      onSuccess: async ({ content, outputs }) => {
        // The same answer as recorded is right whatever the model wrote; otherwise its verdict counts.
        const isCorrect = sameAnswer(studentAnswer, record.correctAnswer!)
          ? true
          : (outputBoolean(outputs) ?? parseVerdict(content));
        await this.ctx.db.tenant(principal.tenantId, (trx) =>
          this.bank.update(trx, record.id, { studentAnswer, isCorrect, ...updated(principal) }),
        );
        return { recordId: record.id, isCorrect, correctAnswer: record.correctAnswer };
      },
    });
  }

  result(principal: Principal, id: string) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const run = await this.runs.findRun(trx, principal.userId, id);
      if (!run) throw notFound();
      return toRunOutput(run);
    });
  }
}

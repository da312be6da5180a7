import type { GeneratePaperInput, Locale, SubmitPaperInput } from '@lintel/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import { created, iso } from '../../platform/audit/stamps.js';
import type { AppContext } from '../../platform/context.js';
import { newId } from '../../platform/db/ids.js';
import type { AiEvent, AiMessage } from '../../platform/ai/types.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { formatIso } from '../../platform/http/result.js';
import { t } from '../../platform/i18n/index.js';
import { resolveDataScope } from '../../platform/permission/data-scope.js';
import { beginAiRequest, recordAiUsage } from '../ai-provider/ai-access.js';
import { orgStamp, promptText } from '../ai-workflow-config/ai-workflow-config.service.js';
import { StuQuestionBankRepo } from '../stu-question-bank/stu-question-bank.repo.js';
import { sameAnswer } from './answer-tail.js';
import { EventChannel } from '../../platform/ai/event-channel.js';
import type { StudyStreamEvent } from './study-events.js';
import { parsePaperJson, type GeneratedQuestion } from './paper-json.js';
import { renderPrompt } from './prompts/index.js';
import { studentNameOf } from './solve.service.js';
import { openStudyEngine, type StudyEngine } from './study-engine.js';
import { outputText, streamErrorMessage } from './study-run.js';
import { StuWorkflowRepo } from './stu-workflow.repo.js';
import type { Paper } from './stu-workflow.table.js';

/** A paper as the student sees it: the answers only once it was submitted. */
const toPaperOutput = (paper: Paper) => {
  const submitted = paper.status === 'submitted';
  return {
    id: paper.id,
    title: paper.title,
    grade: paper.grade,
    subject: paper.subject,
    knowledgePoint: paper.knowledgePoint,
    sourceRecordId: paper.sourceRecordId,
    status: paper.status as 'open' | 'submitted',
    questionCount: paper.questions.length,
    correctCount: paper.correctCount,
    questions: paper.questions.map((q) => ({
      question: q.question,
      correctAnswer: submitted ? q.answer : null,
      knowledgePoint: q.knowledgePoint,
      studentAnswer: q.studentAnswer,
      isCorrect: q.isCorrect,
    })),
    createTime: formatIso(paper.createTime),
    submitTime: iso(paper.submitTime),
    createUserName: paper.createUserName,
  };
};

type Attempt = (
  | { ok: true; questions: GeneratedQuestion[] }
  | { ok: false; problem: string; error?: AiEvent & { type: 'error' } }
) & { text?: string };

/**
 * Similar-question practice (stuWorkFlowPaper): from a record (a wrong answer, typically) or a weak
 * point, the workflow or the chat model writes N questions with short answers as JSON; an answer
 * that does not parse is retried once with the problem named, then refused clearly. The student
 * answers; submitting grades by answer equivalence (answer-tail.ts sameAnswer) and records every
 * question in the question bank.
 */
export class PaperService {
  private readonly bank = new StuQuestionBankRepo();
  private readonly repo = new StuWorkflowRepo();

  constructor(private readonly ctx: AppContext) {}

  list(principal: Principal, subject: string | undefined) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) =>
      (await this.repo.papers(trx, principal.userId, subject)).map((paper) => {
        const { questions: _questions, ...rest } = toPaperOutput(paper);
        return rest;
      }),
    );
  }

  detail(principal: Principal, id: string) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const paper = await this.repo.findPaper(trx, principal.userId, id);
      if (!paper) throw notFound();
      return toPaperOutput(paper);
    });
  }

  async generate(principal: Principal, input: GeneratePaperInput, locale: Locale) {
    const source = await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      if (!input.recordId) return null;
      const record = await this.bank.find(trx, await resolveDataScope(trx, principal), input.recordId);
      if (!record) throw notFound();
      return record;
    });
    const knowledgePoint = source?.knowledgePoint ?? input.knowledgePoint ?? null;
    const subject = source?.subject ?? input.subject ?? null;
    const grade = source?.grade ?? input.grade ?? null;
    if (!source && (!knowledgePoint || !subject)) throw badRequest('aiStudy.paper.noSource');
    await beginAiRequest(this.ctx, principal);
    const values = {
      grade: grade ?? '',
      subject: subject ?? '',
      knowledgePoint: knowledgePoint ?? '',
      question: source?.question ?? '',
      count: String(input.count),
    };
    const { engine, messages } = await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const messages: AiMessage[] = [
        { role: 'user', content: renderPrompt(await promptText(trx, 'practise'), values) },
      ];
      const engine = await openStudyEngine(this.ctx, trx, principal, {
        kind: 'practise',
        grade,
        subject,
        modelId: input.modelId,
        inputs: values,
        messages: () => messages,
      });
      return { engine, messages };
    });

    const channel = new EventChannel<StudyStreamEvent>();
    const abort = new AbortController();
    const work = async () => {
      channel.push({ event: 'meta', data: { engine: engine.engine, model: engine.model?.name ?? null } });
      let attempt = await this.attempt(principal, engine, abort.signal, channel, 1, input.count, locale);
      if (!attempt.ok && !attempt.error) {
        // One retry, telling the model what was wrong (a workflow simply runs again).
        messages.push(
          { role: 'assistant', content: attempt.text || '…' },
          {
            role: 'user',
            content: `Your answer could not be used: ${attempt.problem}. Output only the JSON array of ${input.count} items, nothing else.`,
          },
        );
        attempt = await this.attempt(principal, engine, abort.signal, channel, 2, input.count, locale);
      }
      if (!attempt.ok) {
        const code = attempt.error?.code ?? 'upstream';
        const message = attempt.error
          ? streamErrorMessage(locale, attempt.error.code, attempt.error.message)
          : t(locale, 'aiStudy.paper.badJson', { problem: attempt.problem });
        channel.push({ event: 'error', data: { code, message } });
        return;
      }
      const paperId = newId();
      const title = t(locale, 'aiStudy.paper.title', {
        topic: knowledgePoint ?? subject ?? '',
        count: attempt.questions.length,
      }).slice(0, 128);
      await this.ctx.db.tenant(principal.tenantId, (trx) =>
        this.repo.insertPaper(trx, {
          id: paperId,
          tenantId: principal.tenantId,
          title,
          grade,
          subject,
          knowledgePoint,
          sourceRecordId: source?.id ?? null,
          questions: JSON.stringify(
            attempt.questions.map((q) => ({ ...q, studentAnswer: null, isCorrect: null })),
          ),
          correctCount: null,
          ...created(principal),
          ...orgStamp(principal),
        }),
      );
      channel.push({ event: 'done', data: { finishReason: 'stop', paperId } });
    };
    work()
      .catch((error: unknown) => {
        this.ctx.log.error({ err: error }, 'paper generation failed');
        channel.push({
          event: 'error',
          data: { code: 'upstream', message: streamErrorMessage(locale, 'upstream') },
        });
      })
      .finally(() => channel.end());
    return {
      channel,
      onGone: () => {
        channel.detach();
        abort.abort();
      },
    };
  }

  /** One run of the engine; the JSON is collected, only progress and reasoning reach the browser. */
  private async attempt(
    principal: Principal,
    engine: StudyEngine,
    signal: AbortSignal,
    channel: EventChannel<StudyStreamEvent>,
    round: number,
    count: number,
    locale: Locale,
  ): Promise<Attempt> {
    const node = `attempt-${round}`;
    const title = t(locale, 'aiStudy.paper.attempt', { n: round });
    channel.push({ event: 'progress', data: { node, title, status: 'started' } });
    let text = '';
    let outputs: Record<string, unknown> | undefined;
    for await (const event of engine.stream(signal)) {
      if (event.type === 'content') text += event.text;
      else if (event.type === 'reasoning') channel.push({ event: 'reasoning', data: { text: event.text } });
      else if (event.type === 'usage') await recordAiUsage(this.ctx, principal, engine.meter, event);
      else if (event.type === 'error') return { ok: false, problem: event.message, error: event };
      else if (event.type === 'done') outputs = event.outputs;
    }
    channel.push({ event: 'progress', data: { node, title, status: 'finished' } });
    if (!text && outputs) text = outputText(outputs);
    return { ...parsePaperJson(text, count), text };
  }

  async submit(principal: Principal, input: SubmitPaperInput) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const paper = await this.repo.findPaper(trx, principal.userId, input.id);
      if (!paper) throw notFound();
      if (paper.status !== 'open') throw badRequest('aiStudy.paper.submitted');
      if (input.answers.length !== paper.questions.length)
        throw badRequest('aiStudy.paper.answerCount', { count: paper.questions.length });
      const graded = paper.questions.map((q, index) => {
        const studentAnswer = input.answers[index]!.trim();
        return {
          ...q,
          studentAnswer,
          isCorrect: studentAnswer ? sameAnswer(studentAnswer, q.answer) : false,
        };
      });
      const correctCount = graded.filter((q) => q.isCorrect).length;
      if (!(await this.repo.submitPaper(trx, paper.id, graded, correctCount)))
        throw badRequest('aiStudy.paper.submitted');
      await this.bank.insertMany(
        trx,
        graded.map((q) => ({
          id: newId(),
          tenantId: principal.tenantId,
          studentName: studentNameOf(principal),
          grade: paper.grade,
          subject: paper.subject,
          question: q.question,
          studentAnswer: q.studentAnswer || null,
          correctAnswer: q.answer,
          isCorrect: q.isCorrect,
          otherStem: null,
          code: 'paper',
          name: q.question.replace(/\s+/g, ' ').slice(0, 60),
          description: null,
          knowledgePoint: q.knowledgePoint ?? paper.knowledgePoint,
          paperId: paper.id,
          ...created(principal),
          ...orgStamp(principal),
        })),
      );
      return toPaperOutput({
        ...paper,
        questions: graded,
        status: 'submitted',
        correctCount,
        submitTime: new Date(),
      });
    });
  }
}

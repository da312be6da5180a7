import type { Locale, StatsInput } from '@lintel/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import { newId } from '../../platform/db/ids.js';
import { resolveDataScope } from '../../platform/permission/data-scope.js';
import { beginAiRequest } from '../ai-provider/ai-access.js';
import { promptText } from '../ai-workflow-config/ai-workflow-config.service.js';
import { StuQuestionBankRepo } from '../stu-question-bank/stu-question-bank.repo.js';
import { renderPrompt } from './prompts/index.js';
import { studyStats } from './study-stats.js';
import { openStudyEngine } from './study-engine.js';
import { startRun } from './study-run.js';
import { StuWorkflowRepo } from './stu-workflow.repo.js';

/**
 * Learning analysis (stuWorkFlowReport): statistics of one student's question bank (the caller's own,
 * or a student within the caller's data scope: outside it the records are simply not seen) and a
 * written analysis of them streamed from the workflow or the chat model.
 */
export class ReportService {
  private readonly bank = new StuQuestionBankRepo();

  constructor(private readonly ctx: AppContext) {}

  stats(principal: Principal, filter: StatsInput) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const scope = await resolveDataScope(trx, principal);
      return studyStats(await this.bank.statsRows(trx, scope, filter.userId ?? principal.userId, filter));
    });
  }

  async analyse(principal: Principal, filter: StatsInput, locale: Locale) {
    const { stats, studentName } = await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const scope = await resolveDataScope(trx, principal);
      const userId = filter.userId ?? principal.userId;
      const student = await this.bank.student(trx, scope, userId);
      return {
        stats: studyStats(await this.bank.statsRows(trx, scope, userId, filter)),
        studentName: student?.realName ?? student?.account ?? principal.realName ?? principal.account,
      };
    });
    await beginAiRequest(this.ctx, principal);
    const scopeText =
      [filter.grade, filter.subject, filter.knowledgePoint].filter(Boolean).join(' / ') || '*';
    const values = { studentName, scope: scopeText, stats: JSON.stringify(stats), language: locale };
    const runId = newId();
    const engine = await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const engine = await openStudyEngine(this.ctx, trx, principal, {
        kind: 'analyse',
        grade: filter.grade ?? null,
        subject: filter.subject ?? null,
        inputs: {
          studentName,
          grade: filter.grade ?? '',
          subject: filter.subject ?? '',
          knowledgePoint: filter.knowledgePoint ?? '',
          stats: values.stats,
          language: locale,
        },
        messages: async () => [
          { role: 'user', content: renderPrompt(await promptText(trx, 'analyse'), values) },
        ],
      });
      await new StuWorkflowRepo().createRun(trx, {
        id: runId,
        tenantId: principal.tenantId,
        userId: principal.userId,
        kind: 'analyse',
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
      meta: { runId, engine: engine.engine, model: engine.model?.name ?? null },
      onSuccess: async () => ({}),
    });
  }
}

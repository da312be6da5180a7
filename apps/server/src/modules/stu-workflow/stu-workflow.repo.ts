import type { Insertable } from 'kysely';
import type { Trx } from '../../platform/db/database.js';
import type {
  AiWorkflowRunTable,
  Paper,
  StoredPaperQuestion,
  StuPaperTable,
  WorkflowRun,
} from './stu-workflow.table.js';

/** Runs (ai_workflow_run) and practice papers (stu_paper). */
export class StuWorkflowRepo {
  async createRun(trx: Trx, row: Insertable<AiWorkflowRunTable>): Promise<void> {
    await trx.insertInto('aiWorkflowRun').values(row).execute();
  }

  async finishRun(
    trx: Trx,
    id: string,
    patch: {
      status: 'succeeded' | 'failed';
      content?: string;
      outputs?: Record<string, unknown> | null;
      error?: string | null;
      recordId?: string;
    },
  ): Promise<void> {
    await trx
      .updateTable('aiWorkflowRun')
      .set({
        status: patch.status,
        ...(patch.content !== undefined ? { content: patch.content } : {}),
        ...(patch.outputs !== undefined
          ? { outputs: patch.outputs ? JSON.stringify(patch.outputs) : null }
          : {}),
        ...(patch.error !== undefined ? { error: patch.error } : {}),
        ...(patch.recordId ? { recordId: patch.recordId } : {}),
        finishTime: new Date(),
      })
      .where('id', '=', id)
      .execute();
  }

  /** The caller's own run. */
  findRun(trx: Trx, userId: string, id: string): Promise<WorkflowRun | undefined> {
    return trx
      .selectFrom('aiWorkflowRun')
      .selectAll()
      .where('id', '=', id)
      .where('userId', '=', userId)
      .executeTakeFirst();
  }

  async insertPaper(trx: Trx, row: Insertable<StuPaperTable>): Promise<void> {
    await trx.insertInto('stuPaper').values(row).execute();
  }

  /** The caller's own papers, newest first. */
  papers(trx: Trx, userId: string, subject: string | undefined) {
    let query = trx.selectFrom('stuPaper').selectAll().where('createUserId', '=', userId);
    if (subject) query = query.where('subject', '=', subject);
    return query.orderBy('createTime', 'desc').orderBy('id', 'desc').limit(200).execute();
  }

  findPaper(trx: Trx, userId: string, id: string): Promise<Paper | undefined> {
    return trx
      .selectFrom('stuPaper')
      .selectAll()
      .where('id', '=', id)
      .where('createUserId', '=', userId)
      .executeTakeFirst();
  }

  /** Grades an open paper; false when it was submitted meanwhile. */
  async submitPaper(trx: Trx, id: string, questions: StoredPaperQuestion[], correctCount: number) {
    const result = await trx
      .updateTable('stuPaper')
      .set({
        status: 'submitted',
        questions: JSON.stringify(questions),
        correctCount,
        submitTime: new Date(),
      })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}

import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Audit, Id, NullableTimestamp } from '../../platform/db/tables/column-types.js';
import type { OrgStamp } from '../ai-workflow-config/ai-workflow-config.table.js';

/** JSON column: read as a value, written as its JSON text. */
type Json<T> = ColumnType<T, string, string>;

/** One question of a paper as stored (the answer stays on the server until the paper is submitted). */
export interface StoredPaperQuestion {
  question: string;
  answer: string;
  knowledgePoint: string | null;
  studentAnswer: string | null;
  isCorrect: boolean | null;
}

/** A generated paper of similar questions (0019_study_workflows), a tenant table. */
export interface StuPaperTable extends Audit, OrgStamp {
  id: Id;
  tenantId: Id;
  title: string;
  grade: string | null;
  subject: string | null;
  knowledgePoint: string | null;
  sourceRecordId: Id | null;
  status: Generated<string>;
  questions: Json<StoredPaperQuestion[]>;
  correctCount: number | null;
  submitTime: NullableTimestamp;
}
export type Paper = Selectable<StuPaperTable>;

/** A solve or check run, stored so a long Dify run finishes after the browser went away. */
export interface AiWorkflowRunTable {
  id: Id;
  tenantId: Id;
  userId: Id;
  kind: string;
  engine: string;
  status: Generated<string>;
  content: Generated<string>;
  outputs: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  error: string | null;
  recordId: Id | null;
  createTime: Generated<Date>;
  finishTime: NullableTimestamp;
}
export type WorkflowRun = Selectable<AiWorkflowRunTable>;

declare module '../../platform/db/schema.js' {
  interface ModuleTables {
    stuPaper: StuPaperTable;
    aiWorkflowRun: AiWorkflowRunTable;
  }
}

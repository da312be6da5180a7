import type { Generated, Selectable } from 'kysely';
import type { Audit, Id } from '../../platform/db/tables/column-types.js';
import type { OrgStamp } from '../ai-workflow-config/ai-workflow-config.table.js';

/** One attempt at a question (SPEC "Question bank record"; 0019_study_workflows), soft-deleted. */
export interface StuQuestionBankTable extends Audit, OrgStamp {
  id: Id;
  tenantId: Id;
  studentName: string | null;
  grade: string | null;
  subject: string | null;
  question: string;
  studentAnswer: string | null;
  correctAnswer: string | null;
  isCorrect: boolean | null;
  /** The question's image (a data URL) when it was photographed. */
  otherStem: string | null;
  /** Where the record came from: solve or paper. */
  code: string | null;
  /** A short title of the question. */
  name: string | null;
  /** The worked solution the model wrote. */
  description: string | null;
  knowledgePoint: string | null;
  paperId: Id | null;
  isDelete: Generated<boolean>;
}
export type QuestionRecord = Selectable<StuQuestionBankTable>;

declare module '../../platform/db/schema.js' {
  interface ModuleTables {
    stuQuestionBank: StuQuestionBankTable;
  }
}

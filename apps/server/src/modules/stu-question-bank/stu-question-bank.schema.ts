/** The wire of stuQuestionBank and stuInfo lives in @lintel/contracts (wire/ai-study.ts). */
export {
  PageQuestionBankBody,
  PageStuInfoBody,
  QuestionBankExportBody,
  QuestionBankOutput,
  StuInfoDetailOutput,
  StuInfoExportBody,
  StuInfoOutput,
  type QuestionBankExportInput,
  type QuestionBankFilter,
  type StatsInput,
  type StuInfoExportInput,
  type StuInfoFilter,
} from '@lintel/contracts/wire';

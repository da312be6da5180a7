/** The wire of the study workflows lives in @lintel/contracts (wire/ai-study.ts). */
export {
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
} from '@lintel/contracts/wire';

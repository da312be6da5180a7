import type {
  AiChatModel,
  CheckInput,
  GeneratePaperInput,
  PageResult,
  PaperListRow,
  PaperRow,
  PromptKind,
  PromptTemplateRow,
  QuestionBankFilter,
  QuestionBankRow,
  SolveInput,
  StatsInput,
  StudyStats,
  StuInfoDetail,
  StuInfoFilter,
  StuInfoRow,
  SubmitPaperInput,
  WorkflowRunRow,
  WorkFlowConfigFilter,
  WorkFlowConfigInput,
  WorkFlowConfigRow,
  WorkFlowConfigUpdate,
} from '@lintel/contracts';
import { request } from '../../../shared/api/client';

type Paged<F> = F & { page: number; pageSize: number };

/** The study assistant's calls (stuWorkFlow*, stuQuestionBank, stuInfo, aiWorkFlowConfig). */
export const studyKeys = {
  models: ['aiChat', 'models'] as const,
  bank: ['stuQuestionBank'] as const,
  students: ['stuInfo'] as const,
  student: (id: string) => ['stuInfo', 'detail', id] as const,
  stats: (filter: StatsInput) => ['stuWorkFlowReport', 'stats', filter] as const,
  papers: ['stuWorkFlowPaper', 'list'] as const,
  paper: (id: string) => ['stuWorkFlowPaper', 'detail', id] as const,
  configs: ['aiWorkFlowConfig'] as const,
  prompts: ['aiWorkFlowConfig', 'prompts'] as const,
};

/** The streamed endpoints, posted to with shared/ai/sse-stream. */
export const STREAMS = {
  solve: '/api/stuWorkFlow/solve',
  check: '/api/stuWorkFlow/check',
  analyse: '/api/stuWorkFlowReport/analyse',
  generate: '/api/stuWorkFlowPaper/generate',
} as const;
export type SolveBody = SolveInput;
export type CheckBody = CheckInput;
export type GenerateBody = GeneratePaperInput;

/** The tenant's chat models (empty: none configured); the solve page's model choice and hint. */
export const fetchModels = () => request<AiChatModel[]>('/api/aiChat/models', { customCatch: true });
export const runResult = (id: string) =>
  request<WorkflowRunRow>('/api/stuWorkFlow/result', { query: { id } });

export const fetchStats = (filter: StatsInput) =>
  request<StudyStats>('/api/stuWorkFlowReport/stats', { method: 'POST', body: filter });

export const listPapers = () => request<PaperListRow[]>('/api/stuWorkFlowPaper/list');
export const paperDetail = (id: string) =>
  request<PaperRow>('/api/stuWorkFlowPaper/detail', { query: { id } });
export const submitPaper = (body: SubmitPaperInput) =>
  request<PaperRow>('/api/stuWorkFlowPaper/submit', { method: 'POST', body });

export const pageQuestions = (filter: Paged<QuestionBankFilter>) =>
  request<PageResult<QuestionBankRow>>('/api/stuQuestionBank/page', { method: 'POST', body: filter });
export const questionDetail = (id: string) =>
  request<QuestionBankRow>('/api/stuQuestionBank/detail', { query: { id } });
export const deleteQuestion = (id: string) =>
  request<null>('/api/stuQuestionBank/delete', { method: 'POST', body: { id } });

export const pageStudents = (filter: Paged<StuInfoFilter>) =>
  request<PageResult<StuInfoRow>>('/api/stuInfo/page', { method: 'POST', body: filter });
export const studentDetail = (id: string) => request<StuInfoDetail>('/api/stuInfo/detail', { query: { id } });

export const pageConfigs = (filter: Paged<WorkFlowConfigFilter>) =>
  request<PageResult<WorkFlowConfigRow>>('/api/aiWorkFlowConfig/page', { method: 'POST', body: filter });
export const addConfig = (body: WorkFlowConfigInput) =>
  request<string>('/api/aiWorkFlowConfig/add', { method: 'POST', body });
export const updateConfig = (body: WorkFlowConfigUpdate) =>
  request<null>('/api/aiWorkFlowConfig/update', { method: 'POST', body });
export const deleteConfig = (id: string) =>
  request<null>('/api/aiWorkFlowConfig/delete', { method: 'POST', body: { id } });
export const fetchPrompts = () => request<PromptTemplateRow[]>('/api/aiWorkFlowConfig/prompts');
export const setPrompt = (kind: PromptKind, template: string | null) =>
  request<null>('/api/aiWorkFlowConfig/setPrompt', { method: 'POST', body: { kind, template } });

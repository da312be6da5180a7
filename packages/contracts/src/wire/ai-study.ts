import { Type, type Static } from 'typebox';
import { Id, Nullable } from './common.js';
import { ExportFields } from './export.js';
import { PageInputFields } from './paging.js';

/**
 * The AI study assistant (issue 12): workflow configuration (aiWorkFlowConfig), problem solving
 * (stuWorkFlow), learning analysis (stuWorkFlowReport), similar-question practice (stuWorkFlowPaper),
 * the question bank (stuQuestionBank) and the student directory (stuInfo). Field names follow the
 * SPEC §3 "Question bank record" and "Workflow config" (studentName, isCorrect, otherStem, workFlowId,
 * orderType, baseUrl, ...). The streamed endpoints answer `text/event-stream` with the event names of
 * the browser stream protocol (meta, reasoning, content, progress, usage, done, error).
 */

const NullableString = Nullable(Type.String());
const Time = Type.String({ format: 'date-time', description: 'ISO 8601 time' });
const Grade = Type.String({ minLength: 1, maxLength: 32, description: 'Grade, e.g. 初二 or Grade 8' });
const Subject = Type.String({ minLength: 1, maxLength: 32, description: 'Subject, e.g. 数学' });

/** The three study features a workflow config or a prompt template serves (the SPEC's "order type"). */
export const StudyKindValue = Type.Union(
  [Type.Literal('solve'), Type.Literal('analyse'), Type.Literal('practise')],
  {
    description:
      'solve: problem solving and checking; analyse: learning analysis; practise: similar questions',
  },
);
export type StudyKind = Static<typeof StudyKindValue>;

/** The prompt templates: the three kinds, and `check` (a student's answer judged) beside solve. */
export const PromptKindValue = Type.Union([
  Type.Literal('solve'),
  Type.Literal('check'),
  Type.Literal('analyse'),
  Type.Literal('practise'),
]);
export type PromptKind = Static<typeof PromptKindValue>;

// ---------------------------------------------------------------- workflow config

const ConfigFields = {
  /** Empty: any grade (a fallback row). */
  grade: Type.Optional(Nullable(Type.String({ maxLength: 32 }))),
  /** Empty: any subject (a fallback row). */
  subject: Type.Optional(Nullable(Type.String({ maxLength: 32 }))),
  orderType: StudyKindValue,
  baseUrl: Type.String({
    minLength: 8,
    maxLength: 512,
    description: 'Dify API base, e.g. https://api.dify.ai/v1',
  }),
  /** A published workflow version (`/workflows/{id}/run`); empty runs the app's current version. */
  workFlowId: Type.Optional(Nullable(Type.String({ maxLength: 128, pattern: '^[A-Za-z0-9_-]*$' }))),
  name: Type.String({ minLength: 1, maxLength: 64 }),
  description: Type.Optional(Nullable(Type.String({ maxLength: 512 }))),
  orderNo: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
};

export const AddWorkFlowConfigBody = Type.Object(
  {
    ...ConfigFields,
    /** The Dify app API key: sealed at rest, never answered. */
    code: Type.String({ minLength: 1, maxLength: 512 }),
  },
  { additionalProperties: false },
);
export const UpdateWorkFlowConfigBody = Type.Object(
  {
    id: Id,
    ...ConfigFields,
    /** Empty or absent keeps the stored key. */
    code: Type.Optional(Type.String({ maxLength: 512 })),
  },
  { additionalProperties: false },
);
export type WorkFlowConfigInput = Static<typeof AddWorkFlowConfigBody>;
export type WorkFlowConfigUpdate = Static<typeof UpdateWorkFlowConfigBody>;

export const PageWorkFlowConfigBody = Type.Object(
  {
    ...PageInputFields,
    name: Type.Optional(Type.String({ maxLength: 64 })),
    grade: Type.Optional(Type.String({ maxLength: 32 })),
    subject: Type.Optional(Type.String({ maxLength: 32 })),
    orderType: Type.Optional(StudyKindValue),
  },
  { additionalProperties: false },
);
export type WorkFlowConfigFilter = Static<typeof PageWorkFlowConfigBody>;

export const WorkFlowConfigOutput = Type.Object({
  id: Id,
  grade: NullableString,
  subject: NullableString,
  orderType: Type.String(),
  baseUrl: Type.String(),
  workFlowId: NullableString,
  /** Always true: a row cannot be saved without a key, and the key itself is never answered. */
  hasCode: Type.Boolean(),
  name: Type.String(),
  description: NullableString,
  orderNo: Type.Integer(),
  createTime: Type.String(),
  createUserId: Nullable(Id),
  createUserName: NullableString,
  createOrgId: Nullable(Id),
  createOrgName: NullableString,
  updateTime: NullableString,
  updateUserId: Nullable(Id),
  updateUserName: NullableString,
});
export type WorkFlowConfigRow = Static<typeof WorkFlowConfigOutput>;

/** A prompt template of one kind: the repository's default and the tenant's override, if any. */
export const PromptTemplateOutput = Type.Object({
  kind: PromptKindValue,
  /** Version of the repository template (raised whenever its text changes). */
  version: Type.Integer(),
  /** Placeholders the template may use, `{{name}}`; `required` ones must appear. */
  placeholders: Type.Array(Type.Object({ name: Type.String(), required: Type.Boolean() })),
  defaultTemplate: Type.String(),
  /** The tenant's own text, or null when the default applies. */
  override: NullableString,
  /** The repository version the override was written against (older: the default changed since). */
  overrideVersion: Nullable(Type.Integer()),
  updateTime: NullableString,
  updateUserName: NullableString,
});
export type PromptTemplateRow = Static<typeof PromptTemplateOutput>;

export const SetPromptBody = Type.Object(
  {
    kind: PromptKindValue,
    /** Null or empty: back to the repository default. */
    template: Type.Optional(Nullable(Type.String({ maxLength: 20_000 }))),
  },
  { additionalProperties: false },
);
export type SetPromptInput = Static<typeof SetPromptBody>;

// ---------------------------------------------------------------- problem solving

/** An image as a data URL (PNG, JPEG, WebP, GIF), for a vision model. */
const ImageDataUrl = Type.String({
  maxLength: 9_000_000,
  pattern: '^data:image/(png|jpeg|webp|gif);base64,[A-Za-z0-9+/=]+$',
  description: 'data:image/...;base64,... (at most about 6.5 MB of image)',
});

export const SolveBody = Type.Object(
  {
    question: Type.Optional(Type.String({ maxLength: 8000 })),
    image: Type.Optional(ImageDataUrl),
    grade: Grade,
    subject: Subject,
    /** A chat model of the tenant (our row id); absent: the tenant's default. */
    modelId: Type.Optional(Nullable(Id)),
  },
  { additionalProperties: false },
);
export type SolveInput = Static<typeof SolveBody>;

export const CheckBody = Type.Object(
  {
    id: Id,
    studentAnswer: Type.String({ minLength: 1, maxLength: 4000 }),
  },
  { additionalProperties: false },
);
export type CheckInput = Static<typeof CheckBody>;

export const RunResultQuery = Type.Object({ id: Id }, { additionalProperties: false });

/** A stored run (SPEC "async workflow result"): a Dify run continues after the browser goes away. */
export const WorkflowRunOutput = Type.Object({
  id: Id,
  kind: Type.String(),
  status: Type.Union([Type.Literal('running'), Type.Literal('succeeded'), Type.Literal('failed')]),
  /** The streamed answer text, as far as it got. */
  content: Type.String(),
  outputs: Nullable(Type.Record(Type.String(), Type.Unknown())),
  error: NullableString,
  /** The question-bank record the run produced, once stored. */
  recordId: Nullable(Id),
  createTime: Type.String(),
  finishTime: NullableString,
});
export type WorkflowRunRow = Static<typeof WorkflowRunOutput>;

/** The `meta` event of a solve or check stream. */
export interface StudyStreamMeta {
  runId: string;
  recordId?: string | null;
  /** 'dify' when a workflow config ran it, 'model' when the tenant's chat model did. */
  engine: 'dify' | 'model';
  model?: string | null;
}
/** The `done` event of study streams (besides finishReason). */
export interface StudyStreamDone {
  finishReason: string;
  recordId?: string | null;
  correctAnswer?: string | null;
  knowledgePoint?: string | null;
  isCorrect?: boolean | null;
  paperId?: string | null;
}

// ---------------------------------------------------------------- question bank

export const QuestionBankOutput = Type.Object({
  id: Id,
  studentName: NullableString,
  grade: NullableString,
  subject: NullableString,
  question: Type.String(),
  studentAnswer: NullableString,
  correctAnswer: NullableString,
  /** null until the student's answer was checked. */
  isCorrect: Nullable(Type.Boolean()),
  /** The question's image (data URL) or other stem material. */
  otherStem: NullableString,
  /** Where the record came from: solve (problem solving) or paper (similar-question practice). */
  code: NullableString,
  /** A short title of the question. */
  name: NullableString,
  /** The worked solution the model wrote. */
  description: NullableString,
  knowledgePoint: NullableString,
  paperId: Nullable(Id),
  createTime: Type.String(),
  createUserId: Nullable(Id),
  createUserName: NullableString,
  createOrgId: Nullable(Id),
  createOrgName: NullableString,
  updateTime: NullableString,
  updateUserId: Nullable(Id),
  updateUserName: NullableString,
});
export type QuestionBankRow = Static<typeof QuestionBankOutput>;

const QuestionBankFilterFields = {
  studentName: Type.Optional(Type.String({ maxLength: 64 })),
  grade: Type.Optional(Type.String({ maxLength: 32 })),
  subject: Type.Optional(Type.String({ maxLength: 32 })),
  knowledgePoint: Type.Optional(Type.String({ maxLength: 64 })),
  question: Type.Optional(Type.String({ maxLength: 200 })),
  /** 'true' / 'false' / 'null' (not checked). */
  isCorrect: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false'), Type.Literal('null')])),
  /** One student's records (an account id). */
  userId: Type.Optional(Id),
  startTime: Type.Optional(Time),
  endTime: Type.Optional(Time),
};

export const PageQuestionBankBody = Type.Object(
  { ...PageInputFields, ...QuestionBankFilterFields },
  { additionalProperties: false },
);
export type QuestionBankFilter = Static<typeof PageQuestionBankBody>;
export const QuestionBankExportBody = Type.Object(
  { ...PageInputFields, ...QuestionBankFilterFields, ...ExportFields },
  { additionalProperties: false },
);
export type QuestionBankExportInput = Static<typeof QuestionBankExportBody>;

// ---------------------------------------------------------------- student information

export const StuInfoOutput = Type.Object({
  id: Id,
  account: Type.String(),
  realName: NullableString,
  orgId: Nullable(Id),
  orgName: NullableString,
  accountType: Type.Integer(),
  total: Type.Integer(),
  checked: Type.Integer(),
  correct: Type.Integer(),
  /** correct / checked, 0..1; null before any checked answer. */
  accuracy: Nullable(Type.Number()),
  lastActivity: NullableString,
});
export type StuInfoRow = Static<typeof StuInfoOutput>;

const StuInfoFilterFields = {
  account: Type.Optional(Type.String({ maxLength: 64 })),
  realName: Type.Optional(Type.String({ maxLength: 64 })),
  orgId: Type.Optional(Id),
};
export const PageStuInfoBody = Type.Object(
  { ...PageInputFields, ...StuInfoFilterFields },
  { additionalProperties: false },
);
export type StuInfoFilter = Static<typeof PageStuInfoBody>;
export const StuInfoExportBody = Type.Object(
  { ...PageInputFields, ...StuInfoFilterFields, ...ExportFields },
  { additionalProperties: false },
);
export type StuInfoExportInput = Static<typeof StuInfoExportBody>;
export const StuInfoDetailOutput = Type.Object({
  student: StuInfoOutput,
  /** Per subject, within the caller's data scope. */
  subjects: Type.Array(
    Type.Object({
      subject: Type.String(),
      total: Type.Integer(),
      checked: Type.Integer(),
      correct: Type.Integer(),
    }),
  ),
  recent: Type.Array(QuestionBankOutput),
});
export type StuInfoDetail = Static<typeof StuInfoDetailOutput>;

// ---------------------------------------------------------------- learning analysis

export const StatsBody = Type.Object(
  {
    subject: Type.Optional(Type.String({ maxLength: 32 })),
    grade: Type.Optional(Type.String({ maxLength: 32 })),
    knowledgePoint: Type.Optional(Type.String({ maxLength: 64 })),
    /** A student within the caller's data scope; absent: the caller's own records. */
    userId: Type.Optional(Id),
    startTime: Type.Optional(Time),
    endTime: Type.Optional(Time),
  },
  { additionalProperties: false },
);
export type StatsInput = Static<typeof StatsBody>;

const Tally = {
  total: Type.Integer(),
  checked: Type.Integer(),
  correct: Type.Integer(),
  accuracy: Nullable(Type.Number()),
};
export const StatsOutput = Type.Object({
  ...Tally,
  bySubject: Type.Array(Type.Object({ subject: Type.String(), ...Tally })),
  byKnowledgePoint: Type.Array(
    Type.Object({ knowledgePoint: Type.String(), subject: Type.String(), ...Tally }),
  ),
  /** Knowledge points with at least one wrong answer, weakest first (at most 10). */
  weakPoints: Type.Array(
    Type.Object({ knowledgePoint: Type.String(), subject: Type.String(), wrong: Type.Integer(), ...Tally }),
  ),
  /** Per ISO week (Monday, YYYY-MM-DD), oldest first. */
  trend: Type.Array(Type.Object({ week: Type.String(), ...Tally })),
});
export type StudyStats = Static<typeof StatsOutput>;

export const AnalyseBody = StatsBody;

// ---------------------------------------------------------------- similar-question practice

export const GeneratePaperBody = Type.Object(
  {
    /** A wrong (or any) question-bank record to practise on... */
    recordId: Type.Optional(Id),
    /** ...or a weak point with its subject and grade. */
    knowledgePoint: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    subject: Type.Optional(Subject),
    grade: Type.Optional(Grade),
    count: Type.Integer({ minimum: 3, maximum: 10 }),
    modelId: Type.Optional(Nullable(Id)),
  },
  { additionalProperties: false },
);
export type GeneratePaperInput = Static<typeof GeneratePaperBody>;

export const PaperQuestion = Type.Object({
  question: Type.String(),
  /** Answered only after the paper was submitted. */
  correctAnswer: NullableString,
  knowledgePoint: NullableString,
  studentAnswer: NullableString,
  isCorrect: Nullable(Type.Boolean()),
});
export const PaperOutput = Type.Object({
  id: Id,
  title: Type.String(),
  grade: NullableString,
  subject: NullableString,
  knowledgePoint: NullableString,
  sourceRecordId: Nullable(Id),
  status: Type.Union([Type.Literal('open'), Type.Literal('submitted')]),
  questionCount: Type.Integer(),
  correctCount: Nullable(Type.Integer()),
  questions: Type.Array(PaperQuestion),
  createTime: Type.String(),
  submitTime: NullableString,
  createUserName: NullableString,
});
export type PaperRow = Static<typeof PaperOutput>;
export const PaperListItem = Type.Omit(PaperOutput, ['questions']);
export type PaperListRow = Static<typeof PaperListItem>;

export const PaperListQuery = Type.Object(
  { subject: Type.Optional(Type.String({ maxLength: 32 })) },
  { additionalProperties: false },
);
export const PaperDetailQuery = Type.Object({ id: Id }, { additionalProperties: false });
export const SubmitPaperBody = Type.Object(
  {
    id: Id,
    answers: Type.Array(Type.String({ maxLength: 2000 }), { minItems: 1, maxItems: 10 }),
  },
  { additionalProperties: false },
);
export type SubmitPaperInput = Static<typeof SubmitPaperBody>;

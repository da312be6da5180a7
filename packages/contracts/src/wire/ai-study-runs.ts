import { Type, type Static } from 'typebox';
import { Id, Nullable } from './common.js';

import { Grade, NullableString, Subject, Time } from './ai-study-fields.js';

/** The study features' requests and answers: solving and checking, stored runs, learning analysis, practice papers. */

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

import { Type, type Static } from 'typebox';
import { Id, Nullable } from './common.js';
import { NullableString } from './ai-study-fields.js';

import { PageInputFields } from './paging.js';

/**
 * The AI study assistant (issue 12): workflow configuration (aiWorkFlowConfig), problem solving
 * (stuWorkFlow), learning analysis (stuWorkFlowReport), similar-question practice (stuWorkFlowPaper),
 * the question bank (stuQuestionBank) and the student directory (stuInfo). Field names follow the
 * SPEC §3 "Question bank record" and "Workflow config" (studentName, isCorrect, otherStem, workFlowId,
 * orderType, baseUrl, ...). The streamed endpoints answer `text/event-stream` with the event names of
 * the browser stream protocol (meta, reasoning, content, progress, usage, done, error).
 */

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

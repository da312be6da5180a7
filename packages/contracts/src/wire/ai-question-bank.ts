import { Type, type Static } from 'typebox';
import { Id, Nullable } from './common.js';
import { ExportFields } from './export.js';
import { PageInputFields } from './paging.js';
import { NullableString, Time } from './ai-study-fields.js';

/** The question bank and student information lists (SPEC §3 "Question bank record"), under the data scope. */

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

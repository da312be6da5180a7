import { Type, type Static } from 'typebox';
import { Id, IdInput, Nullable, StatusValue } from './common.js';
import { ExportFields } from './export.js';
import { PageInputFields } from './paging.js';

/**
 * Forms of the form designer (sysForm) and their submissions (sysFormData): the request and row
 * schemas of apps/server modules/sys-form. A form holds a draft (JSON Schema draft 7 + rjsf uiSchema)
 * that the designer edits; publishing writes the next immutable version, and submissions are
 * validated against, and keep, the version they were made with.
 */

const Time = Type.String({ format: 'date-time', description: 'ISO 8601 time' });

/**
 * A form field's name: a JSON property and an export column key (wire/export.ts), so letters and
 * digits only, starting with a letter.
 */
export const FORM_FIELD_NAME = '^[A-Za-z][A-Za-z0-9]{0,63}$';

/** A JSON object the server checks in depth (form-schema.ts): the schema, uiSchema or submitted data. */
const JsonObject = (description: string) =>
  Type.Object({}, { additionalProperties: true, description, maxProperties: 500 });

const FormFields = {
  name: Type.String({ minLength: 1, maxLength: 64, description: 'Name' }),
  code: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_-]{0,63}$', description: 'Code, unique in the tenant' }),
  title: Type.Optional(Nullable(Type.String({ maxLength: 128, description: 'Title shown above the form' }))),
  description: Type.Optional(Nullable(Type.String({ maxLength: 512 }))),
  status: Type.Optional(StatusValue),
  /** The draft: a JSON Schema (draft 7) object whose properties are the fields. */
  schema: Type.Optional(JsonObject('Draft JSON Schema (draft 7)')),
  /** The draft's rjsf uiSchema: widgets, order, `ui:options.span` (grid width of 24). */
  uiSchema: Type.Optional(JsonObject('Draft rjsf uiSchema')),
};

export const AddFormBody = Type.Object(FormFields, { additionalProperties: false });
export const UpdateFormBody = Type.Object({ id: Id, ...FormFields }, { additionalProperties: false });
export type FormInput = Static<typeof AddFormBody>;
export type FormUpdate = Static<typeof UpdateFormBody>;

export const PageFormBody = Type.Object(
  {
    ...PageInputFields,
    name: Type.Optional(Type.String({ maxLength: 64 })),
    code: Type.Optional(Type.String({ maxLength: 64 })),
    status: Type.Optional(StatusValue),
  },
  { additionalProperties: false },
);
export type FormFilter = Static<typeof PageFormBody>;

export const FormIdInput = IdInput;
export const FormDetailQuery = Type.Object({ id: Id }, { additionalProperties: false });

const FreeJson = Type.Unknown({ description: 'JSON object' });

export const FormOutput = Type.Object({
  id: Id,
  name: Type.String(),
  code: Type.String(),
  title: Nullable(Type.String()),
  description: Nullable(Type.String()),
  status: Type.Integer(),
  schema: FreeJson,
  uiSchema: FreeJson,
  /** The latest published version; 0 while never published. */
  publishedVersion: Type.Integer(),
  publishedTime: Nullable(Type.String()),
  /** Whether the draft differs from the latest published version. */
  draftChanged: Type.Boolean(),
  submissionCount: Type.Integer(),
  createUserName: Nullable(Type.String()),
  createTime: Type.String(),
  updateTime: Nullable(Type.String()),
});
export type FormRow = Static<typeof FormOutput>;

export const FormVersionsQuery = Type.Object(
  {
    formId: Id,
    /** One version, with its schema; absent: every version, newest first, without schemas. */
    version: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);
export type FormVersionsFilter = Static<typeof FormVersionsQuery>;

export const FormVersionOutput = Type.Object({
  id: Id,
  formId: Id,
  version: Type.Integer(),
  schema: Type.Optional(FreeJson),
  uiSchema: Type.Optional(FreeJson),
  createUserName: Nullable(Type.String()),
  createTime: Type.String(),
});
export type FormVersionRow = Static<typeof FormVersionOutput>;

export const PublishFormOutput = Type.Object({ version: Type.Integer() });

/** Submissions of one form, in the caller's data scope (by the submitter's organisation). */
const FormDataFilterFields = {
  formId: Id,
  version: Type.Optional(Type.Integer({ minimum: 1 })),
  submitUserName: Type.Optional(Type.String({ maxLength: 64 })),
  startTime: Type.Optional(Time),
  endTime: Type.Optional(Time),
};
export const PageFormDataBody = Type.Object(
  { ...PageInputFields, ...FormDataFilterFields },
  { additionalProperties: false },
);
export type FormDataFilter = Static<typeof PageFormDataBody>;

export const FormDataExportBody = Type.Object(
  { ...PageInputFields, ...FormDataFilterFields, ...ExportFields },
  { additionalProperties: false },
);
export type FormDataExportInput = Static<typeof FormDataExportBody>;

export const SubmitFormDataBody = Type.Object(
  {
    formId: Id,
    /** The version the client rendered; a newer published version refuses the submission (409). */
    version: Type.Optional(Type.Integer({ minimum: 1 })),
    data: JsonObject('The answers, by field name'),
  },
  { additionalProperties: false },
);
export type FormSubmission = Static<typeof SubmitFormDataBody>;

export const FormDataIdInput = IdInput;
export const FormDataDetailQuery = Type.Object({ id: Id }, { additionalProperties: false });

export const FormDataOutput = Type.Object({
  id: Id,
  formId: Id,
  version: Type.Integer(),
  data: FreeJson,
  submitUserId: Nullable(Id),
  submitUserName: Nullable(Type.String()),
  submitOrgId: Nullable(Id),
  submitOrgName: Nullable(Type.String()),
  createTime: Type.String(),
});
export type FormDataRow = Static<typeof FormDataOutput>;

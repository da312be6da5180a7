import { Type, type Static } from 'typebox';
import { Id, Nullable } from './common.js';
import { PageInputFields, PageOf } from './paging.js';

/** Languages (sysLang): the request and row schemas of apps/server modules/sys-lang. */

/** A language tag as the product writes them: `en`, `zh-CN`, `sr-Latn`. */
const LangCode = Type.String({ minLength: 2, maxLength: 16, pattern: '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$' });

const LangFields = {
  code: LangCode,
  name: Type.String({ minLength: 1, maxLength: 64 }),
  nativeName: Type.String({ minLength: 1, maxLength: 64 }),
  active: Type.Optional(Type.Boolean()),
  orderNo: Type.Optional(Type.Integer({ minimum: 0, maximum: 999999 })),
  remark: Type.Optional(Nullable(Type.String({ maxLength: 256 }))),
};
export const AddLangBody = Type.Object(LangFields, { additionalProperties: false });
export const UpdateLangBody = Type.Object({ id: Id, ...LangFields }, { additionalProperties: false });
export type LangInput = Static<typeof AddLangBody>;
export type LangUpdate = Static<typeof UpdateLangBody>;

export const LangPageBody = Type.Object(
  {
    ...PageInputFields,
    /** Matches the code, the name or the native name. */
    keyword: Type.Optional(Type.String({ maxLength: 64 })),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type LangPageInput = Static<typeof LangPageBody>;
export const LangDetailQuery = Type.Object({ id: Id }, { additionalProperties: false });

export const LangOutput = Type.Object({
  id: Id,
  code: Type.String(),
  name: Type.String(),
  nativeName: Type.String(),
  active: Type.Boolean(),
  orderNo: Type.Integer(),
  remark: Nullable(Type.String()),
  createTime: Type.String(),
  updateTime: Nullable(Type.String()),
});
export type LangRow = Static<typeof LangOutput>;
export const LangPage = PageOf(LangOutput);

/** POST /api/sysLang/dropdownData (public): the active languages, in order, for language choices. */
export const LangOption = Type.Object({
  value: Type.String({ description: 'The language code' }),
  label: Type.String({ description: 'The language named in itself' }),
  name: Type.String(),
});
export type LangOptionRow = Static<typeof LangOption>;

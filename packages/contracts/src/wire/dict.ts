import { Type, type Static } from 'typebox';
import { Id, Nullable, StatusValue } from './common.js';
import { PageInputFields, PageOf } from './paging.js';

/**
 * Dictionaries (sysDictType, sysDictData) and constants (sysConst): the request and row schemas of
 * apps/server modules/sys-dict-type, sys-dict-data and sys-const, shared with the web app.
 */

/** Free text. PostgreSQL text cannot hold NUL characters, so they are refused with a 400. */
export const Text = (options: { minLength?: number; maxLength: number; description?: string }) =>
  Type.String({ ...options, pattern: '^[^\\u0000]*$' });

/** Dictionary codes are identifiers the web app keys on: `AccountTypeEnum`, `org_type`. */
export const DICT_CODE = { minLength: 1, maxLength: 64, pattern: '^[A-Za-z][A-Za-z0-9_.:-]*$' };
export const DictCode = Type.String(DICT_CODE);

const DictTypeFields = {
  name: Text({ minLength: 1, maxLength: 64 }),
  code: DictCode,
  orderNo: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  remark: Type.Optional(Text({ maxLength: 256 })),
  status: Type.Optional(StatusValue),
};

export const AddDictTypeBody = Type.Object(DictTypeFields, { additionalProperties: false });
export const UpdateDictTypeBody = Type.Object({ id: Id, ...DictTypeFields }, { additionalProperties: false });
export type DictTypeInput = Static<typeof AddDictTypeBody>;
export type DictTypeUpdate = Static<typeof UpdateDictTypeBody>;

export const PageDictTypeBody = Type.Object(
  {
    ...PageInputFields,
    name: Type.Optional(Text({ maxLength: 64, description: 'Contains, case-insensitive' })),
    code: Type.Optional(Text({ maxLength: 64, description: 'Contains, case-insensitive' })),
  },
  { additionalProperties: false },
);
export type DictTypePageInput = Static<typeof PageDictTypeBody>;

export const DictTypeOutput = Type.Object({
  id: Type.String(),
  name: Type.String(),
  code: Type.String(),
  orderNo: Type.Integer(),
  remark: Nullable(Type.String()),
  status: Type.Integer({ description: '1 enabled, 2 disabled' }),
  sysFlag: Type.String({ description: "'Y' built-in (cannot be deleted, code fixed), 'N' otherwise" }),
  createTime: Type.String(),
  updateTime: Nullable(Type.String()),
  createUserId: Nullable(Type.String()),
  createUserName: Nullable(Type.String()),
  updateUserId: Nullable(Type.String()),
  updateUserName: Nullable(Type.String()),
});
export type DictTypeRow = Static<typeof DictTypeOutput>;
export const DictTypePage = PageOf(DictTypeOutput);

/** One dictionary item as the dict widget uses it. */
export const DictItem = Type.Object({
  id: Type.String(),
  dictTypeId: Type.String(),
  typeCode: Type.String(),
  value: Type.String(),
  label: Type.String(),
  tagType: Nullable(Type.String()),
  styleSetting: Nullable(Type.String()),
  classSetting: Nullable(Type.String()),
  code: Nullable(Type.String()),
  name: Nullable(Type.String()),
  desc: Nullable(Type.String({ description: 'The remark' })),
  orderNo: Type.Integer(),
  status: Type.Integer(),
  extData: Nullable(Type.String()),
});

/** Tag colours of the dict widget; empty for none. */
export const DICT_TAG_TYPES = ['', 'success', 'warning', 'info', 'primary', 'danger'] as const;
export type DictTagType = (typeof DICT_TAG_TYPES)[number];
export const TagType = Type.Union(
  [
    Type.Literal(''),
    Type.Literal('success'),
    Type.Literal('warning'),
    Type.Literal('info'),
    Type.Literal('primary'),
    Type.Literal('danger'),
  ],
  { description: "success, warning, info, primary, danger, or '' for none" },
);

const DictDataFields = {
  dictTypeId: Id,
  label: Text({ minLength: 1, maxLength: 128 }),
  value: Text({ minLength: 1, maxLength: 128 }),
  code: Type.Optional(Text({ maxLength: 64 })),
  name: Type.Optional(Text({ maxLength: 128 })),
  tagType: Type.Optional(TagType),
  styleSetting: Type.Optional(Text({ maxLength: 512 })),
  classSetting: Type.Optional(Text({ maxLength: 512 })),
  extData: Type.Optional(Text({ maxLength: 10_000 })),
  orderNo: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  remark: Type.Optional(Text({ maxLength: 256 })),
  status: Type.Optional(StatusValue),
};

export const AddDictDataBody = Type.Object(DictDataFields, { additionalProperties: false });
export const UpdateDictDataBody = Type.Object({ id: Id, ...DictDataFields }, { additionalProperties: false });
export type DictDataInput = Static<typeof AddDictDataBody>;
export type DictDataUpdate = Static<typeof UpdateDictDataBody>;

export const PageDictDataBody = Type.Object(
  {
    ...PageInputFields,
    dictTypeId: Id,
    label: Type.Optional(Text({ maxLength: 128, description: 'Contains, case-insensitive' })),
    value: Type.Optional(Text({ maxLength: 128, description: 'Contains, case-insensitive' })),
    code: Type.Optional(Text({ maxLength: 64, description: 'Contains, case-insensitive' })),
    status: Type.Optional(StatusValue),
  },
  { additionalProperties: false },
);
export type DictDataPageInput = Static<typeof PageDictDataBody>;

/** An item as the management screen shows it: the widget fields plus the remark and audit. */
export const DictDataOutput = Type.Object({
  ...DictItem.properties,
  remark: Nullable(Type.String()),
  createTime: Type.String(),
  updateTime: Nullable(Type.String()),
  createUserId: Nullable(Type.String()),
  createUserName: Nullable(Type.String()),
  updateUserId: Nullable(Type.String()),
  updateUserName: Nullable(Type.String()),
});
export type DictDataRow = Static<typeof DictDataOutput>;
export const DictDataPage = PageOf(DictDataOutput);

/** sysConst: the product's constant types (enums on the wire) and their values. */
export const ConstItem = Type.Object({
  code: Type.String({ description: 'The key of the constant, e.g. Enable' }),
  name: Type.String({ description: 'Its name in the request language' }),
  value: Type.Union([Type.Integer(), Type.String()], { description: 'Its value on the wire' }),
});
export type ConstItemRow = Static<typeof ConstItem>;

export const ConstType = Type.Object({
  name: Type.String({ description: 'The type name in the request language' }),
  code: Type.String({ description: 'The type name, e.g. Status' }),
  data: Type.Array(ConstItem),
});
export type ConstTypeRow = Static<typeof ConstType>;

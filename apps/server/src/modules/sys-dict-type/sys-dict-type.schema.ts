import { Type } from 'typebox';
import { PageInputFields, PageOf } from '../../platform/http/paging.js';
import { Id, StatusValue } from '../../platform/http/schemas.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

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

export const PageDictTypeBody = Type.Object(
  {
    ...PageInputFields,
    name: Type.Optional(Text({ maxLength: 64, description: 'Contains, case-insensitive' })),
    code: Type.Optional(Text({ maxLength: 64, description: 'Contains, case-insensitive' })),
  },
  { additionalProperties: false },
);

export { NoQuery } from '../../platform/http/schemas.js';

export const DataListQuery = Type.Object(
  { Code: Type.String({ ...DICT_CODE, description: 'Dictionary type code' }) },
  { additionalProperties: false },
);

export const DetailQuery = Type.Object(
  { Id: Id, Status: Type.Optional(StatusValue) },
  { additionalProperties: false },
);

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

export const AllDictList = Type.Record(Type.String(), Type.Array(DictItem), {
  description: 'Enabled items of every enabled dictionary type, keyed by type code',
});
